/**
 * The sandbox's SQLite schema: the live entries, the closed ledgers within retention (each as
 * its LedgerCloseMeta XDR, which holds the header a restart resumes from), and what the file was
 * made for (the network passphrase and the schema version). A file made for another network, by
 * a newer schema or by something else is refused with a StorageError.
 */
import type LibsqlDatabase from 'libsql';

/** The schema this version writes; a file with a higher one was written by a newer sandbox. */
export const SCHEMA_VERSION = 1;

const CREATE_TABLES = `
CREATE TABLE sandbox (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE entries (id TEXT PRIMARY KEY, entry BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE ledgers (sequence INTEGER PRIMARY KEY, hash BLOB NOT NULL, meta BLOB NOT NULL);
`;

/** A database file the sandbox will not use as it is: what to do about it is in the message. */
export class StorageError extends Error {
  override name = 'StorageError';
}

/**
 * Creates the schema in an empty database, or checks that `file` holds a sandbox network on
 * `passphrase` that this version can read.
 */
export function prepareSchema(db: LibsqlDatabase.Database, file: string, passphrase: string): void {
  db.transaction(() => {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    if (tables.length === 0) {
      db.exec(CREATE_TABLES);
      const insert = db.prepare('INSERT INTO sandbox (name, value) VALUES (?, ?)');
      insert.run('schema_version', String(SCHEMA_VERSION));
      insert.run('passphrase', passphrase);
      return;
    }
    if (!tables.includes('sandbox')) {
      throw new StorageError(`${file} is not a sandbox database (its tables: ${tables.join(', ')})`);
    }
    const rows = db.prepare('SELECT name, value FROM sandbox').all() as { name: string; value: string }[];
    const settings = new Map(rows.map((row) => [row.name, row.value]));
    const version = Number(settings.get('schema_version'));
    if (!Number.isInteger(version) || version < 1) {
      throw new StorageError(`${file} has no storage schema version: it was not written by the sandbox`);
    }
    if (version > SCHEMA_VERSION) {
      throw new StorageError(
        `${file} was written by a newer sandbox (storage schema ${version}; this version reads ${SCHEMA_VERSION})`,
      );
    }
    const stored = settings.get('passphrase');
    if (stored !== passphrase) {
      throw new StorageError(
        `${file} holds the network '${stored}', not '${passphrase}': start with that passphrase or another file`,
      );
    }
  }).immediate();
}
