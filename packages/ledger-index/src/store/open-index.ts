/** Opening the index by where it is: a SQLite file (or ':memory:') or a `postgres://` URL. */
import type { SqlDriver } from './driver.js';
import { IndexStore } from './index-store.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';

export const isPostgres = (database: string) => /^postgres(ql)?:\/\//.test(database);

export function openDatabase(database = ':memory:'): Promise<SqlDriver> {
  return isPostgres(database) ? openPostgres(database) : Promise.resolve(openSqlite(database));
}

/** Opens the index (on PostgreSQL one node at a time creates or upgrades it: IndexStore.open). */
export async function openIndex(database: string, passphrase: string): Promise<IndexStore> {
  return IndexStore.open(await openDatabase(database), passphrase);
}
