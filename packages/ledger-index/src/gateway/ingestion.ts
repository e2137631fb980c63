/**
 * How the gateway ingests: following the RPC server, deriving each ledger and writing it, with
 * the stream and submission notices that follow each commit. `localIngestion` does it on the
 * calling thread with the serving connection (an in-memory index has no other); ingest-thread.ts
 * does it in a worker thread with a connection of its own, so serving never waits on it.
 */
import type { RpcClient } from '@starspec/ledger-rpc/client';
import type { Deriver } from '../ingest/derive-ledgers.js';
import { Ingester } from '../ingest/ingester.js';
import type { LedgerSummary } from '../ingest/ledger-summary.js';
import type { IndexStore } from '../store/index-store.js';
import { followRpc } from './follow.js';

export interface Ingestion {
  /** Follows the RPC server until `signal` aborts; rejects when the index cannot go on. */
  follow(signal: AbortSignal): Promise<void>;
  /** Calls `listener` with what each committed ledger holds; returns a function that stops it. */
  onLedger(listener: (ledger: LedgerSummary) => void): () => void;
  /** Resolves true once the index holds the transaction, false after `timeoutMs`. */
  awaitIngested(hash: string, timeoutMs: number): Promise<boolean>;
  /** Forgets what it read once from the index (another node may have written it since). */
  reread(): void;
  /** Waits for the ledgers handed over so far, and the reap they asked for. */
  idle(): Promise<void>;
  /** Rejects if ingestion dies on its own (a worker thread that crashed); never resolves. */
  readonly failure: Promise<never>;
  /** Stops reaping and waits for the transaction under way (following must be stopped first). */
  close(): Promise<void>;
}

/** What following needs besides the store and signal. */
export interface FollowSettings {
  client: RpcClient;
  from?: number;
  retention?: number;
  pollMs: number;
  batchLedgers?: number;
  onProgress?: (ingested: number, latest: number) => void;
  onError: (error: unknown) => void;
  /** Where ledgers are derived (default: on this thread); closed with the ingestion. */
  deriver?: Deriver;
}

/** Ingestion on this thread, through `store` (which it leaves open). */
export function localIngestion(store: IndexStore, settings: FollowSettings): Ingestion {
  const { retention, onError } = settings;
  const ingester = new Ingester(store, {
    ...(retention ? { retention: { ledgers: retention } } : {}),
    onError,
    ...(settings.deriver ? { deriver: settings.deriver } : {}),
  });
  return {
    follow: (signal) =>
      followRpc({
        client: settings.client,
        ingester,
        from: settings.from,
        ...(retention ? { retention } : {}),
        pollMs: settings.pollMs,
        ...(settings.batchLedgers ? { batchLedgers: settings.batchLedgers } : {}),
        signal,
        onProgress: settings.onProgress,
        onError,
      }),
    onLedger: (listener) => ingester.onLedger(listener),
    awaitIngested: (hash, timeoutMs) => ingester.awaitIngested(hash, timeoutMs),
    reread: () => ingester.reread(),
    idle: () => ingester.idle(),
    failure: new Promise<never>(() => undefined),
    async close() {
      ingester.stopReaping();
      await ingester.idle();
      await settings.deriver?.close();
    },
  };
}
