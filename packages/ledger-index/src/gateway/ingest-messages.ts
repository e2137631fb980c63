/** What the gateway's serving thread and its ingestion thread (ingest-worker.ts) say to each other. */
import type { LedgerSummary } from '../ingest/ledger-summary.js';
import type { ThreadError } from './thread-error.js';

/** The ingestion thread's `workerData`: where it reads, what it writes and how. */
export interface IngestSetup {
  rpcUrl: string;
  /** A SQLite file or a postgres:// URL: the thread opens its own connection. */
  database: string;
  passphrase: string;
  from?: number;
  retention?: number;
  pollMs: number;
  batchLedgers?: number;
  deriveThreads?: number;
}

export type ToIngestThread =
  /** Follow the RPC server until `unfollow` (one turn: the ingestion lock is the serving thread's). */
  | { type: 'follow' }
  | { type: 'unfollow' }
  /** Forget what was read once from the index: another node may have written it. */
  | { type: 'reread' }
  /** Answer `idle` once the ledgers handed over so far, and the reap they asked for, are done. */
  | { type: 'idle'; id: number }
  /** Stop following and reaping, finish the transaction under way, close the connection. */
  | { type: 'close' };

export type FromIngestThread =
  | { type: 'ready' }
  /** Its connection could not be opened. */
  | { type: 'failed'; error: ThreadError }
  /** A ledger committed, and the RPC server's latest. */
  | { type: 'progress'; ledger: number; latest: number }
  /** What a committed ledger holds: streams and waiting submissions hear of it. */
  | { type: 'ledger'; summary: LedgerSummary }
  /** A failure following goes on after (a poll, a reap). */
  | { type: 'error'; error: ThreadError }
  /** A turn of following ended: stopped (no `error`) or the index cannot go on. */
  | { type: 'followed'; error?: ThreadError }
  | { type: 'idle'; id: number }
  | { type: 'closed' };
