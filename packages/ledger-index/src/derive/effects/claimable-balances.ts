/**
 * Claimable balance effects (stellar-horizon `effects_processor.go`:
 * `addCreateClaimableBalanceEffects`, `addClaimableBalanceEntryCreatedEffects`,
 * `addClaimClaimableBalanceEffects`, `addClawbackClaimableBalanceEffects`).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../assets.js';
import { claimPredicateJson } from '../claim-predicate.js';
import { data } from '../entry.js';
import { amount, claimableBalanceId } from '../format.js';
import { type EffectContext, plain } from './context.js';
import { assetAmount } from './fields.js';

/** The balance's own fields: asset, id and amount. */
function balanceFields(balance: xdr.ClaimableBalanceEntry): Record<string, string> {
  return {
    asset: canonicalAsset(balance.asset),
    balance_id: claimableBalanceId(balance.balanceId),
    amount: amount(balance.amount),
  };
}

/**
 * `claimable_balance_created` for the source, then a `claimable_balance_claimant_created` for
 * each claimant. A `create_claimable_balance` passes its operation's claimants (stellar-core
 * turns relative predicates into absolute ones in the entry; Horizon keeps the operation's).
 */
export function balanceCreatedEffects(
  ctx: EffectContext,
  balance: xdr.ClaimableBalanceEntry,
  claimants: readonly xdr.Claimant[],
): void {
  const fields = balanceFields(balance);
  ctx.effects.add(ctx.source, 'claimable_balance_created', fields);
  for (const claimant of claimants) {
    const { destination, predicate } = claimant.v0;
    ctx.effects.add(plain(destination), 'claimable_balance_claimant_created', {
      ...fields,
      predicate: claimPredicateJson(predicate),
    });
  }
}

/** The first balance the operation created, or removed (in key order). */
function balanceChange(ctx: EffectContext, created: boolean): xdr.ClaimableBalanceEntry | undefined {
  for (const change of ctx.changes) {
    const entry = created ? change.post : change.post ? undefined : change.pre;
    const balance = data(entry, 'claimableBalance')?.claimableBalance;
    if (balance) return balance;
  }
  return undefined;
}

export function createClaimableBalanceEffects(ctx: EffectContext, op: xdr.CreateClaimableBalanceOp): void {
  const balance = balanceChange(ctx, true);
  if (!balance) throw new Error(`operation ${ctx.index + 1} of ${ctx.tx.hash} created no claimable balance`);
  balanceCreatedEffects(ctx, balance, op.claimants);
  ctx.effects.add(ctx.source, 'account_debited', assetAmount(balance.asset, balance.amount));
}

export function claimClaimableBalanceEffects(ctx: EffectContext, op: xdr.ClaimClaimableBalanceOp): void {
  const id = claimableBalanceId(op.balanceId);
  const balance = ctx.changes
    .map((change) => (change.post ? undefined : data(change.pre, 'claimableBalance')?.claimableBalance))
    .find((b) => b && claimableBalanceId(b.balanceId) === id);
  if (!balance) throw new Error(`operation ${ctx.index + 1} of ${ctx.tx.hash} removed no balance ${id}`);
  ctx.effects.add(ctx.source, 'claimable_balance_claimed', balanceFields(balance));
  ctx.effects.add(ctx.source, 'account_credited', assetAmount(balance.asset, balance.amount));
}

/** The issuer is credited even though the amount is burned. */
export function clawbackClaimableBalanceEffects(
  ctx: EffectContext,
  op: xdr.ClawbackClaimableBalanceOp,
): void {
  ctx.effects.add(ctx.source, 'claimable_balance_clawed_back', {
    balance_id: claimableBalanceId(op.balanceId),
  });
  const balance = balanceChange(ctx, false);
  if (balance) ctx.effects.add(ctx.source, 'account_credited', assetAmount(balance.asset, balance.amount));
}
