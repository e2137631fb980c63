/**
 * Trading through the order book and liquidity pools, after stellar-core OfferExchange:
 * offer liabilities (acquireLiabilities / releaseLiabilities), crossOfferV10, convertWithOffers
 * and convertWithOffersAndPools (the pool is used when it gives the better price).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { loadAccount, storeAccount } from '../entries/account.js';
import {
  LIQUIDITY_POOL_FEE_V18,
  liquidityPoolEntry,
  loadLiquidityPool,
  poolIdOf,
} from '../entries/liquidity-pool.js';
import { type OfferState, offersFor, storeOffer } from '../entries/offer.js';
import { DISABLE_LIQUIDITY_POOL_TRADING, headerFlagSet } from '../header.js';
import { compareBytes, offerKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { startsFrom } from '../protocol.js';
import { removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import {
  adjustOfferAmount,
  exchangeV10,
  min,
  offerLiabilities,
  poolExchange,
  type RoundingType,
} from './exchange.js';
import { addHoldingBalance, addHoldingLiabilities, canBuyAtMost, canSellAtMost } from './holdings.js';

/** stellar-core MAX_OFFERS_TO_CROSS. */
export const MAX_OFFERS_TO_CROSS = 1000n;

/** stellar-core acquireLiabilities / releaseLiabilities of an offer. */
export function changeOfferLiabilities(ltx: LedgerTxn, offer: OfferState, acquire: boolean): void {
  const { selling, buying } = offerLiabilities(offer.price, offer.amount);
  const sign = acquire ? 1n : -1n;
  if (!addHoldingLiabilities(ltx, offer.sellerId, offer.buying, 'buying', sign * buying)) {
    throw new Error('could not add buying liabilities');
  }
  if (!addHoldingLiabilities(ltx, offer.sellerId, offer.selling, 'selling', sign * selling)) {
    throw new Error('could not add selling liabilities');
  }
}

/** Removes an offer with its liabilities and reserve (stellar-core's offer deletion). */
export function eraseOffer(ltx: LedgerTxn, offer: OfferState, releaseFirst: boolean): void {
  if (releaseFirst) changeOfferLiabilities(ltx, offer, false);
  const seller = loadAccount(ltx, offer.sellerId);
  if (!seller) throw new Error('offer must have matching account');
  removeEntryWithPossibleSponsorship(ltx, { type: 'offer', mult: 1, ext: offer }, seller);
  storeAccount(ltx, seller);
  ltx.erase(offerKey(offer.sellerId, offer.offerId));
}

/** stellar-core adjustOffer on a stored offer. */
function adjustedAmount(ltx: LedgerTxn, offer: OfferState): bigint {
  const maxWheatSend = min(offer.amount, canSellAtMost(ltx, offer.sellerId, offer.selling));
  return adjustOfferAmount(offer.price, maxWheatSend, canBuyAtMost(ltx, offer.sellerId, offer.buying));
}

export interface Crossed {
  wheatReceived: bigint;
  sheepSent: bigint;
  wheatStays: boolean;
  taken: boolean;
}

/** stellar-core crossOfferV10: the taker sends sheep to the offer's seller and receives wheat. */
function crossOffer(
  ltx: LedgerTxn,
  offer: OfferState,
  maxWheatReceive: bigint,
  maxSheepSend: bigint,
  round: RoundingType,
  trail: xdr.ClaimAtom[],
): Crossed {
  const seller = offer.sellerId;
  changeOfferLiabilities(ltx, offer, false);
  offer.amount = adjustedAmount(ltx, offer);
  const canSell = canSellAtMost(ltx, seller, offer.selling);
  const maxWheatSend = min(offer.amount, canSell);
  const maxSheepReceive = canBuyAtMost(ltx, seller, offer.buying);
  const ex = exchangeV10(offer.price, maxWheatSend, maxWheatReceive, maxSheepSend, maxSheepReceive, round);
  if (ex.numSheepSend !== 0n && !addHoldingBalance(ltx, seller, offer.buying, ex.numSheepSend)) {
    throw new Error('overflowed sheep balance');
  }
  if (ex.numWheatReceived !== 0n && !addHoldingBalance(ltx, seller, offer.selling, -ex.numWheatReceived)) {
    throw new Error('overflowed wheat balance');
  }
  if (ex.wheatStays) {
    offer.amount -= ex.numWheatReceived;
    offer.amount = adjustedAmount(ltx, offer);
  } else {
    offer.amount = 0n;
  }
  const taken = offer.amount === 0n;
  if (taken) eraseOffer(ltx, offer, false);
  else {
    storeOffer(ltx, offer);
    changeOfferLiabilities(ltx, offer, true);
  }
  trail.push(
    xdr.ClaimAtom.claimAtomTypeOrderBook(
      new xdr.ClaimOfferAtom({
        sellerId: seller,
        offerId: offer.offerId,
        assetSold: offer.selling,
        amountSold: ex.numWheatReceived,
        assetBought: offer.buying,
        amountBought: ex.numSheepSend,
      }),
    ),
  );
  return { wheatReceived: ex.numWheatReceived, sheepSent: ex.numSheepSend, wheatStays: ex.wheatStays, taken };
}

