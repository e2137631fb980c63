/**
 * The live state a bucket list holds, read newest bucket first (level 0 curr, level 0 snap,
 * level 1 curr, …): the first record of a key wins, a DEADENTRY hides every older record of its
 * key, METAENTRY is not state. INITENTRY is a LIVEENTRY for a reader (CAP-20: nothing older of
 * its key is live). Horizon's ingest/checkpoint_change_reader.go streamLiveBucket reads it so;
 * only the keys of the entry types the index keeps are remembered, and none of the oldest
 * bucket's (nothing older follows it). The hot archive's buckets hold archived Soroban entries,
 * which the index does not keep: Horizon reads only the live list too.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { entryKey, isKeptType } from '../store/entry-state.js';

export class LiveStateMerge {
  /** Keys already decided (by a newer record), base64 LedgerKey. */
  readonly #seen = new Set<string>();

  /** Keys remembered: what the merge holds in memory. */
  get remembered(): number {
    return this.#seen.size;
  }

  /**
   * One record of the bucket being read (buckets newest first, `oldest` for the last one):
   * answers the entry when it is live state the index keeps, undefined otherwise.
   */
  take(record: xdr.BucketEntry, oldest: boolean): xdr.LedgerEntry | undefined {
    if (record.type === 'metaentry') return undefined;
    if (record.type === 'deadentry') {
      const key = record.deadEntry;
      if (isKeptType(key.type) && !oldest) this.#seen.add(key.toXdr('base64'));
      return undefined;
    }
    const entry = record.liveEntry;
    const key = entryKey(entry)?.toXdr('base64');
    if (key === undefined || this.#seen.has(key)) return undefined;
    if (!oldest) this.#seen.add(key);
    return entry;
  }
}
