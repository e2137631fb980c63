/**
 * Ledger changes, rent inputs and recorded resources, replaying at the storage level the storage
 * operations of soroban-env-host/src/test/e2e_tests.rs tests, with their literal expectations.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  buildRestoredKeySet,
  buildStorageMap,
  type EntryWithLiveUntil,
  entryCounts,
  extractRentChanges,
  Footprint,
  FREE_METER,
  getLedgerChanges,
  InMemorySnapshot,
  keyHash,
  type LedgerEntryChange,
  minLiveUntilLedger,
  recordFootprint,
  Storage,
  storageMapSnapshot,
  writeBytes,
} from '../../src/storage/index.js';
import {
  CODE_MEMORY,
  dataEntry,
  dataKey,
  instanceEntry,
  instanceKey,
  LEDGER,
  SEQ,
  size,
  sizeForRent,
  sym,
  u64,
  wasmEntry,
  wasmKey,
} from './fixtures.js';

const key = sym('key');
const val = u64(0xffff_ffff_ffff_ffffn);
const b64 = (k: xdr.LedgerKey) => k.toXdr('base64');

/** The parts of a change e2e_tests.rs compares (LedgerEntryChangeHelper). */
function view(change: LedgerEntryChange) {
  return {
    readOnly: change.readOnly,
    key: b64(change.key),
    oldSize: change.oldEntrySizeBytesForRent,
    newValue: change.newValue?.toXdr('base64'),
    ttl: change.ttlChange && {
      keyHash: Buffer.from(change.ttlChange.keyHash).toString('hex'),
      durability: change.ttlChange.durability,
      entryType: change.ttlChange.entryType,
      old: change.ttlChange.oldLiveUntilLedger,
      new: change.ttlChange.newLiveUntilLedger,
    },
  };
}

function ttl(
  k: xdr.LedgerKey,
  old: number,
  next: number,
  durability: 'persistent' | 'temporary' = 'persistent',
) {
  return {
    keyHash: Buffer.from(keyHash(k)).toString('hex'),
    durability,
    entryType: k.type === 'contractCode' ? 'contractCode' : 'contractData',
    old,
    new: next,
  };
}

/** LedgerEntryChangeHelper::no_op_change. */
function noOp(k: xdr.LedgerKey, entry: xdr.LedgerEntry, liveUntil: number) {
  return {
    readOnly: true,
    key: b64(k),
    oldSize: sizeForRent(entry, size(entry)),
    newValue: undefined,
    ttl: ttl(k, liveUntil, liveUntil),
  };
}

/** invoke_host_function's storage set-up and get_ledger_changes, around `run`. */
function apply(
  readOnly: xdr.LedgerKey[],
  readWrite: xdr.LedgerKey[],
  entries: EntryWithLiveUntil[],
  run: (storage: Storage) => void,
  restoredIndices: number[] = [],
): LedgerEntryChange[] {
  const restored = buildRestoredKeySet(readWrite, restoredIndices, FREE_METER);
  const footprint = Footprint.fromXdr(new xdr.LedgerFootprint({ readOnly, readWrite }), FREE_METER);
  const { map, ttlEntries } = buildStorageMap(footprint, entries, SEQ, FREE_METER);
  const initial = map.clone(FREE_METER);
  const storage = Storage.enforcing(footprint, map, () => LEDGER);
  run(storage);
  return getLedgerChanges(
    {
      storage,
      initial: storageMapSnapshot(initial, FREE_METER),
      initialTtlEntries: ttlEntries,
      minPersistentLiveUntil: minLiveUntilLedger(LEDGER, 'persistent'),
      restoredKeys: restored,
      entrySizeForRent: sizeForRent,
    },
    FREE_METER,
  );
}

/** What a contract call does before its body: load its instance and its code. */
function loadContract(storage: Storage): void {
  storage.get(instanceKey, FREE_METER);
  storage.get(wasmKey, FREE_METER);
}

