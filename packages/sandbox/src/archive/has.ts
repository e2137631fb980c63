/**
 * The History Archive State: a checkpoint's bucket lists by hash, serialized as stellar-core's
 * cereal JSON writes it (history/HistoryArchive.h serialize; bucket/FutureBucket.h save): fields
 * in that order, four-space indents. Version 2 (with the hot archive) from protocol 23.
 */
import { type Bucket, FIRST_PROTOCOL_WITH_HOT_ARCHIVE } from '../bucket/bucket.js';
import type { BucketList } from '../bucket/bucket-list.js';

/** LiveBucket::FIRST_PROTOCOL_SHADOWS_REMOVED. */
const FIRST_PROTOCOL_SHADOWS_REMOVED = 12;

export interface HistoryStateBucket {
  curr: string;
  next: { state: 0 } | { state: 1; output: string };
  snap: string;
}

export interface HistoryArchiveState {
  version: 1 | 2;
  server: string;
  currentLedger: number;
  networkPassphrase: string;
  currentBuckets: HistoryStateBucket[];
  hotArchiveBuckets?: HistoryStateBucket[];
}

const hex = (bucket: Bucket) => Buffer.from(bucket.hash).toString('hex');

/**
 * A bucket list's levels as published (HistoryArchiveState::prepareForPublish): a pending merge
 * is cleared once its input snap is of a protocol without shadows (a reader redoes it from curr
 * and snap); before that it is named by its output.
 */
function levels(list: BucketList): HistoryStateBucket[] {
  return list.levels.map((level, i) => {
    const below = list.levels[i - 1];
    const cleared = !level.next || i === 0 || (below && below.snap.version >= FIRST_PROTOCOL_SHADOWS_REMOVED);
    return {
      curr: hex(level.curr),
      next: cleared || !level.next ? { state: 0 } : { state: 1, output: hex(level.next) },
      snap: hex(level.snap),
    };
  });
}

export function historyArchiveState(
  ledger: number,
  protocol: number,
  passphrase: string,
  server: string,
  live: BucketList,
  hotArchive: BucketList,
): HistoryArchiveState {
  const withHotArchive = protocol >= FIRST_PROTOCOL_WITH_HOT_ARCHIVE;
  return {
    version: withHotArchive ? 2 : 1,
    server,
    currentLedger: ledger,
    networkPassphrase: passphrase,
    currentBuckets: levels(live),
    ...(withHotArchive ? { hotArchiveBuckets: levels(hotArchive) } : {}),
  };
}

/** The file's text: cereal's JSONOutputArchive layout. */
export function serializeHas(has: HistoryArchiveState): string {
  return JSON.stringify(has, null, 4);
}
