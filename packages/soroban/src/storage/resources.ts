/**
 * The storage side of a transaction's resources: what simulation records after a recording run
 * (e2e_invoke.rs invoke_host_function_in_recording_mode) and the entry counts the fee is charged on
 * (soroban-simulation resources.rs compute_adjusted_transaction_resources). From protocol 23 only
 * classic entries (accounts, trustlines) and entries restored from the archive are disk reads:
 * live Soroban state is held in memory. Before 23 every footprint entry was a read.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { buildStorageMap, type RestoredKeySet, type TtlEntryMap } from './apply-inputs.js';
import { Footprint } from './footprint.js';
import { LedgerKeyMap } from './key-map.js';
import type { LedgerEntryChange } from './ledger-changes.js';
import { keyDurability } from './ledger-info.js';
import { DECLARED_SIZE, type Meter } from './meter.js';
import type { EntryWithLiveUntil, SnapshotSource } from './snapshot.js';
import type { Storage } from './storage.js';

/** Protocol 23: Soroban state lives in memory; only classic and restored entries are read from disk. */
export const IN_MEMORY_SOROBAN_STATE_PROTOCOL = 23;

function isSorobanKey(key: xdr.LedgerKey): boolean {
  return key.type === 'contractData' || key.type === 'contractCode';
}

export interface RecordedFootprint {
  footprint: xdr.LedgerFootprint;
  diskReadBytes: number;
  /** Indices into `footprint.readWrite` of entries restored from the archive (`archivedSorobanEntries`). */
  restoredRwEntryIndices: number[];
  restoredKeys: RestoredKeySet | undefined;
  initialTtlEntries: TtlEntryMap;
}

/**
 * After a recording run: the footprint it recorded, its disk read bytes and the entries it restored,
 * charging `meter` for rebuilding the footprint and storage as an apply would (so simulated
 * instructions cover the apply's loading work).
 */
export function recordFootprint(
  storage: Storage,
  snapshot: SnapshotSource,
  ledgerSequence: number,
  protocolVersion: number,
  meter: Meter,
): RecordedFootprint {
  const footprint = storage.footprint.toXdr({ charge() {} });
  Footprint.fromXdr(footprint, meter);
  const inMemoryState = protocolVersion >= IN_MEMORY_SOROBAN_STATE_PROTOCOL;
  const loaded: EntryWithLiveUntil[] = [];
  const restoredRwEntryIndices: number[] = [];
  const restoredKeyList: xdr.LedgerKey[] = [];
  let diskReadBytes = 0;
  let rwIndex = 0;
  // Walk the footprint in the host's key order, counting read-write positions as the host does.
  for (const [key, access] of storage.footprint.map.entries({ charge() {} })) {
    const isReadWrite = access === 'readWrite';
    const found = snapshot.get(key);
    if (!found) continue;
    // Encoded only where it counts: from protocol 23 a live contract entry is read from memory.
    const size = () => found.entry.toXdr().length;
    if (!inMemoryState) diskReadBytes += size();
    else if (!isSorobanKey(key)) diskReadBytes += size();
    else if (
      found.liveUntil !== undefined &&
      found.liveUntil < ledgerSequence &&
      keyDurability(key) === 'persistent'
    ) {
      if (!isReadWrite) throw new HostError('Storage', 'InternalError', 'a restored entry is not read-write');
      diskReadBytes += size();
      restoredRwEntryIndices.push(rwIndex);
      restoredKeyList.push(key);
    }
    loaded.push(found);
    if (isReadWrite) rwIndex++;
  }
  const restoredKeys =
    restoredKeyList.length > 0 ? new LedgerKeyMap<true>(DECLARED_SIZE.keySetSlot) : undefined;
  for (const key of restoredKeyList) restoredKeys?.set(key, true, meter);
  const { map, ttlEntries } = buildStorageMap(storage.footprint, loaded, ledgerSequence, meter, true);
  map.clone(meter);
  return { footprint, diskReadBytes, restoredRwEntryIndices, restoredKeys, initialTtlEntries: ttlEntries };
}

/** Write bytes: the XDR size of every entry a read-write change leaves behind. */
export function writeBytes(changes: readonly LedgerEntryChange[]): number {
  let total = 0;
  for (const change of changes) if (!change.readOnly && change.newValue) total += change.newEntrySizeBytes;
  return total;
}

export interface EntryCounts {
  diskReadEntries: number;
  writeEntries: number;
}

/** The entry counts a transaction's resource fee is charged on. */
export function entryCounts(
  footprint: xdr.LedgerFootprint,
  restoredCount: number,
  protocolVersion: number,
): EntryCounts {
  const keys = [...footprint.readOnly, ...footprint.readWrite];
  const diskReadEntries =
    protocolVersion >= IN_MEMORY_SOROBAN_STATE_PROTOCOL
      ? keys.filter((key) => !isSorobanKey(key)).length + restoredCount
      : keys.length;
  return { diskReadEntries, writeEntries: footprint.readWrite.length };
}