describe('test_invoke_contract_with_storage_ops_success', () => {
  const temporaryKey = dataKey(key, 'temporary');
  const temporaryEntry = dataEntry(key, val, 'temporary');
  const contractEntries = [
    { entry: wasmEntry, liveUntil: SEQ + 100 },
    { entry: instanceEntry, liveUntil: SEQ + 1000 },
  ];

  it('put_temporary creates the entry for the minimum temporary TTL', () => {
    const changes = apply([instanceKey, wasmKey], [temporaryKey], contractEntries, (storage) => {
      loadContract(storage);
      expect(storage.has(temporaryKey, FREE_METER)).toBe(false);
      storage.put(temporaryKey, temporaryEntry, minLiveUntilLedger(LEDGER, 'temporary'), FREE_METER);
    });
    expect(changes.map(view)).toEqual([
      {
        readOnly: false,
        key: b64(temporaryKey),
        oldSize: 0,
        newValue: temporaryEntry.toXdr('base64'),
        ttl: ttl(temporaryKey, 0, SEQ + 16 - 1, 'temporary'),
      },
      noOp(instanceKey, instanceEntry, SEQ + 1000),
      noOp(wasmKey, wasmEntry, SEQ + 100),
    ]);
    expect(extractRentChanges(changes)).toEqual([
      {
        isPersistent: false,
        isCodeEntry: false,
        oldSizeBytes: 0,
        newSizeBytes: size(temporaryEntry),
        oldLiveUntilLedger: 0,
        newLiveUntilLedger: SEQ + 15,
      },
    ]);
    expect(writeBytes(changes)).toBe(size(temporaryEntry));
  });

  it('extend_temporary(501, 5000) extends a read-only entry', () => {
    const entries = [...contractEntries, { entry: temporaryEntry, liveUntil: SEQ + 500 }];
    const changes = apply([instanceKey, wasmKey, temporaryKey], [], entries, (storage) => {
      loadContract(storage);
      storage.extendTtl(temporaryKey, 501, 5000, FREE_METER);
    });
    expect(changes.map(view)).toEqual([
      {
        readOnly: true,
        key: b64(temporaryKey),
        oldSize: size(temporaryEntry),
        newValue: undefined,
        ttl: ttl(temporaryKey, SEQ + 500, SEQ + 5000, 'temporary'),
      },
      noOp(instanceKey, instanceEntry, SEQ + 1000),
      noOp(wasmKey, wasmEntry, SEQ + 100),
    ]);
    expect(extractRentChanges(changes)).toEqual([
      {
        isPersistent: false,
        isCodeEntry: false,
        oldSizeBytes: size(temporaryEntry),
        newSizeBytes: size(temporaryEntry),
        oldLiveUntilLedger: SEQ + 500,
        newLiveUntilLedger: SEQ + 5000,
      },
    ]);
    expect(writeBytes(changes)).toBe(0);
  });
});

describe('test_invoke_contract_with_storage_extension_and_autorestore', () => {
  it('restored entries start from nothing and live at least the minimum persistent TTL', () => {
    const persistentKey = dataKey(key, 'persistent');
    const persistentEntry = dataEntry(key, val, 'persistent');
    const ttlExtension = LEDGER.minPersistentEntryTtl * 2;
    const entries = [
      { entry: wasmEntry, liveUntil: SEQ + 100 },
      { entry: instanceEntry, liveUntil: SEQ },
      { entry: persistentEntry, liveUntil: SEQ },
    ];
    // The instance and the data entry are restored; the Wasm is read-write but was live.
    const changes = apply(
      [],
      [instanceKey, wasmKey, persistentKey],
      entries,
      (storage) => {
        loadContract(storage);
        storage.extendTtl(persistentKey, 1, ttlExtension, FREE_METER);
      },
      [0, 2],
    );
    expect(changes.map(view)).toEqual([
      {
        readOnly: false,
        key: b64(persistentKey),
        oldSize: 0,
        newValue: persistentEntry.toXdr('base64'),
        ttl: ttl(persistentKey, 0, SEQ + ttlExtension),
      },
      {
        readOnly: false,
        key: b64(instanceKey),
        oldSize: 0,
        newValue: instanceEntry.toXdr('base64'),
        ttl: ttl(instanceKey, 0, SEQ + 100_000 - 1),
      },
      { ...noOp(wasmKey, wasmEntry, SEQ + 100), readOnly: false, newValue: wasmEntry.toXdr('base64') },
    ]);
    // The live Wasm, rewritten unchanged, owes no rent.
    expect(extractRentChanges(changes).map((r) => r.newSizeBytes)).toEqual([
      size(persistentEntry),
      size(instanceEntry),
    ]);
  });
});

