/**
 * Bucket files read back (the sandbox's own storage keeps its bucket lists as files), and the
 * live state a bucket list holds: newest level first, the first record of a key wins (stellar-core
 * BucketApplicator / BucketListSnapshot lookups), tombstones hide older records.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { entryKey } from '../core/keys.js';
import { type Bucket, type BucketListKind, type BucketRecord, EMPTY_BUCKET, makeBucket } from './bucket.js';
import type { BucketList } from './bucket-list.js';

/** The XDR records of a bucket file, each without its record mark. */
export function* records(bytes: Uint8Array): Generator<Uint8Array> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at < view.length) {
    const length = view.readUInt32BE(at) & 0x7fffffff;
    yield view.subarray(at + 4, at + 4 + length);
    at += 4 + length;
  }
}

function liveRecord(bytes: Uint8Array): BucketRecord | { meta: xdr.BucketMetadata } {
  const entry = xdr.BucketEntry.fromXdr(bytes);
  switch (entry.type) {
    case 'metaentry':
      return { meta: entry.metaEntry };
    case 'deadentry':
      return { key: entry.deadEntry, type: 'dead', bytes };
    default:
      return { key: entryKey(entry.liveEntry), type: entry.type === 'initentry' ? 'init' : 'live', bytes };
  }
}

function hotRecord(bytes: Uint8Array): BucketRecord | { meta: xdr.BucketMetadata } {
  const entry = xdr.HotArchiveBucketEntry.fromXdr(bytes);
  switch (entry.type) {
    case 'hotArchiveMetaentry':
      return { meta: entry.metaEntry };
    case 'hotArchiveLive':
      return { key: entry.key, type: 'restored', bytes };
    default:
      return { key: entryKey(entry.archivedEntry), type: 'archived', bytes };
  }
}

/** A bucket from its file's bytes (the empty bucket for none). */
export function parseBucket(kind: BucketListKind, bytes: Uint8Array): Bucket {
  if (bytes.length === 0) return EMPTY_BUCKET;
  let version = 0;
  let typed = false;
  const out: BucketRecord[] = [];
  for (const raw of records(bytes)) {
    const record = kind === 'live' ? liveRecord(raw) : hotRecord(raw);
    if ('meta' in record) {
      version = record.meta.ledgerVersion;
      typed = record.meta.ext.type !== 'v0';
    } else out.push(record);
  }
  return makeBucket(kind, version, typed, out);
}

/** The live entries a live bucket list holds, by the base64 of their key's XDR. */
export function liveState(list: BucketList): Map<string, Uint8Array | null> {
  const seen = new Map<string, Uint8Array | null>();
  for (const level of list.levels)
    for (const bucket of [level.curr, level.snap])
      for (const record of bucket.records) {
        const id = record.key.toXdr('base64');
        if (seen.has(id)) continue;
        seen.set(id, record.type === 'dead' ? null : record.bytes);
      }
  return seen;
}