export type ConvertResult =
  | 'ok'
  | 'partial'
  | 'filterStopBadPrice'
  | 'filterStopCrossSelf'
  | 'crossedTooMany';
/** What to do with the best offer: cross it, stop, or (CAP-77, a frozen seller) delete it and go on. */
export type OfferFilter = (offer: OfferState) => 'keep' | 'stopBadPrice' | 'stopCrossSelf' | 'skipFrozen';

export interface Conversion {
  result: ConvertResult;
  sheepSent: bigint;
  wheatReceived: bigint;
  trail: xdr.ClaimAtom[];
  /**
   * Offers crossed in the order book's trial that the pool's better price then discarded: from
   * protocol 27 they count against the operation's work limit (0 before).
   */
  discardedCrossings?: bigint;
}

/** stellar-core convertWithOffers: crosses the best offers selling wheat for sheep. */
function convertWithOffers(
  ltx: LedgerTxn,
  sheep: xdr.Asset,
  maxSheepSendIn: bigint,
  wheat: xdr.Asset,
  maxWheatReceiveIn: bigint,
  round: RoundingType,
  filter: OfferFilter,
  maxOffersToCross: bigint,
): Conversion {
  const trail: xdr.ClaimAtom[] = [];
  let maxSheepSend = maxSheepSendIn;
  let maxWheatReceive = maxWheatReceiveIn;
  let sheepSent = 0n;
  let wheatReceived = 0n;
  const done = (result: ConvertResult): Conversion => ({ result, sheepSent, wheatReceived, trail });
  let needMore = maxWheatReceive > 0n && maxSheepSend > 0n;
  if (needMore && maxOffersToCross === 0n) return done('crossedTooMany');
  while (needMore) {
    const inner = ltx.child();
    const offer = offersFor(inner, sheep, wheat)[0];
    if (!offer) break;
    const verdict = filter(offer);
    if (verdict === 'stopBadPrice') return done('filterStopBadPrice');
    if (verdict === 'stopCrossSelf') return done('filterStopCrossSelf');
    if (verdict === 'skipFrozen') {
      // stellar-core convertWithOffers eSkipFrozen: not a crossing, so not counted against the limit.
      eraseOffer(inner, offer, true);
      inner.commit();
      continue;
    }
    if (BigInt(trail.length) >= maxOffersToCross) return done('crossedTooMany');
    const crossed = crossOffer(inner, offer, maxWheatReceive, maxSheepSend, round, trail);
    inner.commit();
    needMore = !crossed.wheatStays;
    sheepSent += crossed.sheepSent;
    maxSheepSend -= crossed.sheepSent;
    wheatReceived += crossed.wheatReceived;
    maxWheatReceive -= crossed.wheatReceived;
    needMore = needMore && maxWheatReceive > 0n && maxSheepSend > 0n;
    if (!needMore) return done('ok');
    if (!crossed.taken) return done('partial');
  }
  return done(needMore ? 'partial' : 'ok');
}

