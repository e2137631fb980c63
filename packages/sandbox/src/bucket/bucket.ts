/**
 * Buckets as stellar-core writes them (bucket/LiveBucket.cpp, HotArchiveBucket.cpp,
 * BucketOutputIterator.cpp): a METAENTRY first (from protocol 11), then one entry per key in
 * LedgerEntryIdCmp order, each framed as an RFC 5531 record (XDROutputFileStream::writeOne). A
 * bucket's hash is the SHA-256 of those bytes; the empty bucket (no file) hashes to zeros.
 */
import { createHash } from 'node:crypto';
import { xdr } from '@stellar/stellar-sdk/base';
import { entryKey } from '../core/keys.js';
import { compareLedgerKeys } from './key-order.js';

/** The live bucket list, or the hot archive (evicted persistent entries, from protocol 23). */
export type BucketListKind = 'live' | 'hotArchive';

/** LiveBucket::FIRST_PROTOCOL_SUPPORTING_INITENTRY_AND_METAENTRY. */
const FIRST_PROTOCOL_WITH_META = 11;
/** FIRST_PROTOCOL_SUPPORTING_PERSISTENT_EVICTION: the metadata names its bucket list. */
export const FIRST_PROTOCOL_WITH_HOT_ARCHIVE = 23;

/**
 * One entry of a bucket: `init`/`live`/`dead` in a live bucket, `archived`/`restored` in the hot
 * archive. `dead` and `restored` are the tombstones the bottom level drops.
 */
export interface BucketRecord {
  key: xdr.LedgerKey;
  type: 'init' | 'live' | 'dead' | 'archived' | 'restored';
  /** The (HotArchive)BucketEntry's XDR. */
  bytes: Uint8Array;
}

export interface Bucket {
  /** SHA-256 of the bucket file's uncompressed bytes; zeros for the empty bucket. */
  hash: Uint8Array;
  /** The metadata's ledgerVersion (0 for the empty bucket). */
  version: number;
  /** Whether the metadata carries its bucket list type (BucketMetadata ext v1). */
  typed: boolean;
  /** The METAENTRY's XDR (absent in the empty bucket). */
  meta?: Uint8Array;
  records: readonly BucketRecord[];
}

export const EMPTY_BUCKET: Bucket = { hash: new Uint8Array(32), version: 0, typed: false, records: [] };

/** The 4-byte record mark (last fragment, length) before an entry's XDR. */
export function recordMark(length: number): Buffer {
  const mark = Buffer.alloc(4);
  mark.writeUInt32BE((length | 0x80000000) >>> 0);
  return mark;
}

function metaEntry(kind: BucketListKind, version: number, typed: boolean): Uint8Array {
  const ext = typed
    ? xdr.BucketMetadataExt.bucketListType(xdr.BucketListType.fromName(kind))
    : xdr.BucketMetadataExt.v0();
  const meta = new xdr.BucketMetadata({ ledgerVersion: version, ext });
  const entry =
    kind === 'live' ? xdr.BucketEntry.metaentry(meta) : xdr.HotArchiveBucketEntry.hotArchiveMetaentry(meta);
  return entry.toXdr();
}

/** A bucket of sorted, deduplicated records (BucketOutputIterator: empty without any object). */
export function makeBucket(
  kind: BucketListKind,
  version: number,
  typed: boolean,
  records: BucketRecord[],
): Bucket {
  const meta = version >= FIRST_PROTOCOL_WITH_META ? metaEntry(kind, version, typed) : undefined;
  if (!meta && records.length === 0) return EMPTY_BUCKET;
  const sha256 = createHash('sha256');
  for (const bytes of [...(meta ? [meta] : []), ...records.map((r) => r.bytes)])
    sha256.update(recordMark(bytes.length)).update(bytes);
  return { hash: new Uint8Array(sha256.digest()), version, typed, ...(meta ? { meta } : {}), records };
}

/** The bucket file's bytes (before gzip). */
export function bucketBytes(bucket: Bucket): Buffer {
  const parts: Uint8Array[] = [];
  for (const bytes of [...(bucket.meta ? [bucket.meta] : []), ...bucket.records.map((r) => r.bytes)])
    parts.push(recordMark(bytes.length), bytes);
  return Buffer.concat(parts);
}

const byKey = (a: BucketRecord, b: BucketRecord) => compareLedgerKeys(a.key, b.key);

/** The changes of one ledger, as LedgerTxn::getAllEntries sorts them. */
export interface LiveBatch {
  init: readonly xdr.LedgerEntry[];
  live: readonly xdr.LedgerEntry[];
  dead: readonly xdr.LedgerKey[];
}

