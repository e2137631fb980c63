/**
 * `--history-archive`: an index without ledgers or state starts from the archive's latest
 * checkpoint, as Horizon does (its state built from the checkpoint's buckets, then ledgers from
 * the next one on). The RPC server must still keep the ledger after the checkpoint, or the index
 * could never go on from it. An index already holding ledgers or a state resumes as it is.
 */
import type { RpcClient } from '@starspec/ledger-rpc/client';
import { ArchiveFiles } from '../archive/archive-files.js';
import { type ArchiveProgress, checkpointEntries, latestCheckpoint } from '../archive/archive-state.js';
import { HistoryArchiveError } from '../archive/errors.js';
import type { IndexStore } from '../store/index-store.js';

export interface ArchiveStart {
  url: string;
  client: RpcClient;
  store: IndexStore;
  signal?: AbortSignal;
  onProgress?: (progress: ArchiveProgress & { checkpoint: number }) => void;
}

/** Answers the checkpoint loaded, or undefined when the index had ledgers or a state already. */
export async function startFromArchive(start: ArchiveStart): Promise<number | undefined> {
  const { store, url } = start;
  if ((await store.latestLedger()) !== undefined || (await store.stateLedger()) !== undefined)
    return undefined;
  const files = new ArchiveFiles(url, start.signal);
  const has = await latestCheckpoint(files);
  const checkpoint = has.currentLedger;
  if (has.networkPassphrase !== undefined && has.networkPassphrase !== store.passphrase)
    throw new HistoryArchiveError(
      `the history archive at ${url} is of the network "${has.networkPassphrase}", the RPC server's is "${store.passphrase}"`,
    );
  const { oldestLedger, latestLedger } = await start.client.getHealth();
  if (checkpoint + 1 < oldestLedger)
    throw new HistoryArchiveError(
      `the history archive's latest checkpoint is ledger ${checkpoint}, but the RPC server keeps ledgers from ${oldestLedger} on: ` +
        `ledgers ${checkpoint + 1}–${oldestLedger - 1} cannot be ingested (an RPC server with a longer retention, or an archive published since, can)`,
    );
  if (checkpoint > latestLedger)
    throw new HistoryArchiveError(
      `the history archive's latest checkpoint is ledger ${checkpoint}, past the RPC server's latest (${latestLedger}): is it of another network?`,
    );
  const entries = checkpointEntries(files, has, (progress) =>
    start.onProgress?.({ ...progress, checkpoint }),
  );
  return (await store.loadState(checkpoint, entries)) ? checkpoint : undefined;
}
