/** Database files for the storage tests, and a connection of the test's own to look inside one. */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { xdr } from '@stellar/stellar-sdk/base';
import type LibsqlDatabase from 'libsql';
import type { EntryStore, LedgerHistory } from '../../src/index.js';

const Libsql = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;

/** A path in a new temporary directory (the file does not exist yet). */
export function tempFile(name = 'sandbox.db'): string {
  return join(mkdtempSync(join(tmpdir(), 'sandbox-storage-')), name);
}

/** A second connection to `file`: it sees only what the sandbox's connection has committed. */
export function reader(file: string): LibsqlDatabase.Database {
  return new Libsql(file);
}

/** Every entry of a store as base64 XDR, by key id in order: equal stores give equal lists. */
export function entriesOf(store: EntryStore): [string, string][] {
  return [...store.entries()]
    .map(([id, entry]): [string, string] => [id, (entry as xdr.LedgerEntry).toXdr('base64')])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Every ledger a history keeps as [sequence, hash hex, meta base64]. */
export function ledgersOf(history: LedgerHistory): [number, string, string][] {
  const oldest = history.oldest()?.sequence ?? 1;
  const latest = history.latest()?.sequence ?? 0;
  return history
    .range(oldest, latest)
    .map((l) => [l.sequence, Buffer.from(l.hash).toString('hex'), l.meta.toXdr('base64')]);
}
