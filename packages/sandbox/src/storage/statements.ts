/**
 * Every statement the storage runs, prepared once when it opens (preparing per call would
 * cost more than the write).
 */
import type LibsqlDatabase from 'libsql';

const SQL = {
  allEntries: 'SELECT id, entry FROM entries',
  putEntry: `INSERT INTO entries (id, entry) VALUES (?, ?)
    ON CONFLICT (id) DO UPDATE SET entry = excluded.entry`,
  deleteEntry: 'DELETE FROM entries WHERE id = ?',
  allLedgers: 'SELECT meta FROM ledgers ORDER BY sequence',
  insertLedger: 'INSERT INTO ledgers (sequence, hash, meta) VALUES (?, ?, ?)',
  trimLedgers: 'DELETE FROM ledgers WHERE sequence < ?',
} as const;

export type Statements = { [name in keyof typeof SQL]: LibsqlDatabase.Statement };

/** Prepares every statement on an open database whose schema is in place. */
export function prepareStatements(db: LibsqlDatabase.Database): Statements {
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as Statements;
}

/** A BLOB column as bytes: libsql answers `get()` with a Buffer but `iterate()` and `all()` with an ArrayBuffer. */
export function blob(value: unknown): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Uint8Array) return value;
  throw new TypeError(`expected a BLOB, got ${Object.prototype.toString.call(value)}`);
}
