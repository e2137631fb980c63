/**
 * Sponsorship effects of any operation, read from the sponsors of the entries it changed
 * (stellar-horizon `effects_processor.go`: `addLedgerEntrySponsorshipEffects`,
 * `addSignerSponsorshipEffects`). Offers and pools have none (Horizon makes no creation effect
 * for offers, and pools cannot be sponsored).
 */
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { assetFields } from '../assets.js';
import { type EntryChange, type EntryKind, latest } from '../changes.js';
import { data, entrySponsor } from '../entry.js';
import { accountId, claimableBalanceId, type MuxedParts } from '../format.js';
import { type EffectContext, plain } from './context.js';
import { poolIdHex } from './fields.js';
import { sortedKeys } from './signers.js';
import type { EffectType } from './types.js';

interface SponsorshipTypes {
  created: EffectType;
  updated: EffectType;
  removed: EffectType;
}

const SPONSORSHIP_TYPES: Partial<Record<EntryKind, SponsorshipTypes>> = {
  account: {
    created: 'account_sponsorship_created',
    updated: 'account_sponsorship_updated',
    removed: 'account_sponsorship_removed',
  },
  trustline: {
    created: 'trustline_sponsorship_created',
    updated: 'trustline_sponsorship_updated',
    removed: 'trustline_sponsorship_removed',
  },
  data: {
    created: 'data_sponsorship_created',
    updated: 'data_sponsorship_updated',
    removed: 'data_sponsorship_removed',
  },
  claimableBalance: {
    created: 'claimable_balance_sponsorship_created',
    updated: 'claimable_balance_sponsorship_updated',
    removed: 'claimable_balance_sponsorship_removed',
  },
};

/** The type and the sponsor fields of a sponsorship that began, moved or ended; undefined if none did. */
function sponsorshipChange(
  types: SponsorshipTypes,
  before: string | undefined,
  after: string | undefined,
): { type: EffectType; fields: Record<string, string> } | undefined {
  if (!before && after) return { type: types.created, fields: { sponsor: after } };
  if (before && !after) return { type: types.removed, fields: { former_sponsor: before } };
  if (before && after && before !== after)
    return { type: types.updated, fields: { former_sponsor: before, new_sponsor: after } };
  return undefined;
}

/** Horizon writes `liquidity_pool` here (not `liquidity_pool_shares` as on trust line effects). */
function trustLineFields(asset: xdr.TrustLineAsset): Record<string, string> {
  if (asset.type === 'assetTypePoolShare')
    return { asset_type: 'liquidity_pool', liquidity_pool_id: poolIdHex(asset.liquidityPoolId) };
  const { asset_type, asset_code, asset_issuer } = assetFields(asset);
  return { asset_type, asset: `${asset_code}:${asset_issuer}` };
}

/**
 * Whose effect it is and what names the entry. Accounts and trust lines are their owner's; data
 * entries and balances are the operation source's (as Horizon has it, even when the source is
 * not the data entry's account).
 */
function subject(
  ctx: EffectContext,
  entry: xdr.LedgerEntry,
): { who: MuxedParts; fields: Record<string, string> } {
  const entryData = entry.data;
  switch (entryData.type) {
    case 'account':
      return { who: plain(entryData.account.accountId), fields: {} };
    case 'trustline':
      return {
        who: plain(entryData.trustLine.accountId),
        fields: trustLineFields(entryData.trustLine.asset),
      };
    case 'data':
      return { who: ctx.source, fields: { data_name: entryData.data.dataName.toString() } };
    case 'claimableBalance':
      return {
        who: ctx.source,
        fields: { balance_id: claimableBalanceId(entryData.claimableBalance.balanceId) },
      };
    default:
      throw new Error(`a ${entryData.type} entry cannot be sponsored`);
  }
}

function entrySponsorshipEffects(ctx: EffectContext, change: EntryChange): void {
  const types = SPONSORSHIP_TYPES[change.kind];
  if (!types) return;
  const found = sponsorshipChange(types, entrySponsor(change.pre), entrySponsor(change.post));
  if (!found) return;
  const { who, fields } = subject(ctx, latest(change));
  ctx.effects.add(who, found.type, { ...fields, ...found.fields });
}

/** Signer → sponsor (stellar/go `AccountEntry.SponsorPerSigner`). */
function sponsorPerSigner(account: xdr.AccountEntry | undefined): Map<string, string> {
  const sponsors = new Map<string, string>();
  const v1 = account?.ext.type === 'v1' ? account.ext.v1 : undefined;
  const ids = v1?.ext.type === 'v2' ? v1.ext.v2.signerSponsoringIDs : [];
  account?.signers.forEach((signer, index) => {
    const sponsor = ids[index];
    if (sponsor) sponsors.set(SignerKey.encodeSignerKey(signer.key), accountId(sponsor));
  });
  return sponsors;
}

const SIGNER_TYPES: SponsorshipTypes = {
  created: 'signer_sponsorship_created',
  updated: 'signer_sponsorship_updated',
  removed: 'signer_sponsorship_removed',
};

function signerSponsorshipEffects(ctx: EffectContext, change: EntryChange): void {
  const pre = data(change.pre, 'account')?.account;
  const post = data(change.post, 'account')?.account;
  if (!pre && !post) return;
  const before = sponsorPerSigner(pre);
  const after = sponsorPerSigner(post);
  for (const signer of sortedKeys(new Map([...before, ...after]))) {
    const found = sponsorshipChange(SIGNER_TYPES, before.get(signer), after.get(signer));
    if (!found) continue;
    // A removed sponsorship is the account's before the change, the others after it.
    const owner = found.type === SIGNER_TYPES.removed ? pre : post;
    if (owner) ctx.effects.add(plain(owner.accountId), found.type, { signer, ...found.fields });
  }
}

/** For each changed entry (in key order): its own sponsorship, then its signers'. */
export function sponsorshipEffects(ctx: EffectContext): void {
  for (const change of ctx.changes) {
    entrySponsorshipEffects(ctx, change);
    signerSponsorshipEffects(ctx, change);
  }
}
