/**
 * Storage for an apply, built from what stellar-core hands the host (e2e_invoke.rs
 * build_restored_key_set and build_storage_map_from_xdr_ledger_entries): the footprint's entries
 * with their TTLs, each charged as decoded from XDR, and every footprint key without an entry
 * marked as absent. Entries reaching the host must be live: an expired one is an internal error
 * (stellar-core rejects archived entries itself, with ENTRY_ARCHIVED, before calling the host).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { entryKey, keyHash } from './contract-keys.js';
import type { Footprint } from './footprint.js';
import { LedgerKeyMap } from './key-map.js';
import { DECLARED_SIZE, type Meter } from './meter.js';
import { chargeLedgerKeyClone, chargeScValSubstructure } from './metered-clone.js';
import type { EntryWithLiveUntil, SnapshotSource } from './snapshot.js';
import { newStorageMap, type StorageMap } from './storage.js';

/** e2e's TTL entries by key: where the old TTL key hashes come from. */
export type TtlEntryMap = LedgerKeyMap<xdr.TtlEntry>;
/** Keys of the read-write footprint restored from the archive by this transaction. */
export type RestoredKeySet = LedgerKeyMap<true>;

/** `archivedSorobanEntries` indices into the read-write footprint, as a key set; none when empty. */
export function buildRestoredKeySet(
  readWrite: readonly xdr.LedgerKey[],
  indices: readonly number[],
  meter: Meter,
): RestoredKeySet | undefined {
  if (indices.length === 0) return undefined;
  const set = new LedgerKeyMap<true>(DECLARED_SIZE.keySetSlot);
  for (const index of indices) {
    const key = readWrite[index];
    if (!key)
      throw new HostError(
        'Storage',
        'InternalError',
        `restored index ${index} is outside the read-write footprint`,
      );
    chargeLedgerKeyClone(key, meter);
    set.set(key, true, meter);
  }
  return set;
}

/** The key of an entry, charged as the host clones each field into a new key. */
function chargedEntryKey(entry: xdr.LedgerEntry, meter: Meter): xdr.LedgerKey {
  const data = entry.data;
  if (data.type === 'account') meter.charge('MemCpy', 32n);
  else if (data.type === 'trustline') {
    meter.charge('MemCpy', 32n);
    meter.charge('MemCpy', 45n);
  } else if (data.type === 'contractData') {
    meter.charge('MemCpy', 48n);
    meter.charge('MemCpy', 64n);
    chargeScValSubstructure(data.contractData.key, meter);
  } else if (data.type === 'contractCode') meter.charge('MemCpy', 32n);
  return entryKey(entry);
}

export interface LoadedStorage {
  map: StorageMap;
  ttlEntries: TtlEntryMap;
}

/**
 * The storage map of an apply. `entries` are the footprint's existing entries; `liveUntil` is
 * required for contract data and code. `allowExpired` is the recording path's leniency (expired
 * temporary entries dropped, expired persistent ones kept) used when simulation re-checks its footprint.
 */
export function buildStorageMap(
  footprint: Footprint,
  entries: readonly EntryWithLiveUntil[],
  ledgerSequence: number,
  meter: Meter,
  allowExpired = false,
): LoadedStorage {
  const map = newStorageMap();
  const ttlEntries: TtlEntryMap = new LedgerKeyMap<xdr.TtlEntry>(DECLARED_SIZE.ttlSlot);
  for (const { entry, liveUntil } of entries) {
    meter.charge('ValDeser', BigInt(entry.toXdr().length));
    meter.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
    const key = chargedEntryKey(entry, meter);
    meter.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
    const hasTtl = entry.data.type === 'contractData' || entry.data.type === 'contractCode';
    if (liveUntil !== undefined) {
      const ttl = new xdr.TtlEntry({ keyHash: keyHash(key), liveUntilLedgerSeq: liveUntil });
      meter.charge('ValDeser', BigInt(ttl.toXdr().length));
      meter.charge('MemAlloc', DECLARED_SIZE.ttlEntry);
      if (liveUntil < ledgerSequence) {
        if (!allowExpired)
          throw new HostError('Storage', 'InternalError', 'an expired entry reached the host');
        if (key.type === 'contractData' && key.contractData.durability.name === 'temporary') continue;
      }
      ttlEntries.set(key, ttl, meter);
    } else if (hasTtl) {
      throw new HostError('Storage', 'InternalError', 'a contract entry reached the host without its TTL');
    }
    if (!footprint.map.has(key, meter)) {
      throw new HostError('Storage', 'InternalError', 'an entry outside the footprint reached the host');
    }
    map.set(key, { entry, liveUntil }, meter);
  }
  for (const [key] of footprint.map.entries(meter)) {
    if (!map.has(key, meter)) map.set(key, null, meter);
  }
  return { map, ttlEntries };
}

/** A storage map read as a snapshot, charging its lookups (e2e_invoke.rs StorageMapSnapshotSource). */
export function storageMapSnapshot(map: StorageMap, meter: Meter): SnapshotSource {
  return {
    get(key) {
      return map.get(key, meter) ?? undefined;
    },
  };
}
