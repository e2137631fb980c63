/**
 * The gateway: the REST face over any Stellar RPC server. It ingests the server's ledgers into
 * its own index (SQLite, or PostgreSQL given a `postgres://` URL) and submits through it. It
 * ingests in a worker thread with its own connection (ingest-thread.ts), so this thread only
 * serves; an in-memory index, which no other connection sees, ingests here.
 */
import type { Server } from 'node:http';
import { closeGracefully, createHttpServer, listen } from '@starspec/runtime/http';
import type { ArchiveProgress } from '../archive/archive-state.js';
import { withHorizonCors } from '../rest/cors.js';
import { createLedgerApiListener } from '../rest/face.js';
import type { RateLimit } from '../rest/rate-limit.js';
import type { StreamLimits } from '../rest/stream-slots.js';
import type { IndexStore } from '../store/index-store.js';
import { isPostgres, openIndex, POOLS } from '../store/open-index.js';
import { startFromArchive } from './archive-start.js';
import { IndexWatch } from './index-watch.js';
import { takeIngestLock, withLoadLock } from './ingest-lock.js';
import { threadIngestion } from './ingest-thread.js';
import { ingestInTurns } from './ingest-turns.js';
import { type FollowSettings, type Ingestion, localIngestion } from './ingestion.js';
import { describeRpcFailure } from './rpc-problem.js';
import { rpcClient, rpcSource } from './rpc-source.js';

export interface GatewayOptions extends StreamLimits {
  rpcUrl: string;
  /** A SQLite file (default `:memory:`) or a `postgres://` URL. */
  database?: string;
  port?: number;
  host?: string;
  /** First ledger to ingest into an empty index (default: the RPC server's oldest). */
  from?: number;
  /**
   * A history archive's URL: an index without ledgers or state is loaded with the state of the
   * archive's latest checkpoint before it serves, and ingests from the ledger after it (archive-start.ts).
   */
  historyArchive?: string;
  /** Reading the archive: buckets read of all, entries kept so far. */
  onArchiveProgress?: (progress: ArchiveProgress & { checkpoint: number }) => void;
  /**
   * Ledgers of history kept (Horizon's `--history-retention-count`; default all): older ones are
   * deleted as new ones come, and `history_elder_ledger` moves on with them. It is the index's
   * own window, whatever the RPC server keeps, as Horizon's is whatever its core keeps.
   */
  historyRetention?: number;
  /**
   * Whether this node ingests (default true). With PostgreSQL, nodes that ingest take turns: one
   * at a time holds the ingestion lock, the others wait to take over; `false` serves the shared
   * index without ever ingesting. SQLite is one node's index: it refuses `false`.
   */
  ingest?: boolean;
  /** Wait between polls of the RPC server, of the ingestion lock and of a shared index (default 1 s). */
  pollMs?: number;
  /** Ledgers written per transaction while catching up (1–200, default 25). */
  batchLedgers?: number;
  /** Threads deriving batches side by side while catching up (1–8, default 1). */
  deriveThreads?: number;
  submitTimeoutMs?: number;
  validateResponses?: boolean;
  /** Requests per client address (off by default). */
  rateLimit?: RateLimit;
  onProgress?: (ingested: number, latest: number) => void;
  onError?: (error: unknown) => void;
  /** With PostgreSQL: told when this node takes (true) or loses (false) the ingestion lock. */
  onIngestTurn?: (ingesting: boolean) => void;
  /**
   * The ingestion thread's module, dist/gateway/ingest-worker.js (default: beside this module,
   * which a bundle moves: the bundled command says where it is).
   */
  ingestWorker?: URL;
}

