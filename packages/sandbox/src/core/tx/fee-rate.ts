/**
 * Comparing transactions by what they bid per operation, as stellar-core's SurgePricingUtils does
 * for both the transaction set and the queue's eviction (`feeRate3WayCompare`, `computeBetterFee`).
 */
import { compareBytes } from '../keys.js';
import type { TxFrame } from './frame.js';

/** The operations a transaction counts for (a fee bump counts its own); at least one. */
export function opsOf(frame: TxFrame): number {
  return Math.max(1, frame.numOperations);
}

/** stellar-core feeRate3WayCompare: the sign of lFee/lOps - rFee/rOps, without dividing. */
export function feeRate3WayCompare(lFee: bigint, lOps: number, rFee: bigint, rOps: number): number {
  const lhs = lFee * BigInt(rOps);
  const rhs = rFee * BigInt(lOps);
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

/** The sign of a's inclusion fee rate minus b's. */
export function compareFeeRate(a: TxFrame, b: TxFrame): number {
  return feeRate3WayCompare(a.inclusionFee, opsOf(a), b.inclusionFee, opsOf(b));
}

/**
 * stellar-core computeBetterFee: the least inclusion fee for `frame`'s operations whose rate is
 * above refFee/refOps.
 */
export function betterFee(frame: TxFrame, refFee: bigint, refOps: number): bigint {
  return (refFee * BigInt(opsOf(frame))) / BigInt(refOps) + 1n;
}

/** Lowest fee rate first, ties by full hash (stellar-core's order in its tests; production breaks ties at random). */
export function cheapestFirst(a: TxFrame, b: TxFrame): number {
  return compareFeeRate(a, b) || compareBytes(a.fullHash, b.fullHash);
}
