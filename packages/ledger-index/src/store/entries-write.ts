/**
 * The live entries after consecutive ledgers: their changes folded in memory, in order, into the
 * last state of each key (written or deleted), then written in multi-row statements.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { xdrBase64 } from '../derive/format.js';
import type { IndexBatch } from '../derive/records.js';
import { deleteWhereIn, upsertRows } from './bulk.js';
import type { SqlExecutor, SqlValue } from './driver.js';
import { entryKey, entryKind, entryOwner, keyOfChange } from './entry-state.js';

const COLUMNS = ['key', 'kind', 'owner', 'entry', 'last_modified'];

/** The `entries` row of a live entry; `ledger` is the change's, for an entry that does not say. */
function entryRow(key: string, entry: xdr.LedgerEntry, ledger: number): SqlValue[] {
  return [
    key,
    entryKind(entry),
    entryOwner(entry) ?? null,
    xdrBase64(entry),
    entry.lastModifiedLedgerSeq ?? ledger,
  ];
}

/** Writes live entries (each kept type's, keys unique), replacing what their keys held. */
export function writeLiveEntries(tx: SqlExecutor, entries: readonly xdr.LedgerEntry[]): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const key = entryKey(entry);
    return key ? [entryRow(xdrBase64(key), entry, entry.lastModifiedLedgerSeq)] : [];
  });
  return upsertRows(tx, 'entries', COLUMNS, rows);
}

/** Applies every batch's entry changes, in order: a key's last change is what stays. */
export async function writeEntries(tx: SqlExecutor, batches: readonly IndexBatch[]): Promise<void> {
  // An entry is encoded only once its last change is known: an account changes many times a ledger.
  const last = new Map<string, { entry: xdr.LedgerEntry; ledger: number } | null>();
  for (const batch of batches)
    for (const change of batch.changes) {
      const effect = keyOfChange(change);
      if (!effect) continue;
      const { key, entry } = effect;
      last.set(key, entry === null ? null : { entry, ledger: batch.ledger.sequence });
    }
  const removed: string[] = [];
  const rows: SqlValue[][] = [];
  for (const [key, live] of last)
    if (live === null) removed.push(key);
    else rows.push(entryRow(key, live.entry, live.ledger));
  await deleteWhereIn(tx, 'entries', 'key', removed);
  await upsertRows(tx, 'entries', COLUMNS, rows);
}
