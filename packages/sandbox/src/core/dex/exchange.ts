/**
 * The arithmetic of crossing an offer and of trading with a constant-product pool, after
 * stellar-core OfferExchange: exchangeV10 (with its price error thresholds), adjustOffer, the
 * offer liabilities, and exchangeWithPool (CAP-38). All in int64 / uint128 semantics on bigint.
 */
import { INT64_MAX } from '../balances.js';

export type RoundingType = 'normal' | 'pathPaymentStrictSend' | 'pathPaymentStrictReceive';

export interface Price {
  n: number;
  d: number;
}

export interface ExchangeResult {
  numWheatReceived: bigint;
  numSheepSend: bigint;
  wheatStays: boolean;
}

/** The smallest of int64 values (Math.min takes no bigint). */
export function min(...values: bigint[]): bigint {
  let least = values[0] as bigint;
  for (const v of values) if (v < least) least = v;
  return least;
}

/** a / b rounded down or up (a, b ≥ 0). */
function divide(a: bigint, b: bigint, roundUp: boolean): bigint {
  const q = a / b;
  return roundUp && q * b !== a ? q + 1n : q;
}

/** stellar-core bigDivideOrThrow: a × b / c, which must fit an int64. */
export function bigDivideOrThrow(a: bigint, b: bigint, c: bigint, roundUp: boolean): bigint {
  const result = divide(a * b, c, roundUp);
  if (result > INT64_MAX) throw new Error('overflow while performing bigDivide');
  return result;
}

/** stellar-core bigDivide: a × b / c, or undefined when it does not fit an int64. */
export function bigDivide(a: bigint, b: bigint, c: bigint, roundUp: boolean): bigint | undefined {
  const result = divide(a * b, c, roundUp);
  return result > INT64_MAX ? undefined : result;
}

/** stellar-core calculateOfferValue: min(send × n, receive × d). */
function offerValue(n: number, d: number, maxSend: bigint, maxReceive: bigint): bigint {
  return min(maxSend * BigInt(n), maxReceive * BigInt(d));
}

/** The arguments of stellar-core's exchangeV10 and exchangeV10WithoutPriceErrorThresholds. */
type ExchangeArgs = [
  price: Price,
  maxWheatSend: bigint,
  maxWheatReceive: bigint,
  maxSheepSend: bigint,
  maxSheepReceive: bigint,
  round: RoundingType,
];

/** stellar-core exchangeV10WithoutPriceErrorThresholds. */
export function exchangeWithoutThresholds(
  ...[price, maxWheatSend, maxWheatReceive, maxSheepSend, maxSheepReceive, round]: ExchangeArgs
): ExchangeResult {
  const n = BigInt(price.n);
  const d = BigInt(price.d);
  const wheatValue = offerValue(price.n, price.d, maxWheatSend, maxSheepReceive);
  const sheepValue = offerValue(price.d, price.n, maxSheepSend, maxWheatReceive);
  const wheatStays = wheatValue > sheepValue;
  let wheatReceive: bigint;
  let sheepSend: bigint;
  if (wheatStays) {
    if (round === 'pathPaymentStrictSend') {
      wheatReceive = divide(sheepValue, n, false);
      sheepSend = min(maxSheepSend, maxSheepReceive);
    } else if (price.n > price.d || round === 'pathPaymentStrictReceive') {
      wheatReceive = divide(sheepValue, n, false);
      sheepSend = bigDivideOrThrow(wheatReceive, n, d, true);
    } else {
      sheepSend = divide(sheepValue, d, false);
      wheatReceive = bigDivideOrThrow(sheepSend, d, n, false);
    }
  } else if (price.n > price.d) {
    wheatReceive = divide(wheatValue, n, false);
    sheepSend = bigDivideOrThrow(wheatReceive, n, d, false);
  } else {
    sheepSend = divide(wheatValue, d, false);
    wheatReceive = bigDivideOrThrow(sheepSend, d, n, true);
  }
  if (wheatReceive < 0n || wheatReceive > min(maxWheatReceive, maxWheatSend)) {
    throw new Error('wheatReceive out of bounds');
  }
  if (sheepSend < 0n || sheepSend > min(maxSheepReceive, maxSheepSend))
    throw new Error('sheepSend out of bounds');
  return { numWheatReceived: wheatReceive, numSheepSend: sheepSend, wheatStays };
}