export interface Gateway {
  readonly url: string;
  /** The serving thread's connection to the index. */
  readonly store: IndexStore;
  /** Settles when following stops: resolved on `stop()`, rejected when the index cannot go on. */
  readonly following: Promise<void>;
  /** Waits for the ledgers handed to ingestion so far, and the reap they asked for. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** An index only its own connection sees: ingested on the serving thread. */
const inMemory = (database: string) => database === ':memory:' || database === '';

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const onError = options.onError ?? ((error: unknown) => console.error('[starspec-horizon]', error));
  const database = options.database ?? ':memory:';
  const shared = isPostgres(database);
  const ingests = options.ingest ?? true;
  if (!ingests && !shared)
    throw new Error("a node that does not ingest serves a shared PostgreSQL index: SQLite is one node's");
  const client = rpcClient(options.rpcUrl);
  const source = await rpcSource(client).catch((error: unknown) => {
    throw new Error(describeRpcFailure(options.rpcUrl, error), { cause: error });
  });
  const store = await openIndex(database, source.passphrase, POOLS.serving);
  if (options.historyArchive && ingests) {
    const start = () =>
      startFromArchive({
        url: options.historyArchive as string,
        client,
        store,
        onProgress: options.onArchiveProgress,
      });
    // One node at a time loads a shared index: the others find it loaded.
    await (shared ? withLoadLock(database, start) : start()).catch(async (error: unknown) => {
      await store.close();
      throw error;
    });
  }
  const pollMs = options.pollMs ?? 1000;
  const retention = options.historyRetention;
  // What following needs, as data (the ingestion thread is given it as such).
  const plan = {
    ...(options.from === undefined ? {} : { from: options.from }),
    ...(retention ? { retention } : {}),
    pollMs,
    ...(options.batchLedgers ? { batchLedgers: options.batchLedgers } : {}),
    ...(options.deriveThreads ? { deriveThreads: options.deriveThreads } : {}),
  };
  const settings: FollowSettings = { ...plan, client, onProgress: options.onProgress, onError };
  const ingestion: Ingestion | undefined = !ingests
    ? undefined
    : inMemory(database)
      ? localIngestion(store, settings)
      : await threadIngestion({
          setup: { ...plan, rpcUrl: options.rpcUrl, database, passphrase: source.passphrase },
          workerUrl: options.ingestWorker ?? new URL('./ingest-worker.js', import.meta.url),
          store,
          onProgress: options.onProgress,
          onError,
        }).catch(async (error: unknown) => {
          await store.close();
          throw error;
        });
  // Aborted by stop(): following ends, and so do open streams.
  const abort = new AbortController();
  // What other nodes ingest into a shared index reaches this one's streams and submissions by polling.
  const watch = shared ? new IndexWatch(store) : undefined;
  const listener = createLedgerApiListener({
    store,
    source,
    awaitIngested: (hash, ms) =>
      anyLanded([ingestion, watch].flatMap((source) => (source ? [source.awaitIngested(hash, ms)] : []))),
    onLedger: (listener) => {
      const stops = [ingestion?.onLedger(listener), watch?.onLedger(listener)];
      return () => {
        for (const stop of stops) stop?.();
      };
    },
    closing: abort.signal,
    submitTimeoutMs: options.submitTimeoutMs,
    validateResponses: options.validateResponses,
    rateLimit: options.rateLimit,
    maxStreams: options.maxStreams,
    maxStreamsPerClient: options.maxStreamsPerClient,
    onError,
  });
  const server: Server = createHttpServer(withHorizonCors(listener), { errorStyle: 'problem' });
  const url = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1').catch(
    async (error: unknown) => {
      // A started ingestion thread would keep the process alive.
      await ingestion?.close();
      await store.close();
      throw error;
    },
  );
  const watching = watch?.run(pollMs, abort.signal, onError) ?? Promise.resolve();
  let following: Promise<void>;
  if (!ingestion) following = watching;
  else if (!shared) following = ingestion.follow(abort.signal);
  else
    following = ingestInTurns({
      take: (signal) => takeIngestLock(database, { signal, retryMs: pollMs, onError }),
      follow: (signal) => ingestion.follow(signal),
      signal: abort.signal,
      onTurn: (ingesting) => {
        watch?.quiet(ingesting);
        // Another node may have written the index since this one last ingested.
        if (ingesting) ingestion.reread();
        options.onIngestTurn?.(ingesting);
      },
    });
  // An ingestion thread that dies ends the gateway, following or not.
  if (ingestion) following = Promise.race([following, ingestion.failure]);
  following.catch(() => undefined);
  return {
    url,
    store,
    following,
    idle: () => ingestion?.idle() ?? Promise.resolve(),
    async stop() {
      abort.abort();
      // Reaping stops now; the batch under way commits (or rolls back) before the index closes.
      const closing = ingestion?.close();
      await following.catch(() => undefined);
      await watching;
      await closeGracefully(server);
      await closing;
      await store.close();
    },
  };
}

/** True as soon as one wait is, false once all are (or none was asked); a failed wait fails it. */
function anyLanded(waits: readonly Promise<boolean>[]): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let pending = waits.length;
    if (pending === 0) resolve(false);
    for (const wait of waits)
      wait.then((landed) => {
        if (landed) resolve(true);
        else if (--pending === 0) resolve(false);
      }, reject);
  });
}
