/**
 * stellar-core's BucketList (bucket/BucketListBase.cpp): 11 levels of a `curr` and a `snap`
 * bucket. Each ledger's batch merges into level 0; level i-1 spills into level i at its
 * boundaries (levelShouldSpill), its curr becoming its snap and the old snap merging into level
 * i's next curr. stellar-core merges in the background and commits at the next spill; merges
 * are deterministic, so here they are done at once and held as `next` until then.
 */
import { createHash } from 'node:crypto';
import {
  type Bucket,
  type BucketListKind,
  EMPTY_BUCKET,
  FIRST_PROTOCOL_WITH_HOT_ARCHIVE,
  mergeBuckets,
} from './bucket.js';

export const LEVELS = 11;

export interface BucketLevel {
  curr: Bucket;
  snap: Bucket;
  /** The merge prepared at the last spill into this level, committed at the next. */
  next?: Bucket;
}

const roundDown = (n: number, multiple: number) => n - (n % multiple);
export const levelSize = (level: number) => 2 ** (2 * (level + 1));
export const levelHalf = (level: number) => levelSize(level) / 2;

/** Whether `level` spills into the next one when `ledger` closes. */
export function levelShouldSpill(ledger: number, level: number): boolean {
  if (level === LEVELS - 1) return false;
  return ledger === roundDown(ledger, levelHalf(level)) || ledger === roundDown(ledger, levelSize(level));
}

/** Whether the merge started into `level` at `ledger` starts from an empty curr (its curr snaps first). */
function shouldMergeWithEmptyCurr(ledger: number, level: number): boolean {
  if (level === 0) return false;
  const mergeStart = roundDown(ledger, levelHalf(level - 1));
  return levelShouldSpill(mergeStart + levelHalf(level - 1), level);
}

const keepTombstones = (level: number) => level < LEVELS - 1;

export class BucketList {
  readonly kind: BucketListKind;
  readonly levels: BucketLevel[];

  constructor(kind: BucketListKind, levels?: BucketLevel[]) {
    this.kind = kind;
    this.levels =
      levels ?? Array.from({ length: LEVELS }, () => ({ curr: EMPTY_BUCKET, snap: EMPTY_BUCKET }));
  }

  /** BucketListBase::addBatchInternal: `fresh` is the ledger's batch as a bucket. */
  addBatch(ledger: number, protocol: number, fresh: Bucket): void {
    for (let i = LEVELS - 1; i > 0; i--) {
      if (!levelShouldSpill(ledger, i - 1)) continue;
      const below = this.levels[i - 1] as BucketLevel;
      const level = this.levels[i] as BucketLevel;
      // BucketLevel::snap, then commit and prepare one level down.
      below.snap = below.curr;
      below.curr = EMPTY_BUCKET;
      if (level.next) level.curr = level.next;
      const curr = shouldMergeWithEmptyCurr(ledger, i) ? EMPTY_BUCKET : level.curr;
      level.next = mergeBuckets(curr, below.snap, { kind: this.kind, keepTombstones: keepTombstones(i) });
    }
    const first = this.levels[0] as BucketLevel;
    // Level 0 merges at once: in memory at the ledger's protocol for the live list
    // (prepareFirstLevel), a plain merge for the hot archive.
    first.curr = mergeBuckets(first.curr, fresh, {
      kind: this.kind,
      keepTombstones: true,
      ...(this.kind === 'live' ? { protocol } : {}),
    });
  }

  /** SHA-256 over each level's SHA-256 of its curr and snap hashes (BucketListBase::getHash). */
  hash(): Uint8Array {
    const list = createHash('sha256');
    for (const level of this.levels)
      list.update(createHash('sha256').update(level.curr.hash).update(level.snap.hash).digest());
    return new Uint8Array(list.digest());
  }

  /** Every bucket the list holds (its curr, snap and pending merges), the empty one excepted. */
  buckets(): Bucket[] {
    return this.levels
      .flatMap((l) => [l.curr, l.snap, ...(l.next ? [l.next] : [])])
      .filter((b) => b.version > 0 || b.records.length > 0);
  }
}

/**
 * The header's bucketListHash (BucketManager::snapshotLedger): from protocol 23 the SHA-256 of
 * the live list's hash and the hot archive's.
 */
export function bucketListHash(protocol: number, live: BucketList, hotArchive: BucketList): Uint8Array {
  if (protocol < FIRST_PROTOCOL_WITH_HOT_ARCHIVE) return live.hash();
  return new Uint8Array(createHash('sha256').update(live.hash()).update(hotArchive.hash()).digest());
}
