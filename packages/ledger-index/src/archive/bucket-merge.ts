/**
 * The live state a bucket list holds, read newest bucket first (level 0 curr, level 0 snap,
 * level 1 curr, …): the first record of a key wins, a DEADENTRY hides every older record of its
 * key, METAENTRY is not state. INITENTRY is a LIVEENTRY for a reader (CAP-20: nothing older of
 * its key is live). Horizon's ingest/checkpoint_change_reader.go streamLiveBucket reads it so;
 * only the keys of the entry types the index keeps are remembered, and none of the oldest
 * bucket's (nothing older follows it). The hot archive's buckets hold archived Soroban entries,
 * which the index does not keep: Horizon reads only the live list too.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { entryKey, isKeptType, ledgerKeyBase64 } from '../store/entry-state.js';

/** The key of a TTL or contract data entry (the Soroban entries a reader may also want). */
function sorobanKey(entry: xdr.LedgerEntry): xdr.LedgerKey | undefined {
  const data = entry.data;
  if (data.type === 'ttl') return xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: data.ttl.keyHash }));
  if (data.type !== 'contractData') return undefined;
  const { contract, key, durability } = data.contractData;
  return xdr.LedgerKey.contractData(new xdr.LedgerKeyContractData({ contract, key, durability }));
}

export class LiveStateMerge {
  /** Keys already decided (by a newer record), base64 LedgerKey. */
  readonly #seen = new Set<string>();

  /** `alsoKeep`: keys of other types than the index's that the reader wants too (TTL, contract data). */
  constructor(private readonly alsoKeep: (key: xdr.LedgerKey) => boolean = () => false) {}

  /** Keys remembered: what the merge holds in memory. */
  get remembered(): number {
    return this.#seen.size;
  }

  /**
   * One record of the bucket being read (buckets newest first, `oldest` for the last one):
   * answers the entry when it is live state the index keeps (or `alsoKeep` wants), undefined
   * otherwise.
   */
  take(record: xdr.BucketEntry, oldest: boolean): xdr.LedgerEntry | undefined {
    if (record.type === 'metaentry') return undefined;
    if (record.type === 'deadentry') {
      const key = record.deadEntry;
      if ((isKeptType(key.type) || this.alsoKeep(key)) && !oldest) this.#seen.add(ledgerKeyBase64(key));
      return undefined;
    }
    const entry = record.liveEntry;
    const wanted = this.#wantedKey(entry);
    const key = wanted && ledgerKeyBase64(wanted);
    if (key === undefined || this.#seen.has(key)) return undefined;
    if (!oldest) this.#seen.add(key);
    return entry;
  }

  /** The entry's key when the index keeps its type or `alsoKeep` wants it (one key built per entry). */
  #wantedKey(entry: xdr.LedgerEntry): xdr.LedgerKey | undefined {
    const kept = entryKey(entry);
    if (kept) return kept;
    const soroban = sorobanKey(entry);
    return soroban && this.alsoKeep(soroban) ? soroban : undefined;
  }
}
