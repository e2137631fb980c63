/**
 * An operation's entry changes as stellar/go `ingest.GetChangesFromLedgerEntryChanges` gives
 * them to Horizon's effects processor: each `state` + `updated`/`removed` pair becomes one change
 * with its before and after image, `created` and `restored` have no before image, and the list
 * is sorted by the XDR of the entries' ledger keys (stable), so effects that walk the changes
 * come out in the same order whatever order stellar-core wrote them in.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { entryKey } from '../../store/entry-state.js';
import { accountId } from '../format.js';

export type EntryKind = xdr.LedgerEntryData['type'];

export interface EntryChange {
  kind: EntryKind;
  pre?: xdr.LedgerEntry;
  post?: xdr.LedgerEntry;
}

function before(list: readonly xdr.LedgerEntryChange[], index: number): xdr.LedgerEntry {
  const previous = list[index - 1];
  if (previous?.type === 'ledgerEntryState') return previous.state;
  if (previous?.type === 'ledgerEntryRestored') return previous.restored;
  throw new Error(`entry change ${index} has no state before it`);
}

function paired(list: readonly xdr.LedgerEntryChange[], index: number): EntryChange | undefined {
  const change = list[index];
  switch (change?.type) {
    case 'ledgerEntryCreated':
      return { kind: change.created.data.type, post: change.created };
    case 'ledgerEntryRestored':
      return { kind: change.restored.data.type, post: change.restored };
    case 'ledgerEntryUpdated':
      return { kind: change.updated.data.type, pre: before(list, index), post: change.updated };
    case 'ledgerEntryRemoved': {
      const pre = before(list, index);
      return { kind: pre.data.type, pre };
    }
    default:
      return undefined;
  }
}

/**
 * The paired, sorted changes. Only classic entries are kept: no effect reads contract data,
 * code or TTL entries, and leaving them out does not move the others relative to each other.
 */
export function entryChanges(list: readonly xdr.LedgerEntryChange[]): EntryChange[] {
  const keyed: { change: EntryChange; key: Buffer }[] = [];
  list.forEach((_, index) => {
    const change = paired(list, index);
    const entry = change && (change.post ?? change.pre);
    const key = entry && entryKey(entry);
    if (change && key) keyed.push({ change, key: Buffer.from(key.toXdr()) });
  });
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  return keyed.map((k) => k.change);
}

/** The entry after the change, or before it when it was removed. */
export function latest(change: EntryChange): xdr.LedgerEntry {
  const entry = change.post ?? change.pre;
  if (!entry) throw new Error('an entry change with neither image');
  return entry;
}

/** The account paying the entry's reserve (LedgerEntryExtensionV1.sponsoringID), as a G address. */
export function sponsorOf(entry: xdr.LedgerEntry | undefined): string | undefined {
  if (entry?.ext.type !== 'v1') return undefined;
  const sponsor = entry.ext.v1.sponsoringId;
  return sponsor ? accountId(sponsor) : undefined;
}

type DataOf<K extends EntryKind> = Extract<xdr.LedgerEntryData, { type: K }>;

/** The entry's data when it is of that kind (`data(change.pre, 'account')?.account`). */
export function data<K extends EntryKind>(
  entry: xdr.LedgerEntry | undefined,
  kind: K,
): DataOf<K> | undefined {
  return entry?.data.type === kind ? (entry.data as DataOf<K>) : undefined;
}
