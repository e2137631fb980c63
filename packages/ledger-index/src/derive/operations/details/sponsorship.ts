/** Sponsorship operations (stellar-horizon `OperationDetails`, `addLedgerKeyDetails`, `Participants`). */
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { canonicalAsset } from '../../assets.js';
import { accountId, claimableBalanceId, muxedParts } from '../../format.js';
import { type DetailTable, detail, type FieldsOf, muxedFields, type OperationContext } from '../context.js';

/**
 * The begin_sponsoring_future_reserves an end_sponsoring_future_reserves closes: the nearest one
 * before it for its source (stellar-horizon `findInitatingBeginSponsoringOp`). Not looked for in
 * a failed transaction, whose operations need not pair up.
 */
function beginningSponsor(ctx: OperationContext): xdr.MuxedAccount | undefined {
  if (!ctx.tx.successful) return undefined;
  const sponsored = ctx.source.account;
  for (let i = ctx.index - 1; i >= 0; i--) {
    const op = ctx.tx.operations[i];
    if (
      op?.body.type === 'beginSponsoringFutureReserves' &&
      accountId(op.body.beginSponsoringFutureReservesOp.sponsoredId) === sponsored
    )
      return op.sourceAccount ?? ctx.tx.source;
  }
  return undefined;
}

type RevokeFields = FieldsOf<'revoke_sponsorship'>;

/** The entry a revoke_sponsorship names, and the account it belongs to (none for balances and pools). */
function ledgerKeyFields(key: xdr.LedgerKey): { fields: RevokeFields; owner?: string } {
  switch (key.type) {
    case 'account': {
      const owner = accountId(key.account.accountId);
      return { fields: { account_id: owner }, owner };
    }
    case 'claimableBalance':
      return { fields: { claimable_balance_id: claimableBalanceId(key.claimableBalance.balanceId) } };
    case 'data': {
      const owner = accountId(key.data.accountId);
      return { fields: { data_account_id: owner, data_name: key.data.dataName.toString() }, owner };
    }
    case 'offer':
      return { fields: { offer_id: key.offer.offerId.toString() }, owner: accountId(key.offer.sellerId) };
    case 'trustline': {
      const owner = accountId(key.trustLine.accountId);
      const asset = key.trustLine.asset;
      const line =
        asset.type === 'assetTypePoolShare'
          ? { trustline_liquidity_pool_id: asset.liquidityPoolId.toString() }
          : { trustline_asset: canonicalAsset(asset) };
      return { fields: { trustline_account_id: owner, ...line }, owner };
    }
    // A pool's key gives Horizon a `liquidity_pool_id` detail its record type has no field for.
    default:
      return { fields: {} };
  }
}

export const SPONSORSHIP_DETAILS: DetailTable = {
  beginSponsoringFutureReserves: (_ctx, op) => {
    const sponsored = accountId(op.sponsoredId);
    return detail('begin_sponsoring_future_reserves', { sponsored_id: sponsored }, { accounts: [sponsored] });
  },

  endSponsoringFutureReserves: (ctx) => {
    const begin = beginningSponsor(ctx);
    if (!begin) return detail('end_sponsoring_future_reserves', {});
    const sponsor = muxedParts(begin);
    return detail('end_sponsoring_future_reserves', muxedFields('begin_sponsor', sponsor), {
      accounts: [sponsor.account],
    });
  },

  revokeSponsorship: (_ctx, op) => {
    if (op.type === 'revokeSponsorshipSigner') {
      // The signer itself is not a participant: any account can be named a signer.
      const owner = accountId(op.signer.accountId);
      return detail(
        'revoke_sponsorship',
        { signer_account_id: owner, signer_key: SignerKey.encodeSignerKey(op.signer.signerKey) },
        { accounts: [owner] },
      );
    }
    const { fields, owner } = ledgerKeyFields(op.ledgerKey);
    return detail('revoke_sponsorship', fields, { accounts: owner ? [owner] : [] });
  },
};
