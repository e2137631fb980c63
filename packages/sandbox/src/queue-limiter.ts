/**
 * The bound on the pending transactions, as stellar-core's TxQueueLimiter (`canAddTx`,
 * `evictTransactions`) and SurgePricingPriorityQueue::canFitWithEviction decide it for classic
 * transactions (one lane: stellar-core's MAX_DEX_TX_OPERATIONS_IN_TX_SET is unset by default).
 * The queue holds TRANSACTION_QUEUE_SIZE_MULTIPLIER times the ledger's maxTxSetSize operations;
 * a transaction that does not fit evicts queued ones of a strictly lower fee rate, cheapest
 * first, or is refused: with the fee that would have let it in when one would, with none
 * (try again later) when no fee would.
 */
import { accountIdBytes, sameBytes } from './core/keys.js';
import { betterFee, cheapestFirst, compareFeeRate, feeRate3WayCompare, opsOf } from './core/tx/fee-rate.js';
import type { TxFrame } from './core/tx/frame.js';

/** stellar-core Config TRANSACTION_QUEUE_SIZE_MULTIPLIER (its default). */
export const QUEUE_SIZE_MULTIPLIER = 2;

export type Fit =
  /** It fits once `evict` (cheapest first, possibly none) leave the queue. */
  | { fits: true; evict: TxFrame[] }
  /**
   * It does not: `minFee` is the full fee that would let it in (stellar-core answers ERROR
   * txINSUFFICIENT_FEE with it as feeCharged), 0 when no fee would (TRY_AGAIN_LATER).
   */
  | { fits: false; minFee: bigint };

interface Bid {
  fee: bigint;
  ops: number;
}

/** The full fee for `frame` whose inclusion fee beats `bid` (stellar-core adds the non-inclusion part). */
function feeToBeat(frame: TxFrame, bid: Bid): bigint {
  return betterFee(frame, bid.fee, bid.ops) + (frame.fullFee - frame.inclusionFee);
}

function sameSource(a: TxFrame, b: TxFrame): boolean {
  return sameBytes(accountIdBytes(a.sourceId), accountIdBytes(b.sourceId));
}

export class TxQueueLimiter {
  /** The bid of the last transaction evicted since the last close: newcomers must beat it. */
  #evictedBid: Bid | undefined;

  /**
   * Whether `frame` fits in a queue holding `queued` (`queuedOps` operations in all), replacing
   * `replaced` (a fee bump's pending inner transaction) when given.
   */
  canAdd(
    frame: TxFrame,
    replaced: TxFrame | undefined,
    queued: Iterable<TxFrame>,
    queuedOps: number,
    maxTxSetSize: number,
  ): Fit {
    // Once something was evicted, a newcomer must beat it even when it would fit (canAddTx):
    // a lower bid never takes the place a higher one lost.
    const evicted = this.#evictedBid;
    if (evicted && feeRate3WayCompare(evicted.fee, evicted.ops, frame.inclusionFee, opsOf(frame)) >= 0)
      return { fits: false, minFee: feeToBeat(frame, evicted) };

    const limit = QUEUE_SIZE_MULTIPLIER * maxTxSetSize;
    // The replaced transaction's operations are a discount: it leaves as this one comes in.
    const needed = Math.max(0, opsOf(frame) - (replaced ? opsOf(replaced) : 0));
    if (needed > limit) return { fits: false, minFee: 0n };
    let excess = queuedOps + needed - limit;
    if (excess <= 0) return { fits: true, evict: [] };

    const evict: TxFrame[] = [];
    for (const candidate of [...queued].sort(cheapestFirst)) {
      // Only a strictly lower rate is evicted; the cheapest left names the fee that would do.
      if (compareFeeRate(candidate, frame) >= 0)
        return {
          fits: false,
          minFee: feeToBeat(frame, { fee: candidate.inclusionFee, ops: opsOf(candidate) }),
        };
      if (sameSource(candidate, frame)) return { fits: false, minFee: 0n };
      evict.push(candidate);
      excess -= opsOf(candidate);
      if (excess <= 0) return { fits: true, evict };
    }
    // Unreachable while queuedOps counts `queued`: evicting everything leaves room for `needed`.
    return { fits: false, minFee: 0n };
  }

  /** Records an eviction (cheapest first, so the last one is the highest bid to beat). */
  evicted(frame: TxFrame): void {
    this.#evictedBid = { fee: frame.inclusionFee, ops: opsOf(frame) };
  }

  /** stellar-core resetEvictionState, at every ledger close. */
  reset(): void {
    this.#evictedBid = undefined;
  }
}
