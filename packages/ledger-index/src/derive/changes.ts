/**
 * An operation's ledger entry changes as stellar/go's `ingest.GetChangesFromLedgerEntryChanges`
 * gives them to Horizon's processors: each `state` before-image joined to the `updated`/`removed`
 * after it, `created` and `restored` without a before-image, sorted by the XDR of the ledger key
 * (stably, as Go's sort.Stable), so what walks them sees stellar-core's changes in one order.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { derivedEntryKey, ledgerKeyXdr } from '../store/entry-state.js';

export type EntryKind = xdr.LedgerEntryData['type'];

export interface EntryChange {
  kind: EntryKind;
  /** The entry before (absent when created or restored). */
  pre?: xdr.LedgerEntry;
  /** The entry after (absent when removed). */
  post?: xdr.LedgerEntry;
  /** The ledger key (undefined for entry types the index does not key). */
  key: xdr.LedgerKey | undefined;
}

const NO_KEY = new Uint8Array(0);

/** Operations' and effects' derivations ask for the same operation's changes: paired once. */
const paired = new WeakMap<readonly xdr.LedgerEntryChange[], readonly EntryChange[]>();

/** The paired changes, sorted by ledger key (the same list for the same changes: not to be changed). */
export function pairChanges(changes: readonly xdr.LedgerEntryChange[]): readonly EntryChange[] {
  let pairs = paired.get(changes);
  if (!pairs) {
    pairs = pairAndSort(changes);
    paired.set(changes, pairs);
  }
  return pairs;
}

function pairAndSort(changes: readonly xdr.LedgerEntryChange[]): EntryChange[] {
  const pairs: EntryChange[] = [];
  let before: xdr.LedgerEntry | undefined;
  // Every pair has the same fields (an image it lacks is undefined): one shape, and no spread.
  const after = (post: xdr.LedgerEntry, pre?: xdr.LedgerEntry): EntryChange => ({
    kind: post.data.type,
    pre,
    post,
    key: derivedEntryKey(post),
  });
  for (const change of changes) {
    switch (change.type) {
      case 'ledgerEntryState':
        before = change.state;
        break;
      case 'ledgerEntryRestored':
        before = change.restored;
        pairs.push(after(change.restored));
        break;
      case 'ledgerEntryCreated':
        pairs.push(after(change.created));
        break;
      case 'ledgerEntryUpdated':
        pairs.push(after(change.updated, before));
        break;
      case 'ledgerEntryRemoved':
        pairs.push({ kind: change.removed.type, pre: before, post: undefined, key: change.removed });
        break;
    }
  }
  if (pairs.length < 2) return pairs;
  const keyed = pairs.map((pair) => ({ pair, bytes: pair.key ? ledgerKeyXdr(pair.key) : NO_KEY }));
  keyed.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  return keyed.map(({ pair }) => pair);
}

/** The entry after the change, or before it when it was removed. */
export function latest(change: EntryChange): xdr.LedgerEntry {
  const entry = change.post ?? change.pre;
  if (!entry) throw new Error('an entry change with neither image');
  return entry;
}
