/**
 * The live entries after consecutive ledgers: their changes folded in memory, in order, into the
 * last state of each key (written or deleted), then written in multi-row statements.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
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
    entry.toXdr('base64'),
    entry.lastModifiedLedgerSeq ?? ledger,
  ];
}

/** Writes live entries (each kept type's, keys unique), replacing what their keys held. */
export function writeLiveEntries(tx: SqlExecutor, entries: readonly xdr.LedgerEntry[]): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const key = entryKey(entry);
    return key ? [entryRow(key.toXdr('base64'), entry, entry.lastModifiedLedgerSeq)] : [];
  });
  return upsertRows(tx, 'entries', COLUMNS, rows);
}

/** Applies every batch's entry changes, in order: a key's last change is what stays. */
export async function writeEntries(tx: SqlExecutor, batches: readonly IndexBatch[]): Promise<void> {
  const last = new Map<string, SqlValue[] | null>();
  for (const batch of batches)
    for (const change of batch.changes) {
      const effect = keyOfChange(change);
      if (!effect) continue;
      const { key, entry } = effect;
      last.set(key, entry === null ? null : entryRow(key, entry, batch.ledger.sequence));
    }
  const removed = [...last].filter(([, row]) => row === null).map(([key]) => key);
  await deleteWhereIn(tx, 'entries', 'key', removed);
  await upsertRows(
    tx,
    'entries',
    COLUMNS,
    [...last.values()].filter((row): row is SqlValue[] => row !== null),
  );
}