/** stellar-core checkPriceErrorBound: within 1% of the price (or favoring wheat, when allowed). */
function checkPriceErrorBound(
  price: Price,
  wheatReceive: bigint,
  sheepSend: bigint,
  canFavorWheat: boolean,
): boolean {
  const lhs = 100n * BigInt(price.n) * wheatReceive;
  const rhs = 100n * BigInt(price.d) * sheepSend;
  if (canFavorWheat && rhs > lhs) return true;
  const absDiff = lhs > rhs ? lhs - rhs : rhs - lhs;
  return absDiff <= BigInt(price.n) * wheatReceive;
}

/** stellar-core applyPriceErrorThresholds. */
function applyPriceErrorThresholds(
  price: Price,
  result: ExchangeResult,
  round: RoundingType,
): ExchangeResult {
  let { numWheatReceived: wheatReceive, numSheepSend: sheepSend } = result;
  const { wheatStays } = result;
  if (wheatReceive > 0n && sheepSend > 0n) {
    const wheatValue = wheatReceive * BigInt(price.n);
    const sheepValue = sheepSend * BigInt(price.d);
    if (wheatStays && sheepValue < wheatValue) throw new Error('favored sheep when wheat stays');
    if (!wheatStays && sheepValue > wheatValue) throw new Error('favored wheat when sheep stays');
    if (round === 'normal') {
      if (!checkPriceErrorBound(price, wheatReceive, sheepSend, false)) {
        sheepSend = 0n;
        wheatReceive = 0n;
      }
    } else if (!checkPriceErrorBound(price, wheatReceive, sheepSend, true)) {
      throw new Error('exceeded price error bound');
    }
  } else if (round === 'pathPaymentStrictSend') {
    if (sheepSend === 0n) throw new Error('invalid amount of sheep sent');
  } else {
    wheatReceive = 0n;
    sheepSend = 0n;
  }
  return { numWheatReceived: wheatReceive, numSheepSend: sheepSend, wheatStays };
}

/** stellar-core exchangeV10. */
export function exchangeV10(...args: ExchangeArgs): ExchangeResult {
  const [price, , , , , round] = args;
  return applyPriceErrorThresholds(price, exchangeWithoutThresholds(...args), round);
}

/** stellar-core adjustOffer: the amount an offer can really sell. */
export function adjustOfferAmount(price: Price, maxWheatSend: bigint, maxSheepReceive: bigint): bigint {
  return exchangeV10(price, maxWheatSend, INT64_MAX, INT64_MAX, maxSheepReceive, 'normal').numWheatReceived;
}

/** An offer's liabilities: what it may sell (selling) and what it may buy (buying). */
export function offerLiabilities(price: Price, amount: bigint): { selling: bigint; buying: bigint } {
  const r = exchangeWithoutThresholds(price, amount, INT64_MAX, INT64_MAX, INT64_MAX, 'normal');
  return { selling: r.numWheatReceived, buying: r.numSheepSend };
}

const MAX_BPS = 10000n;

/**
 * stellar-core exchangeWithPool (the arithmetic): what goes to and comes from a pool with these
 * reserves; undefined when the pool cannot make the trade.
 */
export function poolExchange(
  reservesToPool: bigint,
  maxSendToPool: bigint,
  reservesFromPool: bigint,
  maxReceiveFromPool: bigint,
  feeBps: number,
  round: RoundingType,
): { toPool: bigint; fromPool: bigint } | undefined {
  const fee = BigInt(feeBps);
  if (reservesToPool <= 0n || reservesFromPool <= 0n)
    throw new Error('non-positive reserve in exchangeWithPool');
  if (round === 'pathPaymentStrictSend') {
    if (maxSendToPool > INT64_MAX - reservesToPool) return undefined;
    const toPool = maxSendToPool;
    const denominator = MAX_BPS * reservesToPool + (MAX_BPS - fee) * toPool;
    const fromPool = ((MAX_BPS - fee) * reservesFromPool * toPool) / denominator;
    if (fromPool > INT64_MAX || fromPool === 0n) return undefined;
    if (fromPool > reservesFromPool) throw new Error('received too much from pool');
    return { toPool, fromPool };
  }
  if (round === 'pathPaymentStrictReceive') {
    if (maxReceiveFromPool >= reservesFromPool) return undefined;
    const fromPool = maxReceiveFromPool;
    const toPool = divide(
      MAX_BPS * reservesToPool * fromPool,
      (reservesFromPool - fromPool) * (MAX_BPS - fee),
      true,
    );
    if (toPool > INT64_MAX - reservesToPool) return undefined;
    return { toPool, fromPool };
  }
  throw new Error('Invalid rounding type');
}
