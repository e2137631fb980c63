/**
 * getFeeStats from the fees the retained ledgers actually charged, as stellar-rpc's fee windows
 * (`feewindow/feewindow.go` IngestFees) compute them: per ledger, each classic transaction's fee
 * charged divided by its operations, over the last 10 ledgers; each Soroban transaction's
 * inclusion fee (fee charged less the resource fee charged, from its meta), over the last 50.
 */
import type { GetFeeStatsResult } from '@starspec/ledger-rpc';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { LedgerRecord, TxRecord } from '../network/records.js';
import { ledgerRange, type RpcContext } from './common.js';

/** stellar-rpc `classic-fee-stats-retention-window` and `soroban-fee-stats-retention-window`. */
export const CLASSIC_FEE_WINDOW = 10;
export const SOROBAN_FEE_WINDOW = 50;

type FeeDistribution = GetFeeStatsResult['inclusionFee'];

const PERCENTILES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99] as const;

/** feewindow.computeFeeDistribution, its mode included (the last of the most repeated values). */
export function feeDistribution(fees: bigint[], ledgerCount: number): FeeDistribution {
  if (fees.length === 0) {
    const zero = { max: '0', min: '0', mode: '0', transactionCount: '0', ledgerCount: 0 };
    return { ...zero, ...Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, '0'])) } as FeeDistribution;
  }
  const sorted = [...fees].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let mode = sorted[0] as bigint;
  let last = mode;
  let most = 0;
  let run = 0;
  for (const fee of sorted.slice(1)) {
    if (fee === last) {
      run++;
      continue;
    }
    if (run > most) {
      most = run;
      mode = last;
    }
    last = fee;
    run = 0;
  }
  if (run > most) mode = sorted.at(-1) as bigint;
  const count = BigInt(sorted.length);
  const percentile = (p: number) => String(sorted[Number((BigInt(p) * count + 99n) / 100n) - 1]);
  return {
    max: String(sorted.at(-1)),
    min: String(sorted[0]),
    mode: String(mode),
    ...Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, percentile(p)])),
    transactionCount: String(sorted.length),
    ledgerCount,
  } as FeeDistribution;
}

const SOROBAN_OPERATIONS = new Set(['invokeHostFunction', 'extendFootprintTtl', 'restoreFootprint']);

/** The operations of a transaction (the inner transaction's for a fee bump). */
function operationsOf(envelope: xdr.TransactionEnvelope): xdr.Operation[] {
  switch (envelope.type) {
    case 'envelopeTypeTxFeeBump':
      return envelope.feeBump.tx.innerTx.v1.tx.operations;
    case 'envelopeTypeTxV0':
      return envelope.v0.tx.operations;
    default:
      return envelope.v1.tx.operations;
  }
}

/**
 * What a transaction adds to the fee windows: a Soroban transaction (one Soroban operation) its
 * inclusion fee, or nothing when its meta has no fee breakdown; any other its fee per operation.
 */
function feeOf(tx: TxRecord): { soroban: bigint } | { classic: bigint } | undefined {
  const operations = operationsOf(tx.envelope);
  if (operations.length === 0) return undefined;
  const only = operations.length === 1 ? operations[0] : undefined;
  if (only && SOROBAN_OPERATIONS.has(only.body.type)) {
    const meta =
      tx.meta.type === 'v4' ? tx.meta.v4.sorobanMeta : tx.meta.type === 'v3' ? tx.meta.v3.sorobanMeta : null;
    if (meta?.ext.type !== 'v1') return undefined;
    const { totalNonRefundableResourceFeeCharged, totalRefundableResourceFeeCharged } = meta.ext.v1;
    return {
      soroban:
        tx.result.feeCharged -
        BigInt(totalNonRefundableResourceFeeCharged) -
        BigInt(totalRefundableResourceFeeCharged),
    };
  }
  return { classic: tx.result.feeCharged / BigInt(operations.length) };
}

/** The classic inclusion fees of some ledgers: fee charged per operation, rounded down. */
export function classicFees(ledgers: readonly LedgerRecord[]): bigint[] {
  return ledgers.flatMap((ledger) =>
    ledger.transactions.flatMap((tx) => {
      const fee = feeOf(tx);
      return fee && 'classic' in fee ? [fee.classic] : [];
    }),
  );
}

/** The Soroban inclusion fees of some ledgers. */
export function sorobanFees(ledgers: readonly LedgerRecord[]): bigint[] {
  return ledgers.flatMap((ledger) =>
    ledger.transactions.flatMap((tx) => {
      const fee = feeOf(tx);
      return fee && 'soroban' in fee ? [fee.soroban] : [];
    }),
  );
}

export function getFeeStats(context: RpcContext): GetFeeStatsResult {
  const { latest } = ledgerRange(context);
  const window = (size: number) => context.network.closed.range(latest.sequence - size + 1, latest.sequence);
  const classic = window(CLASSIC_FEE_WINDOW);
  const soroban = window(SOROBAN_FEE_WINDOW);
  return {
    sorobanInclusionFee: feeDistribution(sorobanFees(soroban), soroban.length),
    inclusionFee: feeDistribution(classicFees(classic), classic.length),
    latestLedger: latest.sequence,
  };
}
