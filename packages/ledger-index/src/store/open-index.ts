/** Opening the index by where it is: a SQLite file (or ':memory:') or a `postgres://` URL. */
import type { SqlDriver } from './driver.js';
import { IndexStore } from './index-store.js';
import { openPostgres, type PoolOptions } from './postgres.js';
import { openSqlite } from './sqlite.js';

export const isPostgres = (database: string) => /^postgres(ql)?:\/\//.test(database);

/** `pool`: on PostgreSQL, the connections this opener needs and its name (see postgres.ts). */
export function openDatabase(database = ':memory:', pool: PoolOptions = {}): Promise<SqlDriver> {
  return isPostgres(database) ? openPostgres(database, pool) : Promise.resolve(openSqlite(database));
}

/** Opens the index (on PostgreSQL one node at a time creates or upgrades it: IndexStore.open). */
export async function openIndex(
  database: string,
  passphrase: string,
  pool: PoolOptions = {},
): Promise<IndexStore> {
  return IndexStore.open(await openDatabase(database, pool), passphrase);
}

/**
 * Each opener's PostgreSQL pool. A node serves through 8 connections; the one that ingests adds its
 * thread's 3 (a batch's transaction, the reaper's deletes, reads between batches) and its lock's 1
 * (ingest-lock.ts); a reingestion, 2 per worker (one job written at a time) and 2 for its reads.
 */
export const POOLS = {
  serving: { name: 'starspec-horizon serving' },
  ingestion: { name: 'starspec-horizon ingestion', connections: 3 },
  reingest: { name: 'starspec-horizon reingest', connections: 2 },
  reingestWorker: { name: 'starspec-horizon reingest worker', connections: 2 },
} as const satisfies Record<string, PoolOptions>;
