/**
 * Archived and expired entries: recording storage restores archived persistent entries on access
 * (storage.rs handle_maybe_expired_entry), drops expired temporary ones, and the keys to restore
 * first can be listed (soroban-simulation's AutoRestoringSnapshotSource, rpc's restorePreamble).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { HostError } from '../../src/errors/host-error.js';
import {
  AutoRestoringSnapshot,
  entryState,
  FREE_METER,
  InMemorySnapshot,
  keysNeedingRestore,
  minLiveUntilLedger,
  Storage,
} from '../../src/storage/index.js';
import {
  accountKey,
  dataEntry,
  dataKey,
  instanceEntry,
  instanceKey,
  LEDGER,
  SEQ,
  sym,
  u64,
  wasmEntry,
  wasmKey,
} from './fixtures.js';

const persistentKey = dataKey(sym('p'), 'persistent');
const temporaryKey = dataKey(sym('t'), 'temporary');
const persistentEntry = dataEntry(sym('p'), u64(1n), 'persistent');
const temporaryEntry = dataEntry(sym('t'), u64(2n), 'temporary');
const b64 = (k: xdr.LedgerKey) => k.toXdr('base64');

function snapshotAt(liveUntil: number): InMemorySnapshot {
  return new InMemorySnapshot([
    [persistentKey, { entry: persistentEntry, liveUntil }],
    [temporaryKey, { entry: temporaryEntry, liveUntil }],
    [instanceKey, { entry: instanceEntry, liveUntil }],
    [wasmKey, { entry: wasmEntry, liveUntil }],
  ]);
}

describe('entry state', () => {
  const snapshot = snapshotAt(SEQ - 1);
  it.each([
    { name: 'persistent data past its TTL', key: persistentKey, want: 'archived' },
    { name: 'an instance past its TTL', key: instanceKey, want: 'archived' },
    { name: 'code past its TTL', key: wasmKey, want: 'archived' },
    { name: 'temporary data past its TTL', key: temporaryKey, want: 'expired' },
    { name: 'an absent key', key: dataKey(sym('none'), 'persistent'), want: 'missing' },
  ])('$name is $want', ({ key, want }) => {
    expect(entryState(key, snapshot, SEQ)).toBe(want);
  });

  it.each([
    { liveUntil: SEQ, want: 'live' },
    { liveUntil: SEQ - 1, want: 'archived' },
  ])('live until $liveUntil at ledger SEQ is $want', ({ liveUntil, want }) => {
    expect(entryState(persistentKey, snapshotAt(liveUntil), SEQ)).toBe(want);
  });
});

describe('recording storage over archived state', () => {
  it('restores an archived entry on read: read-write, live for the minimum persistent TTL', () => {
    const storage = Storage.recording(snapshotAt(SEQ - 1), () => LEDGER);
    expect(storage.getWithLiveUntil(persistentKey, FREE_METER)).toEqual({
      entry: persistentEntry,
      liveUntil: minLiveUntilLedger(LEDGER, 'persistent'),
    });
    expect(storage.footprint.accessOf(persistentKey, FREE_METER)).toBe('readWrite');
  });

  it('treats an expired temporary entry as gone, recorded read-only', () => {
    const storage = Storage.recording(snapshotAt(SEQ - 1), () => LEDGER);
    expect(storage.has(temporaryKey, FREE_METER)).toBe(false);
    expect(storage.footprint.accessOf(temporaryKey, FREE_METER)).toBe('readOnly');
  });

  it('fails on an archived entry as hosts before protocol 23 did', () => {
    const storage = Storage.recording(snapshotAt(SEQ - 1), () => LEDGER, { archived: 'error' });
    let error: HostError | undefined;
    try {
      storage.get(persistentKey, FREE_METER);
    } catch (e) {
      error = e as HostError;
    }
    expect(error?.short).toBe('Error(Storage, InternalError)');
  });
});

describe('keys needing a restore', () => {
  it('lists the archived keys of a footprint once, in order', () => {
    const snapshot = snapshotAt(SEQ - 1);
    const keys = [
      accountKey(1),
      temporaryKey,
      wasmKey,
      persistentKey,
      wasmKey,
      dataKey(sym('none'), 'persistent'),
    ];
    expect(keysNeedingRestore(keys, snapshot, SEQ).map(b64)).toEqual([wasmKey, persistentKey].map(b64));
    expect(keysNeedingRestore(keys, snapshotAt(SEQ), SEQ)).toEqual([]);
  });

  it('the auto-restoring snapshot shows archived entries restored and remembers them', () => {
    const snapshot = new AutoRestoringSnapshot(snapshotAt(SEQ - 1), LEDGER);
    expect(snapshot.get(persistentKey)?.liveUntil).toBe(SEQ + 100_000 - 1);
    expect(snapshot.get(temporaryKey)).toBeUndefined();
    expect(snapshot.restoredKeys().map(b64)).toEqual([b64(persistentKey)]);
    // Storage over it reads the entry as live: read-only, nothing restored in the footprint.
    const storage = Storage.recording(snapshot, () => LEDGER, { archived: 'error' });
    storage.get(wasmKey, FREE_METER);
    expect(storage.footprint.accessOf(wasmKey, FREE_METER)).toBe('readOnly');
    expect(snapshot.restoredKeys().map(b64)).toEqual([persistentKey, wasmKey].map(b64));
    snapshot.resetRestoredKeys();
    expect(snapshot.restoredKeys()).toEqual([]);
  });
});
