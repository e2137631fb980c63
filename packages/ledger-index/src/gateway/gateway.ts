/**
 * The gateway: the REST face over any Stellar RPC server. It ingests the server's ledgers into
 * its own index (SQLite, or PostgreSQL given a `postgres://` URL) and submits through it.
 */
import type { Server } from 'node:http';
import { closeGracefully, createHttpServer, listen } from '@starspec/runtime/http';
import { Ingester } from '../ingest/ingester.js';
import { withHorizonCors } from '../rest/cors.js';
import { createLedgerApiListener } from '../rest/face.js';
import type { RateLimit } from '../rest/rate-limit.js';
import type { StreamLimits } from '../rest/stream-slots.js';
import type { SqlDriver } from '../store/driver.js';
import { IndexStore } from '../store/index-store.js';
import { openPostgres } from '../store/postgres.js';
import { openSqlite } from '../store/sqlite.js';
import { followRpc } from './follow.js';
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
   * Ledgers of history kept (Horizon's `--history-retention-count`; default all): older ones are
   * deleted as new ones come, and `history_elder_ledger` moves on with them. It is the index's
   * own window, whatever the RPC server keeps, as Horizon's is whatever its core keeps.
   */
  historyRetention?: number;
  pollMs?: number;
  /** Ledgers written per transaction while catching up (1–200, default 50). */
  batchLedgers?: number;
  submitTimeoutMs?: number;
  validateResponses?: boolean;
  /** Requests per client address (off by default). */
  rateLimit?: RateLimit;
  onProgress?: (ingested: number, latest: number) => void;
  onError?: (error: unknown) => void;
}

export interface Gateway {
  readonly url: string;
  readonly ingester: Ingester;
  /** Settles when following stops: resolved on `stop()`, rejected when the index cannot go on. */
  readonly following: Promise<void>;
  stop(): Promise<void>;
}

export function openDatabase(database = ':memory:'): Promise<SqlDriver> {
  return /^postgres(ql)?:\/\//.test(database)
    ? openPostgres(database)
    : Promise.resolve(openSqlite(database));
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const onError = options.onError ?? ((error: unknown) => console.error('[starspec-horizon]', error));
  const client = rpcClient(options.rpcUrl);
  const source = await rpcSource(client).catch((error: unknown) => {
    throw new Error(describeRpcFailure(options.rpcUrl, error), { cause: error });
  });
  const store = await IndexStore.open(await openDatabase(options.database), source.passphrase);
  const retention = options.historyRetention;
  const ingester = new Ingester(store, {
    ...(retention ? { retention: { ledgers: retention } } : {}),
    onError,
  });
  // Aborted by stop(): following ends, and so do open streams.
  const abort = new AbortController();
  const listener = createLedgerApiListener({
    store,
    source,
    awaitIngested: (hash, ms) => ingester.awaitIngested(hash, ms),
    onLedger: (listener) => ingester.onLedger(listener),
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
  const following = followRpc({
    client,
    ingester,
    from: options.from,
    ...(retention ? { retention } : {}),
    pollMs: options.pollMs,
    ...(options.batchLedgers ? { batchLedgers: options.batchLedgers } : {}),
    signal: abort.signal,
    onProgress: options.onProgress,
    onError,
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
      await closeGracefully(server);
      await ingester.idle();
      await store.close();
    },
  };
}
