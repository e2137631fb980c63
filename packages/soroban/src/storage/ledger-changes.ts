/**
 * What an invocation changed, one record per footprint key in the host's key order
 * (e2e_invoke.rs get_ledger_changes and add_footprint_only_ledger_changes): the final entry of
 * read-write keys, the sizes rent is charged on, and the TTL change of contract data and code.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { RestoredKeySet, TtlEntryMap } from './apply-inputs.js';
import { keyHash } from './contract-keys.js';
import { type Durability, keyDurability } from './ledger-info.js';
import { chargeBytesInit, type Meter } from './meter.js';
import { meteredEncode } from './metered-xdr.js';
import type { SnapshotSource } from './snapshot.js';
import type { Storage } from './storage.js';

export interface LedgerEntryLiveUntilChange {
  /** SHA-256 of the key's XDR: the key of its TTL entry. */
  keyHash: Uint8Array;
  durability: Durability;
  entryType: 'contractData' | 'contractCode';
  /** 0 for an entry that did not exist (or was archived and restored now). */
  oldLiveUntilLedger: number;
  /** Never below the old one. */
  newLiveUntilLedger: number;
}

export interface LedgerEntryChange {
  readOnly: boolean;
  key: xdr.LedgerKey;
  /** Size rent is charged on before: the XDR size, plus the module's memory for code. */
  oldEntrySizeBytesForRent: number;
  /** The entry after, for read-write keys that still have one. */
  newValue: xdr.LedgerEntry | undefined;
  /** XDR size of `newValue` (its write bytes), 0 without one. */
  newEntrySizeBytes: number;
  newEntrySizeBytesForRent: number;
  ttlChange: LedgerEntryLiveUntilChange | undefined;
}

/** Rent size of an entry: its XDR size, plus a code entry's in-memory module cost (vm layer). */
export type EntrySizeForRent = (entry: xdr.LedgerEntry, xdrSize: number, meter: Meter) => number;

/** Without a vm layer: the XDR size alone (correct for everything but contract code). */
export const xdrSizeForRent: EntrySizeForRent = (_entry, xdrSize) => xdrSize;

export interface LedgerChangesInput {
  storage: Storage;
  /** The entries before the invocation. */
  initial: SnapshotSource;
  initialTtlEntries: TtlEntryMap | undefined;
  /** The live-until a restored entry gets at least: the minimum persistent one. */
  minPersistentLiveUntil: number;
  restoredKeys: RestoredKeySet | undefined;
  /** Set in recording mode: an expired old entry counts as absent. */
  recordingLedgerSequence?: number;
  entrySizeForRent?: EntrySizeForRent;
}

function internal(detail: string): HostError {
  return new HostError('Storage', 'InternalError', detail);
}

export function getLedgerChanges(input: LedgerChangesInput, meter: Meter): LedgerEntryChange[] {
  const { storage, initial, restoredKeys } = input;
  const sizeForRent = input.entrySizeForRent ?? xdrSizeForRent;
  const changes: LedgerEntryChange[] = [];
  for (const [key, current] of storage.map.entries(meter)) {
    const encodedKey = meteredEncode(key, meter);
    const change: LedgerEntryChange = {
      readOnly: false,
      key,
      oldEntrySizeBytesForRent: 0,
      newValue: undefined,
      newEntrySizeBytes: 0,
      newEntrySizeBytesForRent: 0,
      ttlChange: undefined,
    };
    const durability = keyDurability(key);
    if (durability) {
      let hash = input.initialTtlEntries?.get(key, meter)?.keyHash.value;
      if (!hash) {
        chargeBytesInit(meter, 32n);
        meter.charge('ComputeSha256Hash', BigInt(encodedKey.length));
        hash = keyHash(key);
      }
      const entryType = key.type === 'contractCode' ? 'contractCode' : 'contractData';
      change.ttlChange = {
        keyHash: hash,
        durability,
        entryType,
        oldLiveUntilLedger: 0,
        newLiveUntilLedger: 0,
      };
    }
    const old = initial.get(key);
    if (old) {
      const size = meteredEncode(old.entry, meter).length;
      change.oldEntrySizeBytesForRent = sizeForRent(old.entry, size, meter);
      if (change.ttlChange) {
        if (old.liveUntil === undefined) throw internal('old contract entry without TTL');
        change.ttlChange.oldLiveUntilLedger = old.liveUntil;
        const sequence = input.recordingLedgerSequence;
        if (sequence !== undefined && old.liveUntil < sequence) {
          change.ttlChange.oldLiveUntilLedger = 0;
          change.oldEntrySizeBytesForRent = 0;
        }
      }
    }
    if (current && change.ttlChange) {
      if (current.liveUntil === undefined) throw internal('contract entry without TTL');
      change.ttlChange.newLiveUntilLedger = Math.max(current.liveUntil, change.ttlChange.oldLiveUntilLedger);
    }
    const access = storage.footprint.accessOf(key, meter);
    if (access === undefined) throw internal('storage key outside the footprint');
    if (access === 'readOnly') change.readOnly = true;
    else if (current) {
      const size = meteredEncode(current.entry, meter).length;
      change.newEntrySizeBytes = size;
      change.newEntrySizeBytesForRent = sizeForRent(current.entry, size, meter);
      change.newValue = current.entry;
      if (restoredKeys?.has(key, meter)) {
        change.oldEntrySizeBytesForRent = 0;
        if (change.ttlChange) {
          change.ttlChange.oldLiveUntilLedger = 0;
          change.ttlChange.newLiveUntilLedger = Math.max(
            change.ttlChange.newLiveUntilLedger,
            input.minPersistentLiveUntil,
          );
        }
      }
    }
    changes.push(change);
  }
  return changes;
}

/**
 * Keys only in the footprint: a recording run whose failed sub-call was rolled back still
 * declared them, and simulation charges for them (add_footprint_only_ledger_changes).
 * The host runs this on a shadow budget: pass a meter that does not count.
 */
export function addFootprintOnlyChanges(storage: Storage, changes: LedgerEntryChange[], meter: Meter): void {
  for (const [key, access] of storage.footprint.map.entries(meter)) {
    if (storage.map.has(key, meter)) continue;
    meteredEncode(key, meter);
    changes.push({
      readOnly: access === 'readOnly',
      key,
      oldEntrySizeBytesForRent: 0,
      newValue: undefined,
      newEntrySizeBytes: 0,
      newEntrySizeBytesForRent: 0,
      ttlChange: undefined,
    });
  }
}
