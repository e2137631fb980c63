/** Claimable balance operations (stellar-horizon `OperationDetails`). */
import type { xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../../assets.js';
import { claimPredicateJson } from '../../claim-predicate.js';
import { accountId, amount } from '../../format.js';
import { type DetailTable, detail, muxedFields } from '../context.js';

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
