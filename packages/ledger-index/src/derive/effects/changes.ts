/**
 * The entry changes Horizon's effects processor walks: the paired, sorted changes of
 * `../changes.ts`, classic entries only — no effect reads contract data, code or TTL entries,
 * and leaving them out does not move the others relative to each other.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { derivedEntryKey } from '../../store/entry-state.js';
import { type EntryChange, pairChanges } from '../changes.js';

export function entryChanges(list: readonly xdr.LedgerEntryChange[]): EntryChange[] {
  return pairChanges(list).filter((change) => {
    const entry = change.post ?? change.pre;
    if (!entry) throw new Error('an entry change with no state before it');
    return derivedEntryKey(entry) !== undefined;
  });
}
