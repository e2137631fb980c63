/**
 * What an apply writes, from the host's ledger changes (stellar-core's soroban_proto_any.rs
 * `extract_ledger_effects` and InvokeHostFunctionOpFrame `recordStorageChanges`): every read-write
 * entry the host left, a TTL entry for every extended live-until ledger, and the read-write keys
 * whose entries the host removed.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { LedgerEntryChange, SnapshotSource } from '../storage/index.js';
import type { LedgerWrite } from './types.js';

/** The entries stellar-core upserts, in change order: entries, then each one's TTL entry. */
export function modifiedLedgerEntries(changes: readonly LedgerEntryChange[]): xdr.LedgerEntry[] {
  const entries: xdr.LedgerEntry[] = [];
  for (const change of changes) {
    if (!change.readOnly && change.newValue) entries.push(change.newValue);
    const ttl = change.ttlChange;
    if (ttl && ttl.newLiveUntilLedger > ttl.oldLiveUntilLedger) {
      entries.push(
        new xdr.LedgerEntry({
          lastModifiedLedgerSeq: 0,
          data: xdr.LedgerEntryData.ttl(
            new xdr.TtlEntry({
              keyHash: Buffer.from(ttl.keyHash),
              liveUntilLedgerSeq: ttl.newLiveUntilLedger,
            }),
          ),
          ext: xdr.LedgerEntryExt.v0(),
        }),
      );
    }
  }
  return entries;
}

/**
 * The writes per key: new or updated entries, TTL-only extensions of read-only ones, and
 * deletions of read-write keys that had an entry (`before` is the ledger as loaded).
 */
export function ledgerWrites(changes: readonly LedgerEntryChange[], before: SnapshotSource): LedgerWrite[] {
  const writes: LedgerWrite[] = [];
  for (const change of changes) {
    const ttl = change.ttlChange;
    const extended = ttl !== undefined && ttl.newLiveUntilLedger > ttl.oldLiveUntilLedger;
    if (change.readOnly) {
      const existing = before.get(change.key);
      if (extended && existing)
        writes.push({ key: change.key, entry: existing.entry, liveUntil: ttl.newLiveUntilLedger });
      continue;
    }
    if (change.newValue) {
      writes.push({ key: change.key, entry: change.newValue, liveUntil: ttl?.newLiveUntilLedger });
    } else if (before.get(change.key)) {
      writes.push({ key: change.key, entry: null, liveUntil: undefined });
    }
  }
  return writes;
}
