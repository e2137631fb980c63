/**
 * Where a network is kept: in memory (`:memory:`, gone with the process) or in a SQLite file it
 * resumes from. Either way the ledger reads and writes it through the core's EntryStore and
 * LedgerHistory, each close's writes made one unit by `atomically`.
 */
import type { BucketStorage } from '../bucket/bucket-state.js';
import type { EntryStore } from '../core/store.js';
import { MemoryEntryStore } from '../core/store.js';
import type { LedgerHistory } from '../history.js';
import { MemoryLedgerHistory } from '../history.js';
import type { LedgerOptions } from '../ledger.js';
import { StorageError } from './schema.js';
import { SqliteStorage } from './sqlite.js';

export const MEMORY = ':memory:';

export interface Storage {
  readonly store: EntryStore;
  readonly history: LedgerHistory;
  /** Where the bucket lists are kept with the rest (none in memory). */
  readonly buckets?: BucketStorage;
  /** Runs one ledger close's writes as one unit (see LedgerOptions.atomically). */
  atomically<T>(write: () => T): T;
  /** Releases the file; no write may follow. */
  close(): void;
}

/** Opens the storage `db` names: `:memory:`, or a SQLite file (created when missing) for `passphrase`. */
export function openStorage(db: string, passphrase: string): Storage {
  if (db === MEMORY) {
    return {
      store: new MemoryEntryStore(),
      history: new MemoryLedgerHistory(),
      atomically: (write) => write(),
      close() {},
    };
  }
  if (db.trim() === '') throw new StorageError(`the database file name is empty: give a path or '${MEMORY}'`);
  return new SqliteStorage(db, passphrase);
}

/** The options of `createLedger` that keep the ledger in `storage`. */
export function storageOptions(
  storage: Storage,
): Required<Pick<LedgerOptions, 'store' | 'history' | 'atomically'>> & Pick<LedgerOptions, 'bucketStorage'> {
  return {
    store: storage.store,
    history: storage.history,
    atomically: (write) => storage.atomically(write),
    ...(storage.buckets ? { bucketStorage: storage.buckets } : {}),
  };
}
