/**
 * A network kept in a SQLite file (through libsql, a better-sqlite3-compatible binding shipped
 * as prebuilt N-API packages, loaded only when a file is asked for). WAL journal with
 * synchronous=FULL: a commit returns once it is in the log on disk, so a ledger close, committed
 * before anything shows it, survives a crash of the process or of the machine.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type LibsqlDatabase from 'libsql';
import { SqliteBucketStorage } from './buckets.js';
import { SqliteEntryStore } from './entries.js';
import { SqliteLedgerHistory } from './history.js';
import { prepareSchema, StorageError } from './schema.js';
import { prepareStatements } from './statements.js';
import { WriteUnit } from './transaction.js';

/** How long a write waits for another connection's lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

function openDatabase(file: string, passphrase: string): LibsqlDatabase.Database {
  const Libsql = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;
  mkdirSync(dirname(file), { recursive: true });
  const db = new Libsql(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    prepareSchema(db, file, passphrase);
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') {
      throw new StorageError(`${file} is not a SQLite database`, { cause: error });
    }
    throw error;
  }
}

export class SqliteStorage {
  /** The connection (its pragmas are per connection: tests read them here). */
  readonly db: LibsqlDatabase.Database;
  readonly store: SqliteEntryStore;
  readonly history: SqliteLedgerHistory;
  readonly buckets: SqliteBucketStorage;
  readonly #unit: WriteUnit;

  /** Opens (or creates) `file` for the network on `passphrase` and reads it into memory. */
  constructor(file: string, passphrase: string) {
    this.db = openDatabase(file, passphrase);
    try {
      const sql = prepareStatements(this.db);
      this.#unit = new WriteUnit(this.db, file);
      this.store = new SqliteEntryStore(this.#unit, sql);
      this.history = new SqliteLedgerHistory(this.#unit, sql, file);
      this.buckets = new SqliteBucketStorage(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  atomically<T>(write: () => T): T {
    return this.#unit.atomically(write);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