/** stellar-core getPoolID: the constant-product pool of two assets at the protocol's fee. */
export function poolIdFor(x: xdr.Asset, y: xdr.Asset): Uint8Array {
  const [assetA, assetB] = compareBytes(x.toXdr(), y.toXdr()) < 0 ? [x, y] : [y, x];
  return poolIdOf(
    xdr.LiquidityPoolParameters.liquidityPoolConstantProduct(
      new xdr.LiquidityPoolConstantProductParameters({ assetA, assetB, fee: LIQUIDITY_POOL_FEE_V18 }),
    ),
  );
}

/** stellar-core exchangeWithPool on the ledger: trades with the pool of the pair, if it can. */
function exchangeWithPool(
  ltx: LedgerTxn,
  toPoolAsset: xdr.Asset,
  maxSendToPool: bigint,
  fromPoolAsset: xdr.Asset,
  maxReceiveFromPool: bigint,
  round: RoundingType,
  maxOffersToCross: bigint,
): { toPool: bigint; fromPool: bigint } | undefined {
  if (round === 'normal' || maxOffersToCross === 0n) return undefined;
  if (headerFlagSet(ltx.header, DISABLE_LIQUIDITY_POOL_TRADING)) return undefined;
  const pool = loadLiquidityPool(ltx, poolIdFor(toPoolAsset, fromPoolAsset));
  if (!pool || pool.reserveA <= 0n || pool.reserveB <= 0n) return undefined;
  const toIsA = pool.params.assetA.equals(toPoolAsset);
  const [reservesTo, reservesFrom] = toIsA ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA];
  const res = poolExchange(
    reservesTo,
    maxSendToPool,
    reservesFrom,
    maxReceiveFromPool,
    LIQUIDITY_POOL_FEE_V18,
    round,
  );
  if (!res) return undefined;
  if (toIsA) {
    pool.reserveA += res.toPool;
    pool.reserveB -= res.fromPool;
  } else {
    pool.reserveB += res.toPool;
    pool.reserveA -= res.fromPool;
  }
  ltx.put(liquidityPoolEntry(pool));
  return res;
}

/**
 * stellar-core convertWithOffersAndPools: the order book, unless the pool of the pair gives
 * more wheat per sheep (then one liquidity pool claim atom).
 */
export function convertWithOffersAndPools(
  ltx: LedgerTxn,
  sheep: xdr.Asset,
  maxSheepSend: bigint,
  wheat: xdr.Asset,
  maxWheatReceive: bigint,
  round: RoundingType,
  filter: OfferFilter,
  maxOffersToCross: bigint,
): Conversion {
  const probe = ltx.child(); // always dropped
  const pool = exchangeWithPool(probe, sheep, maxSheepSend, wheat, maxWheatReceive, round, maxOffersToCross);
  const book = ltx.child();
  const conversion = convertWithOffers(
    book,
    sheep,
    maxSheepSend,
    wheat,
    maxWheatReceive,
    round,
    filter,
    maxOffersToCross,
  );
  const bookIsBetter =
    !pool ||
    (conversion.result === 'ok' &&
      pool.toPool * conversion.wheatReceived > pool.fromPool * conversion.sheepSent);
  if (bookIsBetter) {
    book.commit();
    return conversion;
  }
  // Protocol 27 (convertWithOffersAndPools): the book's discarded crossings are work done; `>=`
  // leaves room for the pool's own atom.
  const discarded = BigInt(conversion.trail.length);
  const countsDiscarded = startsFrom(ltx.header.ledgerVersion, 27);
  if (countsDiscarded && discarded >= maxOffersToCross)
    return { result: 'crossedTooMany', sheepSent: 0n, wheatReceived: 0n, trail: [] };
  const traded = exchangeWithPool(ltx, sheep, maxSheepSend, wheat, maxWheatReceive, round, maxOffersToCross);
  if (!traded) throw new Error('the pool no longer trades');
  const atom = xdr.ClaimAtom.claimAtomTypeLiquidityPool(
    new xdr.ClaimLiquidityAtom({
      liquidityPoolId: new xdr.PoolId(poolIdFor(sheep, wheat)),
      assetSold: wheat,
      amountSold: traded.fromPool,
      assetBought: sheep,
      amountBought: traded.toPool,
    }),
  );
  return {
    result: 'ok',
    sheepSent: traded.toPool,
    wheatReceived: traded.fromPool,
    trail: [atom],
    discardedCrossings: countsDiscarded ? discarded : 0n,
  };
}
