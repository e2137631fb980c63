/**
 * The SQLite driver (libsql, synchronous). WAL journal with synchronous=FULL: a commit returns
 * once it is on disk, so a ledger reported as ingested survives a crash.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type LibsqlDatabase from 'libsql';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver.js';

type Database = LibsqlDatabase.Database;
const Libsql = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;

export function openSqlite(path = ':memory:'): SqlDriver {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db: Database = new Libsql(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const cache = new Map<string, LibsqlDatabase.Statement>();
  const prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const executor: SqlExecutor = {
    dialect: 'sqlite',
    async query(sql, params: readonly SqlValue[] = []) {
      const statement = prepare(sql);
      statement.safeIntegers(true);
      return statement.all(...params) as Row[];
    },
    async run(sql, params: readonly SqlValue[] = []) {
      if (params.length === 0 && /;\s*\S/.test(sql)) db.exec(sql);
      else prepare(sql).run(...params);
    },
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...executor,
    transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      // One transaction at a time: a later one waits for the earlier to end.
      const run = queue.then(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(executor);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await queue;
      db.close();
    },
  };
}
