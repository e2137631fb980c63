/**
 * Which node ingests a shared PostgreSQL index: the one holding a session advisory lock, taken on
 * a connection of its own and held for as long as it ingests. A node that does not get it tries
 * again after a wait; when the holder dies its session ends, PostgreSQL releases the lock, and the
 * next try of a waiting node takes it over.
 *
 * Horizon serializes its ingesting nodes differently: each ledger's transaction first reads the
 * last ingested ledger `FOR UPDATE` (stellar/go services/horizon internal/ingest/fsm.go
 * resumeState, db2/history/key_value.go GetLastLedgerIngest), so the others block on that row and
 * then skip the ledger; its reaper takes `pg_try_advisory_xact_lock` (db2/history/verify_lock.go).
 * A session lock keeps every node but one from polling the RPC server at all.
 */
import type pg from 'pg';
import { INGEST_LOCK_KEY, LOAD_LOCK_KEY } from '../store/lock-keys.js';
import { sleep as pause } from './follow.js';

export interface HeldLock {
  /** Aborted when the lock's connection fails: another node may take the lock from then on. */
  readonly lost: AbortSignal;
  /** Releases the lock (ends its connection). */
  release(): Promise<void>;
}

export interface TakeLockOptions {
  /** Ends the waiting: `takeIngestLock` then answers undefined. */
  signal: AbortSignal;
  /** Wait between tries, and between checks that a held lock's connection still answers. */
  retryMs: number;
  /** A failed try (the database unreachable); trying goes on. */
  onError?: (error: unknown) => void;
}

let driver: typeof pg | undefined;

async function connect(url: string): Promise<pg.Client> {
  driver ??= (await import('pg')).default;
  const client = new driver.Client({
    connectionString: url,
    keepAlive: true,
    application_name: 'starspec-horizon ingestion lock',
  });
  // A lost connection is noticed by the next query: no 'error' may go unheard (it would crash).
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Keeps checking the holding connection; `lost` aborts when it stops answering. */
function watchHolder(client: pg.Client, retryMs: number): HeldLock {
  const lost = new AbortController();
  const released = new AbortController();
  const fail = () => lost.abort(new Error('the ingestion lock connection was lost'));
  client.once('end', fail);
  void (async () => {
    while (!released.signal.aborted && !lost.signal.aborted) {
      await pause(retryMs, released.signal);
      if (released.signal.aborted) return;
      await client.query('SELECT 1').catch(fail);
    }
  })();
  return {
    lost: lost.signal,
    async release() {
      released.abort();
      client.off('end', fail);
      // Ending the session releases its advisory locks.
      await client.end().catch(() => undefined);
    },
  };
}

/** Takes the ingestion lock, trying again every `retryMs`; undefined when stopped first. */
export async function takeIngestLock(url: string, options: TakeLockOptions): Promise<HeldLock | undefined> {
  const { signal, retryMs } = options;
  let client: pg.Client | undefined;
  while (!signal.aborted) {
    try {
      client ??= await connect(url);
      const [row] = (
        await client.query('SELECT pg_try_advisory_lock($1::bigint) AS taken', [String(INGEST_LOCK_KEY)])
      ).rows as { taken: boolean }[];
      if (row?.taken) {
        if (!signal.aborted) return watchHolder(client, retryMs);
        await client.end().catch(() => undefined);
        return undefined;
      }
    } catch (error) {
      options.onError?.(error);
      await client?.end().catch(() => undefined);
      client = undefined;
    }
    await pause(retryMs, signal);
  }
  await client?.end().catch(() => undefined);
  return undefined;
}

/** Runs `work` (loading the index from an archive) while holding the load lock, waiting for it if need be. */
export async function withLoadLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [String(LOAD_LOCK_KEY)]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
