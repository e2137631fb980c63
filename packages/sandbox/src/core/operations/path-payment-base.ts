/**
 * What the two path payments share, after stellar-core PathPaymentOpFrameBase: converting one
 * hop of the path through the order book or a pool (convert), the issuer bypass, and the
 * result codes of the balance moves.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative, sameAsset } from '../assets.js';
import { convertWithOffersAndPools } from '../dex/convert.js';
import type { RoundingType } from '../dex/exchange.js';
import type { FrozenKeys } from '../frozen-keys.js';
import { sameAccount } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import type { MoveFailure } from './balance-moves.js';

export type PathFailure = 'TooFewOffers' | 'OfferCrossSelf' | 'ExceededWorkLimit';

export interface Hop {
  sent: bigint;
  received: bigint;
  trail: xdr.ClaimAtom[];
}

/** stellar-core PathPaymentOpFrameBase::convert; `budget` is the offers left to cross. */
export function convertHop(
  ltx: LedgerTxn,
  sourceId: xdr.PublicKey,
  sheep: xdr.Asset,
  maxSend: bigint,
  wheat: xdr.Asset,
  maxReceive: bigint,
  round: RoundingType,
  budget: { offers: bigint },
  frozen: FrozenKeys | undefined,
): Hop | PathFailure {
  const conversion = convertWithOffersAndPools(
    ltx,
    sheep,
    maxSend,
    wheat,
    maxReceive,
    round,
    (offer) => {
      if (sameAccount(offer.sellerId, sourceId)) return 'stopCrossSelf';
      return frozen?.offer(offer) ? 'skipFrozen' : 'keep';
    },
    budget.offers,
  );
  budget.offers -= BigInt(conversion.trail.length) + (conversion.discardedCrossings ?? 0n);
  switch (conversion.result) {
    case 'filterStopCrossSelf':
      return 'OfferCrossSelf';
    case 'crossedTooMany':
      return 'ExceededWorkLimit';
    case 'ok': {
      const complete =
        round === 'pathPaymentStrictReceive'
          ? conversion.wheatReceived === maxReceive
          : conversion.sheepSent === maxSend;
      if (complete)
        return { sent: conversion.sheepSent, received: conversion.wheatReceived, trail: conversion.trail };
      return 'TooFewOffers';
    }
    default:
      return 'TooFewOffers';
  }
}

/** stellar-core shouldBypassIssuerCheck: a same-asset payment with no path to the asset's issuer. */
export function bypassesIssuerCheck(
  sendAsset: xdr.Asset,
  destAsset: xdr.Asset,
  path: readonly xdr.Asset[],
  destId: xdr.PublicKey,
): boolean {
  return (
    !isNative(destAsset) &&
    path.length === 0 &&
    sameAsset(sendAsset, destAsset) &&
    isIssuer(destId, destAsset)
  );
}

/** stellar-core doCheckValid of both path payments. */
export function pathAssetsValid(
  sendAsset: xdr.Asset,
  destAsset: xdr.Asset,
  path: readonly xdr.Asset[],
): boolean {
  return isAssetValid(sendAsset) && isAssetValid(destAsset) && path.every(isAssetValid);
}

/** The path payment code suffix for a failed balance move. */
export const MOVE_CODES: Record<MoveFailure, string> = {
  malformed: 'Malformed',
  underfunded: 'Underfunded',
  srcNoTrust: 'SrcNoTrust',
  srcNotAuthorized: 'SrcNotAuthorized',
  noTrust: 'NoTrust',
  notAuthorized: 'NotAuthorized',
  lineFull: 'LineFull',
};
