/**
 * The Soroban parts of a ledger close (stellar-core LedgerManagerImpl, protocol 23): each Soroban
 * transaction's host context (its PRNG sub-seed of the transaction set's hash by its index in
 * the ledger, its refundable fee: the declared resource fee less the non-refundable fee), the
 * refund of what it did not spend once every transaction applied (processPostTxSetApply: the
 * fee source credited, the fee pool debited, a negative `fee` event after all transactions, the
 * result's fee charged lowered), and the fee breakdown its meta carries.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { addAccountBalance } from '../core/balances.js';
import { loadAccount, storeAccount } from '../core/entries/account.js';
import { feeEvent } from '../core/events.js';
import type { LedgerTxn } from '../core/ledger-txn.js';
import { startsFrom } from '../core/protocol.js';
import type { TxFrame } from '../core/tx/frame.js';
import type { AnyTxResult } from '../core/tx/result.js';
import { type SorobanOpContext, subSeed } from '../soroban/context.js';
import type { SorobanHost } from '../soroban/host.js';
import { RefundableFee } from '../soroban/refundable-fee.js';
import { sorobanResourceFee } from '../soroban/resources.js';
import type { NetworkSettings } from '../soroban/settings.js';

export interface SorobanLedgerEnv {
  host: SorobanHost;
  settings: NetworkSettings;
  networkId: Uint8Array;
  diagnostics: boolean;
  modules: SorobanOpContext['modules'];
}

/** A Soroban transaction's context, or undefined for a classic one. */
export function sorobanTxContext(
  frame: TxFrame,
  env: SorobanLedgerEnv,
  txSetHash: Uint8Array,
  index: number,
): { context: SorobanOpContext; nonRefundableFee: bigint } | undefined {
  const tx = frame.kind === 'feeBump' ? frame.inner : frame;
  const data = tx.sorobanData;
  if (!tx.isSoroban || !data) return undefined;
  const nonRefundableFee = sorobanResourceFee(tx, data, env.settings).nonRefundable;
  const context: SorobanOpContext = {
    host: env.host,
    settings: env.settings,
    networkId: env.networkId,
    prngSeed: subSeed(txSetHash, index),
    diagnostics: env.diagnostics,
    fee: new RefundableFee(data.resourceFee - nonRefundableFee),
    modules: env.modules,
    diagnosticEvents: [],
  };
  return { context, nonRefundableFee };
}

export interface Refund {
  changes: xdr.LedgerEntryChange[];
  event: xdr.TransactionEvent | undefined;
}

/** refundSorobanFee and processRefund: nothing when the fee source is gone or cannot take it. */
export function refundSorobanFee(
  frame: TxFrame,
  ledger: LedgerTxn,
  fee: RefundableFee,
  result: AnyTxResult,
  networkId: Uint8Array,
): Refund {
  const ltx = ledger.child();
  let refunded = 0n;
  const account = fee.refund > 0n ? loadAccount(ltx, frame.feeSourceId) : undefined;
  if (account && addAccountBalance(ltx.header, account, fee.refund)) {
    refunded = fee.refund;
    storeAccount(ltx, account);
    ltx.header.feePool -= refunded;
    result.feeCharged -= refunded;
    // Before protocol 25 the refund was taken off the inner result's fee too (finalizeFeeRefund).
    if ('inner' in result && !startsFrom(ltx.header.ledgerVersion, 25)) result.inner.feeCharged -= refunded;
  }
  const changes = ltx.changes();
  ltx.commit();
  const stage = xdr.TransactionEventStage.transactionEventStageAfterAllTxs;
  return { changes, event: feeEvent(networkId, frame.feeSourceId, -refunded, stage) };
}

/** SorobanTransactionMetaV2: the fee breakdown (ext v1) and, on success, the return value. */
export function sorobanMeta(
  context: SorobanOpContext,
  nonRefundableFee: bigint,
  success: boolean,
): xdr.SorobanTransactionMetaV2 {
  return new xdr.SorobanTransactionMetaV2({
    ext: xdr.SorobanTransactionMetaExt.v1(
      new xdr.SorobanTransactionMetaExtV1({
        ext: xdr.ExtensionPoint.v0(),
        totalNonRefundableResourceFeeCharged: nonRefundableFee,
        totalRefundableResourceFeeCharged: context.fee.consumed,
        rentFeeCharged: context.fee.rentConsumed,
      }),
    ),
    returnValue: success ? (context.returnValue ?? null) : null,
  });
}
