/**
 * Horizon's path search (stellar/go `exp/orderbook/search.go` search, processVenues and the
 * selling and buying search states): a bounded Bellman-Ford over assets, each round extending
 * the best way found so far to every asset by one conversion, through the offers and the pool
 * between two assets, whichever does better. Assets are canonical (`native`, `CODE:ISSUER`);
 * amounts are stroops.
 */
import {
  crossOffer,
  mulFractionRoundDown,
  type PoolSide,
  poolExpectation,
  poolPayout,
} from './path-exchange.js';

export interface PathOffer {
  seller: string;
  /** What the offer sells, in stroops. */
  amount: bigint;
  /** Price: the buying asset per unit of the selling asset, n/d. */
  n: bigint;
  d: bigint;
}

export interface PathPool {
  /** Reserve of each of the pool's two assets. */
  reserves: ReadonlyMap<string, bigint>;
  feeBips: bigint;
}

/** The venues between an asset and `next`: offers cheapest first, and the pair's pool if any. */
export interface Venues {
  next: string;
  offers: readonly PathOffer[];
  pool?: PathPool;
}

/** A way found: the assets from the search's start to its end, and the amount at the end. */
export interface Found {
  assets: string[];
  amount: bigint;
}

/** What tells the two searches apart (Horizon's searchState). */
export interface SearchSide {
  /** The venues leading on from an asset (read once per asset and request). */
  venues(asset: string): Promise<readonly Venues[]>;
  /** What `amount` of `from` becomes at `venues.next`; 0 or less when it cannot. */
  convert(venues: Venues, from: string, amount: bigint): bigint;
  /** Whether `candidate` beats `held` (0 when the asset has no amount yet). */
  better(held: bigint, candidate: bigint): boolean;
  /** An asset a path may end at. */
  terminal(asset: string): boolean;
  /** Whether a path ending at `asset` with `amount` is an answer. */
  include(asset: string, amount: bigint): boolean;
}

/** search(): at most `maxLength` conversions, no asset twice on a path; every improvement that ends well is kept. */
export async function searchPaths(
  side: SearchSide,
  start: string,
  amount: bigint,
  maxLength: number,
): Promise<Found[]> {
  const found: Found[] = [];
  // The best way to each asset as of the last round, and the best seen in this one.
  const best = new Map<string, Found>([[start, { assets: [start], amount }]]);
  const update = new Map<string, Found>(best);
  if (side.include(start, amount)) found.push({ assets: [start], amount });
  for (let round = 0; round < maxLength; round++) {
    const last = round === maxLength - 1;
    const improved = new Set<string>();
    for (const [asset, way] of [...best]) {
      for (const venues of await side.venues(asset)) {
        if (last && !side.terminal(venues.next)) continue;
        if (way.assets.includes(venues.next)) continue;
        const next = side.convert(venues, asset, way.amount);
        if (next <= 0n) continue;
        if (!side.better(update.get(venues.next)?.amount ?? 0n, next)) continue;
        const extended = { assets: [...way.assets, venues.next], amount: next };
        update.set(venues.next, extended);
        improved.add(venues.next);
        if (side.include(venues.next, next)) found.push(extended);
      }
    }
    if (!last) for (const asset of improved) best.set(asset, update.get(asset) as Found);
  }
  return found;
}

/** positiveMin: the smaller of two amounts, an amount of 0 or less being none. */
function positiveMin(a: bigint, b: bigint): bigint {
  if (b <= 0n) return a;
  return b < a || a <= 0n ? b : a;
}

function poolSide(pool: PathPool, paidIn: string, paidOut: string): PoolSide {
  return {
    paidIn: pool.reserves.get(paidIn) ?? 0n,
    paidOut: pool.reserves.get(paidOut) ?? 0n,
    feeBips: pool.feeBips,
  };
}

/**
 * consumeOffersForSellingAsset: what of the offers' buying asset buys `wanted` of what they
 * sell, cheapest first, skipping `ignoreSeller`'s; -1 when they cannot deliver it all.
 */
export function costOfOffers(offers: readonly PathOffer[], wanted: bigint, ignoreSeller?: string): bigint {
  let total = 0n;
  let left = wanted;
  for (const offer of offers) {
    if (offer.seller === ignoreSeller) continue;
    const crossing = crossOffer(offer.amount, left, offer.n, offer.d);
    if (!crossing) return -1n;
    total += crossing.buying;
    left -= crossing.selling;
    if (left === 0n) return total;
    if (left < 0n) return -1n;
  }
  return -1n;
}

/**
 * consumeOffersForBuyingAsset: what spending `spent` of the offers' buying asset gets of what
 * they sell, cheapest first; -1 when they cannot take it all.
 */
export function yieldOfOffers(offers: readonly PathOffer[], spent: bigint): bigint {
  let total = 0n;
  let left = spent;
  for (const offer of offers) {
    if (offer.n === 0n) return -1n;
    const sold = mulFractionRoundDown(left, offer.d, offer.n);
    if (sold !== undefined) {
      if (sold === 0n) return -1n;
      if (sold <= offer.amount) return total + sold;
    }
    const crossing = crossOffer(offer.amount, offer.amount, offer.n, offer.d);
    if (!crossing) return -1n;
    total += crossing.selling;
    left -= crossing.buying;
    if (left === 0n) return total;
    if (left < 0n) return -1n;
  }
  return -1n;
}

/**
 * Strict receive (the selling state): from the destination back to the sources, an amount is
 * what must be paid in the asset reached; the cheaper of the pool and the offers wins.
 */
export function costThrough(venues: Venues, from: string, wanted: bigint, ignoreSeller?: string): bigint {
  const { pool, offers } = venues;
  const poolCost = pool ? (poolExpectation(poolSide(pool, venues.next, from), wanted) ?? 0n) : 0n;
  if (poolCost === 0n && offers.length === 0) return -1n;
  const offersCost = offers.length === 0 ? 0n : costOfOffers(offers, wanted, ignoreSeller);
  return positiveMin(poolCost, offersCost);
}

/** Strict send (the buying state): what spending `spent` of `from` gets of the next asset; the larger wins. */
export function yieldThrough(venues: Venues, from: string, spent: bigint): bigint {
  const { pool, offers } = venues;
  const poolYield = pool ? (poolPayout(poolSide(pool, from, venues.next), spent) ?? 0n) : 0n;
  if (poolYield === 0n && offers.length === 0) return -1n;
  const offersYield = offers.length === 0 ? 0n : yieldOfOffers(offers, spent);
  return offersYield > poolYield ? offersYield : poolYield;
}
