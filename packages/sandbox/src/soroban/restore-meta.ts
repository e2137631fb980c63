/**
 * The meta of entries a Soroban operation restored, as stellar-core reclassifies it from protocol
 * 23 (TransactionMeta.cpp `processOpLedgerEntryChanges`): a restore is a write to the ledger, but
 * downstream readers see LEDGER_ENTRY_RESTORED. The sandbox never evicts, so every restore is one
 * from the live bucket list:
 * - restored and left as it was: the STATE change goes, the UPDATED one becomes RESTORED;
 * - restored, then changed or removed: the STATE change becomes RESTORED (last modified now);
 * - a RestoreFootprint rewrites only the TTL entries: a RESTORED change of each data or code
 *   entry, as it is, goes before its key's other changes (or after all of them).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { entryKey } from '../core/keys.js';
import { isPersistentKey } from './resources.js';

/**
 * What an operation restored, by key (base64 XDR): data and code entries as they were, TTL
 * entries as the restore left them (stellar-core's `liveRestores`).
 */
export type LiveRestores = Map<string, xdr.LedgerEntry>;

const keyId = (key: xdr.LedgerKey) => key.toXdr('base64');
const sameData = (a: xdr.LedgerEntry, b: xdr.LedgerEntry) =>
  Buffer.from(a.data.toXdr()).equals(Buffer.from(b.data.toXdr()));
const restorable = (key: xdr.LedgerKey) => key.type === 'ttl' || isPersistentKey(key);

function restored(
  entry: xdr.LedgerEntry,
  lastModifiedLedgerSeq = entry.lastModifiedLedgerSeq,
): xdr.LedgerEntryChange {
  return xdr.LedgerEntryChange.ledgerEntryRestored(
    new xdr.LedgerEntry({ lastModifiedLedgerSeq, data: entry.data, ext: entry.ext }),
  );
}

/** The key a change is about. */
function changeKey(change: xdr.LedgerEntryChange): xdr.LedgerKey {
  switch (change.type) {
    case 'ledgerEntryCreated':
      return entryKey(change.created);
    case 'ledgerEntryUpdated':
      return entryKey(change.updated);
    case 'ledgerEntryRemoved':
      return change.removed;
    case 'ledgerEntryState':
      return entryKey(change.state);
    default:
      return entryKey(change.restored);
  }
}

export function withRestoreChanges(
  changes: readonly xdr.LedgerEntryChange[],
  restores: LiveRestores,
  operation: 'invokeHostFunction' | 'restoreFootprint',
  ledgerSeq: number,
): xdr.LedgerEntryChange[] {
  if (restores.size === 0) return [...changes];
  const dropState = new Set<string>();
  const convertState = new Set<string>();
  const out: xdr.LedgerEntryChange[] = [];
  for (const change of changes) {
    const key = changeKey(change);
    const before = restorable(key) ? restores.get(keyId(key)) : undefined;
    if (before && change.type === 'ledgerEntryUpdated') {
      if (sameData(change.updated, before)) {
        dropState.add(keyId(key));
        out.push(restored(change.updated));
        continue;
      }
      convertState.add(keyId(key));
    } else if (before && change.type === 'ledgerEntryRemoved') {
      convertState.add(keyId(key));
    }
    out.push(change);
  }
  const converted = out.flatMap((change) => {
    if (change.type !== 'ledgerEntryState') return [change];
    const id = keyId(changeKey(change));
    if (dropState.has(id)) return [];
    return convertState.has(id) ? [restored(change.state, ledgerSeq)] : [change];
  });
  if (operation !== 'restoreFootprint') return converted;
  // A RestoreFootprint wrote only TTL entries: its data and code entries get their RESTORED here.
  const toInsert = new Map(
    [...restores].filter(([id]) => xdr.LedgerKey.fromXdr(id, 'base64').type !== 'ttl'),
  );
  const result: xdr.LedgerEntryChange[] = [];
  for (const change of converted) {
    const id = keyId(changeKey(change));
    const pending = toInsert.get(id);
    if (pending && (change.type === 'ledgerEntryUpdated' || change.type === 'ledgerEntryRemoved')) {
      result.push(restored(pending));
      toInsert.delete(id);
    }
    result.push(change);
  }
  for (const entry of toInsert.values()) result.push(restored(entry));
  return result;
}
