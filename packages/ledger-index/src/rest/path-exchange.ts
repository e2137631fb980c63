/**
 * The arithmetic of Horizon's path finder, in stroops: crossing offers (stellar/go `price`
 * ConvertToBuyingUnits, MulFractionRoundDown, mulFractionRoundUp) and trading with a
 * constant-product pool (`exp/orderbook/pools.go` CalculatePoolPayout and
 * CalculatePoolExpectation, CAP-38's formulas). Every function answers undefined where Go's
 * answers an error (an overflow past int64, a division by zero, a trade the pool cannot make).
 */

const INT64_MAX = 9_223_372_036_854_775_807n;
const MAX_BIPS = 10_000n;

/** floor(x·n / d), undefined past int64 or for d = 0. */
export function mulFractionRoundDown(x: bigint, n: bigint, d: bigint): bigint | undefined {
  if (d === 0n) return undefined;
  const q = (x * n) / d;
  return q > INT64_MAX ? undefined : q;
}

/** ceil(x·n / d) as core rounds it up, undefined past int64 or for d = 0. */
export function mulFractionRoundUp(x: bigint, n: bigint, d: bigint): bigint | undefined {
  if (d === 0n) return undefined;
  const q = (x * n + d - 1n) / d;
  return q > INT64_MAX ? undefined : q;
}

export interface Crossing {
  /** What the taker pays the offer, in the asset the offer buys. */
  buying: bigint;
  /** What the taker gets, in the asset the offer sells. */
  selling: bigint;
}

/**
 * ConvertToBuyingUnits: taking up to `wanted` of an offer selling `offerAmount` at n/d (the
 * buying asset per selling unit); a price at or below 1 first rounds the offer down to what it
 * can deliver whole, as core does.
 */
export function crossOffer(offerAmount: bigint, wanted: bigint, n: bigint, d: bigint): Crossing | undefined {
  let deliverable: bigint | undefined = offerAmount;
  if (n <= d) {
    const value = mulFractionRoundDown(offerAmount, n, d);
    deliverable = value === undefined ? undefined : mulFractionRoundUp(value, d, n);
  }
  if (deliverable === undefined) return undefined;
  const selling = deliverable < wanted ? deliverable : wanted;
  const buying = mulFractionRoundUp(selling, n, d);
  return buying === undefined ? undefined : { buying, selling };
}

export interface PoolSide {
  /** Reserve of the asset paid into the pool. */
  paidIn: bigint;
  /** Reserve of the asset paid out. */
  paidOut: bigint;
  feeBips: bigint;
}

/** CalculatePoolPayout: what depositing `received` pays out, floor((1−F)·Y·x / (X + (1−F)·x)). */
export function poolPayout(pool: PoolSide, received: bigint): bigint | undefined {
  const { paidIn: x0, paidOut: y0, feeBips } = pool;
  if (received <= 0n || feeBips < 0n || feeBips >= MAX_BIPS) return undefined;
  if (received > INT64_MAX - x0) return undefined;
  const keep = MAX_BIPS - feeBips;
  const denominator = x0 * MAX_BIPS + received * keep;
  if (denominator === 0n) return undefined;
  const result = (y0 * received * keep) / denominator;
  return result > 0n && result <= INT64_MAX ? result : undefined;
}

/** CalculatePoolExpectation: what must be paid in for `disbursed` out, ceil(X·y / ((Y − y)(1−F))). */
export function poolExpectation(pool: PoolSide, disbursed: bigint): bigint | undefined {
  const { paidIn: x0, paidOut: y0, feeBips } = pool;
  if (disbursed <= 0n || feeBips < 0n || feeBips >= MAX_BIPS) return undefined;
  if (disbursed >= y0) return undefined;
  const denominator = (y0 - disbursed) * (MAX_BIPS - feeBips);
  if (denominator === 0n) return undefined;
  const numerator = x0 * disbursed * MAX_BIPS;
  const result = (numerator + denominator - 1n) / denominator;
  return result <= INT64_MAX - x0 ? result : undefined;
}