describe('test_auto_restore_with_extension_in_recording_mode', () => {
  it('records the archived entries read-write, restored, with their disk reads', () => {
    const persistentKey = dataKey(key, 'persistent');
    const persistentEntry = dataEntry(key, val, 'persistent');
    const snapshot = new InMemorySnapshot([
      [wasmKey, { entry: wasmEntry, liveUntil: SEQ - 100_000 }],
      [instanceKey, { entry: instanceEntry, liveUntil: SEQ - 1 }],
      [persistentKey, { entry: persistentEntry, liveUntil: SEQ - 10 }],
    ]);
    const storage = Storage.recording(snapshot, () => LEDGER);
    loadContract(storage);
    const fiveTtls = 5 * LEDGER.minPersistentEntryTtl;
    storage.extendTtl(persistentKey, fiveTtls, fiveTtls, FREE_METER);

    const recorded = recordFootprint(storage, snapshot, SEQ, 23, FREE_METER);
    expect(recorded.restoredRwEntryIndices).toEqual([0, 1, 2]);
    expect(recorded.footprint.readOnly).toEqual([]);
    expect(recorded.footprint.readWrite.map(b64)).toEqual([persistentKey, instanceKey, wasmKey].map(b64));
    const total = size(persistentEntry) + size(wasmEntry) + size(instanceEntry);
    expect(recorded.diskReadBytes).toBe(total);

    const changes = getLedgerChanges(
      {
        storage,
        initial: snapshot,
        initialTtlEntries: recorded.initialTtlEntries,
        minPersistentLiveUntil: minLiveUntilLedger(LEDGER, 'persistent'),
        restoredKeys: recorded.restoredKeys,
        recordingLedgerSequence: SEQ,
        entrySizeForRent: sizeForRent,
      },
      FREE_METER,
    );
    const restoredUntil = SEQ + 100_000 - 1;
    expect(changes.map(view)).toEqual([
      {
        readOnly: false,
        key: b64(persistentKey),
        oldSize: 0,
        newValue: persistentEntry.toXdr('base64'),
        ttl: ttl(persistentKey, 0, SEQ + fiveTtls),
      },
      {
        readOnly: false,
        key: b64(instanceKey),
        oldSize: 0,
        newValue: instanceEntry.toXdr('base64'),
        ttl: ttl(instanceKey, 0, restoredUntil),
      },
      {
        readOnly: false,
        key: b64(wasmKey),
        oldSize: 0,
        newValue: wasmEntry.toXdr('base64'),
        ttl: ttl(wasmKey, 0, restoredUntil),
      },
    ]);
    expect(writeBytes(changes)).toBe(total);
    expect(extractRentChanges(changes)[2]).toEqual({
      isPersistent: true,
      isCodeEntry: true,
      oldSizeBytes: 0,
      newSizeBytes: size(wasmEntry) + CODE_MEMORY,
      oldLiveUntilLedger: 0,
      newLiveUntilLedger: restoredUntil,
    });
    expect(entryCounts(recorded.footprint, recorded.restoredRwEntryIndices.length, 23)).toEqual({
      diskReadEntries: 3,
      writeEntries: 3,
    });
  });
});
