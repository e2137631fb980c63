/**
 * Trades summed per time bucket, as stellar-horizon's `db2/history/trade_aggregation.go` sums its
 * one-minute rows: volumes, counter over base as the average, the highest and lowest price, the
 * first and last trade's price (in operation order), seen from the requested base asset.
 */
import { amount, price } from '../derive/format.js';

const MINUTE = 60_000;

/** What a bucket needs of a trade, already turned to the requested base. */
export interface BucketTrade {
  closeTimeMs: number;
  baseStroops: bigint;
  counterStroops: bigint;
  n: bigint;
  d: bigint;
}

interface Fraction {
  n: bigint;
  d: bigint;
}

interface Bucket {
  timestamp: number;
  count: number;
  base: bigint;
  counter: bigint;
  high: Fraction;
  low: Fraction;
  open: Fraction;
  close: Fraction;
}

/** Horizon's formatBucketTimestamp over the trade's minute (`to_millis(ledger_closed_at, 60000)`). */
export function bucketOf(closeTimeMs: number, resolution: number, offset: number): number {
  const minute = Math.floor(closeTimeMs / MINUTE) * MINUTE;
  return Math.floor((minute - offset) / resolution) * resolution + offset;
}

const above = (a: Fraction, b: Fraction) => a.n * b.d > b.n * a.d;

/**
 * Buckets trades fed in operation order (`asc`) or its reverse (`desc`), the first `limit`
 * buckets only: `add` answers false once a trade falls in a bucket past them.
 */
export class TradeBuckets {
  readonly #buckets: Bucket[] = [];
  readonly #resolution: number;
  readonly #offset: number;
  readonly #ascending: boolean;
  readonly #limit: number;

  constructor(options: { resolution: number; offset: number; order: 'asc' | 'desc'; limit: number }) {
    this.#resolution = options.resolution;
    this.#offset = options.offset;
    this.#ascending = options.order === 'asc';
    this.#limit = options.limit;
  }

  add(trade: BucketTrade): boolean {
    const timestamp = bucketOf(trade.closeTimeMs, this.#resolution, this.#offset);
    const fraction = { n: trade.n, d: trade.d };
    let bucket = this.#buckets.at(-1);
    if (bucket?.timestamp !== timestamp) {
      if (this.#buckets.length === this.#limit) return false;
      bucket = {
        timestamp,
        count: 0,
        base: 0n,
        counter: 0n,
        high: fraction,
        low: fraction,
        open: fraction,
        close: fraction,
      };
      this.#buckets.push(bucket);
    }
    bucket.count += 1;
    bucket.base += trade.baseStroops;
    bucket.counter += trade.counterStroops;
    // max_price/min_price keep the later of equal prices (strict comparison against the held one).
    const [earlier, later] = this.#ascending ? [bucket.high, fraction] : [fraction, bucket.high];
    bucket.high = above(earlier, later) ? earlier : later;
    const [lowEarlier, lowLater] = this.#ascending ? [bucket.low, fraction] : [fraction, bucket.low];
    bucket.low = above(lowLater, lowEarlier) ? lowEarlier : lowLater;
    if (this.#ascending) bucket.close = fraction;
    else bucket.open = fraction;
    return true;
  }

  /** The records, as resourceadapter.PopulateTradeAggregation writes them. */
  records() {
    return this.#buckets.map((b) => ({
      timestamp: String(b.timestamp),
      trade_count: String(b.count),
      base_volume: amount(b.base),
      counter_volume: amount(b.counter),
      // float64 of the numeric quotient, written with strconv.FormatFloat(v, 'f', 7, 64).
      avg: (Number(b.counter) / Number(b.base)).toFixed(7),
      ...priced('high', b.high),
      ...priced('low', b.low),
      ...priced('open', b.open),
      ...priced('close', b.close),
    }));
  }
}

function priced<K extends string>(name: K, fraction: Fraction) {
  return {
    [name]: price(fraction.n, fraction.d),
    [`${name}_r`]: { n: fraction.n.toString(), d: fraction.d.toString() },
  } as Record<K, string> & Record<`${K}_r`, { n: string; d: string }>;
}