/** LiveBucket::fresh: a ledger's batch as a bucket (INITENTRY from protocol 11). */
export function freshLiveBucket(protocol: number, batch: LiveBatch): Bucket {
  const useInit = protocol >= FIRST_PROTOCOL_WITH_META;
  const records: BucketRecord[] = [
    ...batch.init.map((entry) => ({
      key: entryKey(entry),
      type: useInit ? ('init' as const) : ('live' as const),
      bytes: (useInit ? xdr.BucketEntry.initentry(entry) : xdr.BucketEntry.liveentry(entry)).toXdr(),
    })),
    ...batch.live.map((entry) => ({
      key: entryKey(entry),
      type: 'live' as const,
      bytes: xdr.BucketEntry.liveentry(entry).toXdr(),
    })),
    ...batch.dead.map((key) => ({
      key,
      type: 'dead' as const,
      bytes: xdr.BucketEntry.deadentry(key).toXdr(),
    })),
  ];
  return makeBucket('live', protocol, protocol >= FIRST_PROTOCOL_WITH_HOT_ARCHIVE, records.sort(byKey));
}

/** HotArchiveBucket::fresh: the entries evicted and the keys restored in a ledger. */
export function freshHotArchiveBucket(
  protocol: number,
  archived: readonly xdr.LedgerEntry[],
  restored: readonly xdr.LedgerKey[],
): Bucket {
  const records: BucketRecord[] = [
    ...archived.map((entry) => ({
      key: entryKey(entry),
      type: 'archived' as const,
      bytes: xdr.HotArchiveBucketEntry.hotArchiveArchived(entry).toXdr(),
    })),
    ...restored.map((key) => ({
      key,
      type: 'restored' as const,
      bytes: xdr.HotArchiveBucketEntry.hotArchiveLive(key).toXdr(),
    })),
  ];
  return makeBucket('hotArchive', protocol, true, records.sort(byKey));
}

function asType(record: BucketRecord, type: 'init' | 'live'): BucketRecord {
  if (record.type === type) return record;
  const entry = (
    xdr.BucketEntry.fromXdr(record.bytes) as xdr.BucketEntry & { type: 'liveentry' | 'initentry' }
  ).value as xdr.LedgerEntry;
  const bytes = (
    type === 'init' ? xdr.BucketEntry.initentry(entry) : xdr.BucketEntry.liveentry(entry)
  ).toXdr();
  return { key: record.key, type, bytes };
}

/**
 * LiveBucket::mergeCasesWithEqualKeys: the newer entry wins, except that DEAD then INIT is an
 * update (LIVE), INIT then LIVE stays a create (INIT), and INIT then DEAD is nothing at all.
 */
function mergeLive(older: BucketRecord, newer: BucketRecord): BucketRecord | undefined {
  if (newer.type === 'init') {
    if (older.type !== 'dead') throw new Error('malformed bucket: an INITENTRY over a live entry');
    return asType(newer, 'live');
  }
  if (older.type === 'init') return newer.type === 'live' ? asType(newer, 'init') : undefined;
  return newer;
}

export interface MergeOptions {
  kind: BucketListKind;
  /** Whether tombstones stay (all levels but the bottom: keepTombstoneEntries). */
  keepTombstones: boolean;
  /** The output's protocol (mergeInMemory's); by default the newer of the inputs' (calculateMergeProtocolVersion). */
  protocol?: number;
}

/** BucketBase::merge: one pass over two sorted buckets, `newer` shadowing `older`. */
export function mergeBuckets(older: Bucket, newer: Bucket, options: MergeOptions): Bucket {
  const version = options.protocol ?? Math.max(older.version, newer.version);
  const typed =
    options.protocol === undefined ? older.typed || newer.typed : version >= FIRST_PROTOCOL_WITH_HOT_ARCHIVE;
  const out: BucketRecord[] = [];
  const put = (record: BucketRecord | undefined) => {
    if (!record) return;
    const tombstone = record.type === 'dead' || record.type === 'restored';
    if (tombstone && !options.keepTombstones) return;
    out.push(record);
  };
  const [a, b] = [older.records, newer.records];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const order = i >= a.length ? 1 : j >= b.length ? -1 : byKey(a[i] as BucketRecord, b[j] as BucketRecord);
    if (order < 0) put(a[i++]);
    else if (order > 0) put(b[j++]);
    else {
      const [o, n] = [a[i++] as BucketRecord, b[j++] as BucketRecord];
      // HotArchiveBucket::mergeCasesWithEqualKeys: the newer entry wins.
      put(options.kind === 'live' ? mergeLive(o, n) : n);
    }
  }
  return makeBucket(options.kind, version, typed, out);
}
