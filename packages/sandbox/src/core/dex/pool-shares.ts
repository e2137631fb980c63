/**
 * The arithmetic of constant-product pool shares (CAP-38), after stellar-core: bigSquareRoot
 * (util/numeric), LiquidityPoolDepositOpFrame's deposit into an empty or a funded pool, and
 * getPoolWithdrawalAmount (TransactionUtils). int64 / uint128 semantics on bigint.
 */
import { INT64_MAX } from '../balances.js';
import { bigDivide, bigDivideOrThrow, min, type Price } from './exchange.js';

/** stellar-core bigSquareRoot: x with x × x ≤ a × b < (x + 1) × (x + 1). */
export function bigSquareRoot(a: bigint, b: bigint): bigint {
  const product = a * b;
  if (product < 2n) return product;
  // Newton's method from above converges on the floor of the root.
  let x = 1n << BigInt(Math.ceil(product.toString(2).length / 2));
  for (;;) {
    const next = (x + product / x) / 2n;
    if (next >= x) return x;
    x = next;
  }
}

/** stellar-core isBadPrice: amountA / amountB outside [minPrice, maxPrice] (or an amount of 0). */
export function isBadPrice(amountA: bigint, amountB: bigint, minPrice: Price, maxPrice: Price): boolean {
  return (
    amountA === 0n ||
    amountB === 0n ||
    amountA * BigInt(minPrice.d) < amountB * BigInt(minPrice.n) ||
    amountA * BigInt(maxPrice.d) > amountB * BigInt(maxPrice.n)
  );
}

export interface PoolReserves {
  reserveA: bigint;
  reserveB: bigint;
  totalPoolShares: bigint;
}

export interface Deposit {
  amountA: bigint;
  amountB: bigint;
  shares: bigint;
}

/**
 * stellar-core depositIntoNonEmptyPool's amounts: the shares both maximums can pay for
 * (rounded down), then what those shares cost of each asset at the pool's price (rounded up).
 */
export function depositAtPoolPrice(pool: PoolReserves, maxAmountA: bigint, maxAmountB: bigint): Deposit {
  const sharesA = bigDivide(pool.totalPoolShares, maxAmountA, pool.reserveA, false);
  const sharesB = bigDivide(pool.totalPoolShares, maxAmountB, pool.reserveB, false);
  const candidates = [sharesA, sharesB].filter((s): s is bigint => s !== undefined);
  if (candidates.length === 0) throw new Error('both shares calculations overflowed');
  const shares = min(...candidates);
  const amountA = bigDivide(shares, pool.reserveA, pool.totalPoolShares, true);
  const amountB = bigDivide(shares, pool.reserveB, pool.totalPoolShares, true);
  if (amountA === undefined || amountB === undefined) throw new Error('amount overflowed');
  return { amountA, amountB, shares };
}

/** stellar-core getPoolWithdrawalAmount: the reserve's share of `amountPoolShares`, rounded down. */
export function poolWithdrawalAmount(
  amountPoolShares: bigint,
  totalPoolShares: bigint,
  reserve: bigint,
): bigint {
  if (amountPoolShares > totalPoolShares) throw new Error('Invalid amountPoolShares');
  return bigDivideOrThrow(amountPoolShares, reserve, totalPoolShares, false);
}

/** stellar-core's check that a deposit keeps the pool's reserves and shares within int64. */
export function poolWouldOverflow(pool: PoolReserves, deposit: Deposit): boolean {
  return (
    INT64_MAX - deposit.amountA < pool.reserveA ||
    INT64_MAX - deposit.amountB < pool.reserveB ||
    INT64_MAX - deposit.shares < pool.totalPoolShares
  );
}
