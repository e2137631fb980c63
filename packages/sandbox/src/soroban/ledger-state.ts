/**
 * The ledger as the host reads and writes it: a snapshot over the operation's ledger view (an
 * entry with its TTL entry's live-until ledger), the LedgerInfo of the ledger being closed, and
 * the host's writes put back as entries and TTL entries (stellar-core's
 * InvokeHostFunctionOpFrame `recordStorageChanges`: an entry is written only when it changed, a
 * TTL entry only when it was extended, a removed entry takes its TTL entry with it).
 */

import type { LedgerInfo, LedgerWrite, SnapshotSource } from '@starspec/soroban';
import { xdr } from '@stellar/stellar-sdk/base';
import { closeTime } from '../core/header.js';
import type { LedgerTxn } from '../core/ledger-txn.js';
import { sha256 } from '../core/sha256.js';
import { isSorobanKey, ttlKeyOf } from './resources.js';
import type { NetworkSettings } from './settings.js';

export function liveUntilOf(ltx: LedgerTxn, key: xdr.LedgerKey): number | undefined {
  const ttl = ltx.load(ttlKeyOf(key));
  return ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined;
}

export function ledgerSnapshot(ltx: LedgerTxn): SnapshotSource {
  return {
    get(key) {
      const entry = ltx.load(key);
      if (!entry) return undefined;
      return { entry, liveUntil: isSorobanKey(key) ? liveUntilOf(ltx, key) : undefined };
    },
  };
}

export function ledgerInfo(ltx: LedgerTxn, networkId: Uint8Array, settings: NetworkSettings): LedgerInfo {
  const { header } = ltx;
  const archival = settings.stateArchival;
  return {
    protocolVersion: header.ledgerVersion,
    sequenceNumber: header.ledgerSeq,
    timestamp: closeTime(header),
    networkId,
    baseReserve: header.baseReserve,
    minTempEntryTtl: archival.minTemporaryTtl,
    minPersistentEntryTtl: archival.minPersistentTtl,
    maxEntryTtl: archival.maxEntryTtl,
  };
}

/** A TTL entry of `key` living until `liveUntil`, last modified in the ledger being closed. */
export function ttlEntry(ltx: LedgerTxn, key: xdr.LedgerKey, liveUntil: number): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: ltx.header.ledgerSeq,
    data: xdr.LedgerEntryData.ttl(
      new xdr.TtlEntry({ keyHash: sha256(key.toXdr()), liveUntilLedgerSeq: liveUntil }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

/**
 * What restoring `keys` (data and code keys, archived) leaves for the meta: each entry as it is,
 * and its TTL entry as restored, living until `liveUntil`.
 */
export function liveRestores(
  ltx: LedgerTxn,
  keys: readonly { key: xdr.LedgerKey; liveUntil: number }[],
): Map<string, xdr.LedgerEntry> {
  const restores = new Map<string, xdr.LedgerEntry>();
  for (const { key, liveUntil } of keys) {
    const entry = ltx.load(key);
    if (!entry) continue;
    restores.set(key.toXdr('base64'), entry);
    restores.set(ttlKeyOf(key).toXdr('base64'), ttlEntry(ltx, key, liveUntil));
  }
  return restores;
}

/** Creates or moves an entry's TTL entry to `liveUntil`, when that is later than its current one. */
export function extendTtl(ltx: LedgerTxn, key: xdr.LedgerKey, liveUntil: number): void {
  const current = liveUntilOf(ltx, key);
  if (current !== undefined && current >= liveUntil) return;
  ltx.put(ttlEntry(ltx, key, liveUntil));
}

function sameEntryData(a: xdr.LedgerEntry, b: xdr.LedgerEntry): boolean {
  return Buffer.from(a.data.toXdr()).equals(Buffer.from(b.data.toXdr()));
}

export function writeBack(
  ltx: LedgerTxn,
  writes: readonly LedgerWrite[],
  restored: ReadonlySet<string> = new Set(),
): void {
  for (const write of writes) {
    const existing = ltx.load(write.key);
    if (write.entry === null) {
      if (!existing) continue;
      ltx.erase(write.key);
      if (isSorobanKey(write.key) && ltx.load(ttlKeyOf(write.key))) ltx.erase(ttlKeyOf(write.key));
      continue;
    }
    // A restored entry is rewritten even unchanged (protocol 23's automatic restore).
    const rewrite = restored.has(write.key.toXdr('base64'));
    if (!existing || rewrite || !sameEntryData(existing, write.entry)) ltx.put(write.entry);
    if (write.liveUntil !== undefined) extendTtl(ltx, write.key, write.liveUntil);
  }
}
