/**
 * The gateway: the REST face over any Stellar RPC server. It ingests the server's ledgers into
 * its own index (SQLite, or PostgreSQL given a `postgres://` URL) and submits through it.
 */
import type { Server } from 'node:http';
import { closeGracefully, createHttpServer, listen } from '@starspec/runtime/http';
import type { ArchiveProgress } from '../archive/archive-state.js';
import { Ingester } from '../ingest/ingester.js';
import { withHorizonCors } from '../rest/cors.js';
import { createLedgerApiListener } from '../rest/face.js';
import type { RateLimit } from '../rest/rate-limit.js';
import type { StreamLimits } from '../rest/stream-slots.js';
import { isPostgres, openIndex } from '../store/open-index.js';
import { startFromArchive } from './archive-start.js';
import { followRpc } from './follow.js';
import { IndexWatch } from './index-watch.js';
import { takeIngestLock, withLoadLock } from './ingest-lock.js';
import { ingestInTurns } from './ingest-turns.js';
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
  /** Ledgers written per transaction while catching up (1–200, default 50). */
  batchLedgers?: number;
  submitTimeoutMs?: number;
  validateResponses?: boolean;
  /** Requests per client address (off by default). */
  rateLimit?: RateLimit;
  onProgress?: (ingested: number, latest: number) => void;
  onError?: (error: unknown) => void;
  /** With PostgreSQL: told when this node takes (true) or loses (false) the ingestion lock. */
  onIngestTurn?: (ingesting: boolean) => void;
}

export interface Gateway {
  readonly url: string;
  readonly ingester: Ingester;
  /** Settles when following stops: resolved on `stop()`, rejected when the index cannot go on. */
  readonly following: Promise<void>;
  stop(): Promise<void>;
}

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
  const store = await openIndex(database, source.passphrase);
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
  const retention = options.historyRetention;
  const ingester = new Ingester(store, {
    ...(retention ? { retention: { ledgers: retention } } : {}),
    onError,
  });
  // Aborted by stop(): following ends, and so do open streams.
  const abort = new AbortController();
  // What other nodes ingest into a shared index reaches this one's streams and submissions by polling.
  const watch = shared ? new IndexWatch(store) : undefined;
  const listener = createLedgerApiListener({
    store,
    source,
    awaitIngested: (hash, ms) =>
      watch
        ? either(ingester.awaitIngested(hash, ms), watch.awaitIngested(hash, ms))
        : ingester.awaitIngested(hash, ms),
    onLedger: (listener) => {
      const stops = [ingester.onLedger(listener), watch?.onLedger(listener)];
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
  const url = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const pollMs = options.pollMs ?? 1000;
  const follow = (signal: AbortSignal) =>
    followRpc({
      client,
      ingester,
      from: options.from,
      ...(retention ? { retention } : {}),
      pollMs,
      ...(options.batchLedgers ? { batchLedgers: options.batchLedgers } : {}),
      signal,
      onProgress: options.onProgress,
      onError,
    });
  const watching = watch?.run(pollMs, abort.signal, onError) ?? Promise.resolve();
  let following: Promise<void>;
  if (!shared) following = follow(abort.signal);
  else if (!ingests) following = watching;
  else
    following = ingestInTurns({
      take: (signal) => takeIngestLock(database, { signal, retryMs: pollMs, onError }),
      follow,
      signal: abort.signal,
      onTurn: (ingesting) => {
        watch?.quiet(ingesting);
        // Another node may have written the index since this one last ingested.
        if (ingesting) ingester.reread();
        options.onIngestTurn?.(ingesting);
      },
    });
  following.catch(() => undefined);
  return {
    url,
    ingester,
    following,
    async stop() {
      abort.abort();
      ingester.stopReaping();
      await following.catch(() => undefined);
      await watching;
      await closeGracefully(server);
      await ingester.idle();
      await store.close();
    },
  };
}

/** True as soon as either wait is, false once both are. */
function either(a: Promise<boolean>, b: Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    let pending = 2;
    for (const wait of [a, b])
      void wait.then((landed) => {
        if (landed) resolve(true);
        else if (--pending === 0) resolve(false);
      });
  });
}
