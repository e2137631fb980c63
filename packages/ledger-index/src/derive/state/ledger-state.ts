/**
 * What the store needs of one ledger's entry changes, derived with the ledger so that the write
 * path only folds and writes: the `entries` rows each kept entry ends the ledger with, the
 * current-state records the changes touch, and the Stellar Asset Contract facts. Plain data (no
 * XDR values kept), so a ledger's decoded tree is let go once it is derived.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { writeLedgerEntry } from '../../generated/xdr-writer.gen.js';
import { writeXdrAs } from '../../meta/xdr-writer.js';
import { entryKind, entryOwner, keyOfChange } from '../../store/entry-state.js';
import { type LedgerFacts, ledgerFacts } from './contract-asset-facts.js';
import { type TouchedRecords, touchedRecords } from './touched.js';

/** An `entries` row but its key: kind, owner, base64 LedgerEntry, last modified ledger. */
export type EntryRow = [kind: string, owner: string | null, entry: string, lastModified: number];

export interface StateChanges {
  /** Base64 LedgerKey → the entry's row after the ledger's last change of it, or null when removed. */
  entries: Map<string, EntryRow | null>;
  touched: TouchedRecords;
  contractAssets: LedgerFacts;
}

/** The row of a live entry; `ledger` is the change's, for an entry that does not say. */
export function entryRow(entry: xdr.LedgerEntry, ledger: number): EntryRow {
  return [
    entryKind(entry),
    entryOwner(entry) ?? null,
    writeXdrAs(writeLedgerEntry, entry, 'base64'),
    entry.lastModifiedLedgerSeq ?? ledger,
  ];
}

/** A ledger's entry changes (in order: fees, transactions, upgrades) as the store applies them. */
export function stateChanges(
  changes: readonly xdr.LedgerEntryChange[],
  sequence: number,
  passphrase: string,
): StateChanges {
  // An entry is encoded once, with its last change: an account changes many times a ledger.
  const last = new Map<string, xdr.LedgerEntry | null>();
  for (const change of changes) {
    const effect = keyOfChange(change);
    if (effect) last.set(effect.key, effect.entry);
  }
  const entries = new Map<string, EntryRow | null>();
  for (const [key, entry] of last) entries.set(key, entry === null ? null : entryRow(entry, sequence));
  return {
    entries,
    touched: touchedRecords(changes),
    contractAssets: ledgerFacts(changes, sequence, passphrase),
  };
}
