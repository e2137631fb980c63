/** Claimable balance operations (stellar-horizon `OperationDetails`). */
import { canonicalAsset } from '../../assets.js';
import { claimPredicateJson } from '../../claim-predicate.js';
import { accountId, amount, claimableBalanceId } from '../../format.js';
import { type DetailTable, detail, muxedFields } from '../context.js';

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
      balance_id: claimableBalanceId(op.balanceId),
      ...muxedFields('claimant', ctx.source),
    }),

  clawbackClaimableBalance: (_ctx, op) =>
    detail('clawback_claimable_balance', { balance_id: claimableBalanceId(op.balanceId) }),
};
