/**
 * Effect records (`GET /effects`, `/operations/{id}/effects`, …) of a closed ledger, as
 * stellar-horizon's `EffectProcessor` (`internal/ingest/processors/effects_processor.go`)
 * derives them: only the operations of successful transactions have effects (there are no fee
 * effects); each operation's own effects come first, then the sponsorships of the entries it
 * changed, then the pools it created or removed.
 */
import { encodeToid } from '@starspec/ledger-api';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import { operationChanges } from '../../meta/entry-changes.js';
import { muxedParts, timestamp } from '../format.js';
import type { EffectRow } from '../records.js';
import {
  accountMergeEffects,
  bumpSequenceEffects,
  createAccountEffects,
  inflationEffects,
  setOptionsEffects,
} from './accounts.js';
import { entryChanges } from './changes.js';
import {
  claimClaimableBalanceEffects,
  clawbackClaimableBalanceEffects,
  createClaimableBalanceEffects,
} from './claimable-balances.js';
import { type EffectContext, EffectList } from './context.js';
import { manageDataEffects } from './data.js';
import { assetAmount } from './fields.js';
import { poolDepositEffects, poolLifecycleEffects, poolWithdrawEffects } from './pools.js';
import { invokeHostFunctionEffects } from './soroban.js';
import { sponsorshipEffects } from './sponsorship.js';
import {
  createPassiveSellOfferEffects,
  manageBuyOfferEffects,
  manageSellOfferEffects,
  pathPaymentStrictReceiveEffects,
  pathPaymentStrictSendEffects,
} from './trades.js';
import {
  allowTrustEffects,
  changeTrustEffects,
  clawbackEffects,
  setTrustLineFlagsEffects,
} from './trustlines.js';

type OperationType = xdr.Operation['body']['type'];
type BodyOf<N extends OperationType> = Extract<xdr.Operation['body'], { type: N }>['value'];
type EffectsOf = { [N in OperationType]: (ctx: EffectContext, op: BodyOf<N>) => void };

function none(): void {}

/** Each operation type's own effects. */
const EFFECTS: EffectsOf = {
  createAccount: createAccountEffects,
  payment: (ctx, op) => {
    const moved = assetAmount(op.asset, op.amount);
    ctx.effects.add(muxedParts(op.destination), 'account_credited', moved);
    ctx.effects.add(ctx.source, 'account_debited', moved);
  },
  pathPaymentStrictReceive: pathPaymentStrictReceiveEffects,
  manageSellOffer: manageSellOfferEffects,
  createPassiveSellOffer: createPassiveSellOfferEffects,
  setOptions: setOptionsEffects,
  changeTrust: changeTrustEffects,
  allowTrust: allowTrustEffects,
  accountMerge: accountMergeEffects,
  inflation: inflationEffects,
  manageData: manageDataEffects,
  bumpSequence: bumpSequenceEffects,
  manageBuyOffer: manageBuyOfferEffects,
  pathPaymentStrictSend: pathPaymentStrictSendEffects,
  createClaimableBalance: createClaimableBalanceEffects,
  claimClaimableBalance: claimClaimableBalanceEffects,
  // Sponsorship operations show only through the sponsorship effects of the entries they touch.
  beginSponsoringFutureReserves: none,
  endSponsoringFutureReserves: none,
  revokeSponsorship: none,
  clawback: clawbackEffects,
  clawbackClaimableBalance: clawbackClaimableBalanceEffects,
  setTrustLineFlags: setTrustLineFlagsEffects,
  liquidityPoolDeposit: poolDepositEffects,
  liquidityPoolWithdraw: poolWithdrawEffects,
  invokeHostFunction: invokeHostFunctionEffects,
  // Horizon shows no effects of these.
  extendFootprintTtl: none,
  restoreFootprint: none,
};

function operationResults(tx: ClosedTransaction): xdr.OperationResult[] {
  const result = tx.result.result;
  if (result.type === 'txSuccess') return result.results;
  if (result.type === 'txFeeBumpInnerSuccess') {
    const inner = result.innerResultPair.result.result;
    if (inner.type === 'txSuccess') return inner.results;
  }
  throw new Error(`transaction ${tx.hash} is not successful`);
}

/** The effects of one transaction's operations (none for a failed transaction). */
export function transactionEffects(ledger: ClosedLedger, tx: ClosedTransaction): EffectRow[] {
  if (!tx.successful) return [];
  const results = operationResults(tx);
  const createdAt = timestamp(ledger.closeTime);
  return tx.operations.flatMap((op, index) => {
    const result = results[index];
    if (result?.type !== 'opInner') throw new Error(`operation ${index + 1} of ${tx.hash} has no result`);
    const operationId = BigInt(
      encodeToid({ ledger: ledger.sequence, transaction: tx.order, operation: index + 1 }),
    );
    const sourceAccount = op.sourceAccount ?? tx.source;
    const ctx: EffectContext = {
      ledger,
      tx,
      index,
      op,
      sourceAccount,
      source: muxedParts(sourceAccount),
      result: result.tr,
      changes: entryChanges(operationChanges(tx, index)),
      effects: new EffectList(operationId, ledger.sequence, createdAt),
    };
    const effects = EFFECTS[op.body.type] as (ctx: EffectContext, op: unknown) => void;
    effects(ctx, op.body.value);
    sponsorshipEffects(ctx);
    poolLifecycleEffects(ctx);
    return ctx.effects.rows;
  });
}

export function effectRows(ledger: ClosedLedger): EffectRow[] {
  return ledger.transactions.flatMap((tx) => transactionEffects(ledger, tx));
}
