/** Claimable balance operations (stellar-horizon `OperationDetails`). */
import type { components } from '@starspec/ledger-api';
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../../assets.js';
import { accountId, amount, predicateTime } from '../../format.js';
import { type DetailTable, detail, muxedFields } from '../context.js';

type ClaimPredicate = components['schemas']['ClaimPredicate'];

/** A claim predicate as JSON (stellar/go `xdr/json.go`, `ClaimPredicate.MarshalJSON`). */
export function claimPredicateJson(predicate: xdr.ClaimPredicate): ClaimPredicate {
  switch (predicate.type) {
    case 'claimPredicateUnconditional':
      return { unconditional: true };
    case 'claimPredicateAnd':
      return { and: predicate.andPredicates.map(claimPredicateJson) };
    case 'claimPredicateOr':
      return { or: predicate.orPredicates.map(claimPredicateJson) };
    case 'claimPredicateNot':
      if (!predicate.notPredicate) throw new TypeError('a not predicate without its predicate');
      return { not: claimPredicateJson(predicate.notPredicate) };
    case 'claimPredicateBeforeAbsoluteTime': {
      const epoch = BigInt(predicate.absBefore);
      return { abs_before: predicateTime(epoch), abs_before_epoch: epoch.toString() };
    }
    case 'claimPredicateBeforeRelativeTime':
      return { rel_before: BigInt(predicate.relBefore).toString() };
  }
}

/** A claimable balance id as Horizon writes it: its ClaimableBalanceID XDR in hex. */
export function balanceId(id: xdr.ClaimableBalanceId): string {
  return id.toXdr('hex');
}

export const CLAIMABLE_BALANCE_DETAILS: DetailTable = {
  createClaimableBalance: (_ctx, op) => {
    const claimants = op.claimants.map(({ v0 }) => ({
      destination: accountId(v0.destination),
      predicate: claimPredicateJson(v0.predicate),
    }));
    return detail(
      'create_claimable_balance',
      { asset: canonicalAsset(op.asset), amount: amount(op.amount), claimants },
      { accounts: claimants.map((c) => c.destination) },
    );
  },

  claimClaimableBalance: (ctx, op) =>
    detail('claim_claimable_balance', {
      balance_id: balanceId(op.balanceId),
      ...muxedFields('claimant', ctx.source),
    }),

  clawbackClaimableBalance: (_ctx, op) =>
    detail('clawback_claimable_balance', { balance_id: balanceId(op.balanceId) }),
};
