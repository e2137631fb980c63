/**
 * The live entries after consecutive ledgers: each ledger's rows (derive/state/ledger-state.ts)
 * folded in order into the last state of each key (written or deleted), then written in
 * multi-row statements.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { StateChanges } from '../derive/state/ledger-state.js';
import { type EntryRow, entryRow } from '../derive/state/ledger-state.js';
import { deleteWhereIn, upsertRows } from './bulk.js';
import type { SqlExecutor, SqlValue } from './driver.js';
import { entryKey, ledgerKeyBase64 } from './entry-state.js';

const COLUMNS = ['key', 'kind', 'owner', 'entry', 'last_modified'];

/** Writes live entries (each kept type's, keys unique), replacing what their keys held. */
export function writeLiveEntries(tx: SqlExecutor, entries: readonly xdr.LedgerEntry[]): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const key = entryKey(entry);
    return key ? [[ledgerKeyBase64(key), ...entryRow(entry, entry.lastModifiedLedgerSeq)]] : [];
  });
  return upsertRows(tx, 'entries', COLUMNS, rows);
}

/** Applies every ledger's entry rows, in order: a key's last row is what stays. */
export async function writeEntries(tx: SqlExecutor, ledgers: readonly StateChanges[]): Promise<void> {
  const last = new Map<string, EntryRow | null>();
  for (const { entries } of ledgers) for (const [key, row] of entries) last.set(key, row);
  const removed: string[] = [];
  const rows: SqlValue[][] = [];
  for (const [key, row] of last)
    if (row === null) removed.push(key);
    else rows.push([key, ...row]);
  await deleteWhereIn(tx, 'entries', 'key', removed);
  await upsertRows(tx, 'entries', COLUMNS, rows);
}
