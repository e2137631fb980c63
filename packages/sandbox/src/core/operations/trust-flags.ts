/**
 * What set_trust_line_flags and allow_trust share (stellar-core TrustFlagsOpFrameBase::doApply):
 * the issuer changes the authorization flags of a trustor's line and emits `set_authorized`.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { toTrustLineAsset } from '../assets.js';
import { eraseOffer } from '../dex/convert.js';
import { offersOfAccount } from '../entries/offer.js';
import {
  AUTHORIZED_FLAG,
  AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG,
  isAuthorizedToMaintainLiabilities,
  loadTrustLine,
  MASK_TRUSTLINE_FLAGS_V17,
  storeTrustLine,
  type TrustLineState,
} from '../entries/trustline.js';
import { sameAccount } from '../keys.js';
import type { OpApplyContext } from './operation.js';
import { redeemPoolShares } from './revoke-pool-shares.js';

export const TRUSTLINE_AUTH_FLAGS = AUTHORIZED_FLAG | AUTHORIZED_TO_MAINTAIN_LIABILITIES_FLAG;

/** stellar-core trustLineFlagAuthIsValid: at most one of the two authorization flags. */
export function trustLineFlagAuthIsValid(flags: number): boolean {
  return (flags & TRUSTLINE_AUTH_FLAGS) !== TRUSTLINE_AUTH_FLAGS;
}

/** stellar-core trustLineFlagMaskCheckIsValid (protocol 17 mask). */
export function trustLineFlagMaskIsValid(flags: number): boolean {
  return (flags & ~MASK_TRUSTLINE_FLAGS_V17) === 0;
}

export function trustLineFlagIsValid(flags: number): boolean {
  return trustLineFlagMaskIsValid(flags) && trustLineFlagAuthIsValid(flags);
}

export type TrustFlagsFailure =
  | 'noTrustLine'
  | 'invalidState'
  | 'cantRevoke'
  | 'lowReserve'
  | 'tooManySponsoring';

export interface TrustFlagsRule {
  trustor: xdr.PublicKey;
  asset: xdr.Asset;
  /** The new flags, or a failure (stellar-core calcExpectedFlagValue). */
  expectedFlags(line: TrustLineState): number | 'invalidState';
  /** stellar-core isRevocationToMaintainLiabilitiesValid. */
  revocationToMaintainValid(line: TrustLineState, flags: number): boolean;
}

/**
 * The shared part of stellar-core TrustFlagsOpFrameBase::doApply, after the operation's own
 * revocation check. Revoking authorization removes the trustor's offers in the asset and
 * redeems its pool shares in pools of the asset into claimable balances
 * (stellar-core removeOffersAndPoolShareTrustLines).
 */
export function applyTrustFlags(rule: TrustFlagsRule, ctx: OpApplyContext): TrustFlagsFailure | undefined {
  if (sameAccount(rule.trustor, ctx.sourceId)) return undefined;
  const line = loadTrustLine(ctx.ltx, rule.trustor, toTrustLineAsset(rule.asset));
  if (!line) return 'noTrustLine';
  const flags = rule.expectedFlags(line);
  if (flags === 'invalidState') return 'invalidState';
  if (!rule.revocationToMaintainValid(line, flags)) return 'cantRevoke';
  const removesOffers = isAuthorizedToMaintainLiabilities(line) && (flags & TRUSTLINE_AUTH_FLAGS) === 0;
  if (removesOffers) {
    // stellar-core removeOffersByAccountAndAsset
    for (const offer of offersOfAccount(ctx.ltx, rule.trustor, rule.asset)) eraseOffer(ctx.ltx, offer, true);
    const revoking = { txSourceId: ctx.tx.sourceId, seqNum: ctx.tx.seqNum, opIndex: ctx.index };
    const redeemed = redeemPoolShares(ctx.ltx, rule.trustor, rule.asset, revoking, ctx.events);
    if (redeemed !== 'success') return redeemed;
  }
  ctx.events.setAuthorized(rule.asset, rule.trustor, (flags & AUTHORIZED_FLAG) !== 0);
  const updated = loadTrustLine(ctx.ltx, rule.trustor, toTrustLineAsset(rule.asset)) ?? line;
  updated.flags = flags;
  storeTrustLine(ctx.ltx, updated);
  return undefined;
}
