/**
 * A history archive's latest checkpoint, read as Horizon bootstraps its state from one
 * (ingest/checkpoint_change_reader.go; historyarchive GetRootHAS, then GetCheckpointHAS): the
 * well-known HAS names the checkpoint, the checkpoint's own HAS its buckets, and the buckets,
 * newest first, its live state (bucket-merge.ts), handed out in batches of entries.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ArchiveFiles } from './archive-files.js';
import { bucketEntries } from './bucket-entries.js';
import { LiveStateMerge } from './bucket-merge.js';
import { HistoryArchiveError } from './errors.js';
import { type HistoryArchiveState, parseHistoryArchiveState } from './has.js';
import { bucketPath, historyPath, WELL_KNOWN_PATH } from './layout.js';

/** Entries per batch handed to the writer. */
export const STATE_BATCH_ENTRIES = 1000;
/** Within a bucket, progress is told every this many entries kept (the oldest buckets are the biggest). */
const PROGRESS_EVERY = 100_000;

export interface ArchiveProgress {
  /** Buckets read so far, of `buckets`. */
  read: number;
  buckets: number;
  /** Entries of the state kept so far. */
  entries: number;
}

/** The archive's latest checkpoint: the well-known HAS, then the checkpoint's own. */
export async function latestCheckpoint(files: ArchiveFiles): Promise<HistoryArchiveState> {
  const root = await files.text(WELL_KNOWN_PATH);
  const { currentLedger } = parseHistoryArchiveState(root.text, root.url);
  const own = await files.text(historyPath(currentLedger));
  const has = parseHistoryArchiveState(own.text, own.url);
  if (has.currentLedger !== currentLedger)
    throw new HistoryArchiveError(
      `${own.url} is the state of ledger ${has.currentLedger}, not ${currentLedger}`,
    );
  return has;
}

/** The checkpoint's live state the index keeps, in batches of at most STATE_BATCH_ENTRIES. */
export async function* checkpointEntries(
  files: ArchiveFiles,
  has: HistoryArchiveState,
  onProgress?: (progress: ArchiveProgress) => void,
): AsyncGenerator<xdr.LedgerEntry[]> {
  const merge = new LiveStateMerge();
  const buckets = has.liveBuckets;
  let entries = 0;
  let batch: xdr.LedgerEntry[] = [];
  for (const [i, hash] of buckets.entries()) {
    const oldest = i === buckets.length - 1;
    const { url, body } = await files.get(bucketPath(hash));
    for await (const record of bucketEntries(body, hash, url)) {
      const entry = merge.take(record, oldest);
      if (!entry) continue;
      batch.push(entry);
      entries += 1;
      if (batch.length >= STATE_BATCH_ENTRIES) {
        yield batch;
        batch = [];
      }
      if (entries % PROGRESS_EVERY === 0) onProgress?.({ read: i, buckets: buckets.length, entries });
    }
    onProgress?.({ read: i + 1, buckets: buckets.length, entries });
  }
  if (batch.length > 0) yield batch;
}
