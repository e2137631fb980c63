/**
 * Storage operations in both modes and the TTL rules of storage.rs extend_ttl
 * (test/storage.rs test_storage, test/lifetime_extension.rs), at the storage level.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { HostError } from '../../src/errors/host-error.js';
import {
  type EntryWithLiveUntil,
  Footprint,
  FREE_METER,
  InMemorySnapshot,
  maxLiveUntilLedger,
  minLiveUntilLedger,
  newStorageMap,
  Storage,
  type StorageOptions,
} from '../../src/storage/index.js';
import { dataEntry, dataKey, LEDGER, SEQ, sym, u64 } from './fixtures.js';

const persistentKey = dataKey(sym('key_1'), 'persistent');
const temporaryKey = dataKey(sym('key_1'), 'temporary');
const otherKey = dataKey(sym('this_is_key_2'), 'persistent');
const persistentEntry = dataEntry(sym('key_1'), u64(1234n), 'persistent');
const temporaryEntry = dataEntry(sym('key_1'), u64(1234n), 'temporary');

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    return (error as HostError).short;
  }
  return 'ok';
}

/** An enforcing storage whose footprint is `readWrite` + `readOnly`, holding `entries`. */
function enforcing(
  readWrite: xdr.LedgerKey[],
  readOnly: xdr.LedgerKey[],
  entries: Array<[xdr.LedgerKey, EntryWithLiveUntil]>,
  options: StorageOptions = {},
): Storage {
  const footprint = Footprint.fromXdr(new xdr.LedgerFootprint({ readOnly, readWrite }), FREE_METER);
  const map = newStorageMap();
  for (const key of [...readWrite, ...readOnly]) map.set(key, null, FREE_METER);
  for (const [key, value] of entries) map.set(key, value, FREE_METER);
  return Storage.enforcing(footprint, map, () => LEDGER, options);
}

describe('enforcing storage', () => {
  it('puts, reads and deletes within a read-write footprint', () => {
    const storage = enforcing([persistentKey], [], []);
    expect(storage.has(persistentKey, FREE_METER)).toBe(false);
    expect(errorOf(() => storage.get(persistentKey, FREE_METER))).toBe('Error(Storage, MissingValue)');
    const liveUntil = minLiveUntilLedger(LEDGER, 'persistent');
    storage.put(persistentKey, persistentEntry, liveUntil, FREE_METER);
    expect(storage.getWithLiveUntil(persistentKey, FREE_METER)).toEqual({
      entry: persistentEntry,
      liveUntil,
    });
    storage.del(persistentKey, FREE_METER);
    expect(storage.has(persistentKey, FREE_METER)).toBe(false);
  });

  it.each([
    {
      name: 'read outside',
      op: (s: Storage) => s.has(otherKey, FREE_METER),
      want: 'Error(Storage, ExceededLimit)',
    },
    {
      name: 'write read-only',
      op: (s: Storage) => s.put(persistentKey, persistentEntry, SEQ, FREE_METER),
      want: 'Error(Storage, ExceededLimit)',
    },
    {
      name: 'delete read-only',
      op: (s: Storage) => s.del(persistentKey, FREE_METER),
      want: 'Error(Storage, ExceededLimit)',
    },
    { name: 'read read-only', op: (s: Storage) => s.has(persistentKey, FREE_METER), want: 'ok' },
  ])('$name gives $want', ({ op, want }) => {
    const storage = enforcing(
      [],
      [persistentKey],
      [[persistentKey, { entry: persistentEntry, liveUntil: SEQ + 10 }]],
    );
    expect(errorOf(() => op(storage))).toBe(want);
  });
});

describe('new entries', () => {
  it.each([
    { durability: 'temporary', want: SEQ + 16 - 1 },
    { durability: 'persistent', want: SEQ + 100_000 - 1 },
  ] as const)('a new $durability entry lives until $want', ({ durability, want }) => {
    expect(minLiveUntilLedger(LEDGER, durability)).toBe(want);
  });

  it('the furthest live-until is the maximum TTL counting this ledger', () => {
    expect(maxLiveUntilLedger(LEDGER)).toBe(SEQ + 10_000_000 - 1);
  });
});

describe('extend_ttl', () => {
  const max = maxLiveUntilLedger(LEDGER);
  const maxExtend = max - SEQ;
  const cases = [
    {
      name: 'extends within the threshold',
      key: persistentKey,
      liveUntil: SEQ + 10,
      threshold: 10,
      extendTo: 100,
      want: SEQ + 100,
    },
    {
      name: 'leaves an entry beyond the threshold',
      key: persistentKey,
      liveUntil: SEQ + 11,
      threshold: 10,
      extendTo: 100,
      want: SEQ + 11,
    },
    {
      name: 'never shortens',
      key: persistentKey,
      liveUntil: SEQ + 500,
      threshold: 1000,
      extendTo: 1000,
      want: SEQ + 1000,
    },
    {
      name: 'no-op when already further',
      key: persistentKey,
      liveUntil: SEQ + 500,
      threshold: 400,
      extendTo: 400,
      want: SEQ + 500,
    },
    {
      name: 'extends the current-ledger entry',
      key: temporaryKey,
      liveUntil: SEQ,
      threshold: 0,
      extendTo: 5,
      want: SEQ + 5,
    },
    {
      name: 'reaches the maximum exactly',
      key: temporaryKey,
      liveUntil: SEQ,
      threshold: 1,
      extendTo: maxExtend,
      want: max,
    },
    {
      name: 'clamps persistent past the maximum',
      key: persistentKey,
      liveUntil: SEQ,
      threshold: 1,
      extendTo: maxExtend + 1,
      want: max,
    },
    {
      name: 'refuses temporary past the maximum',
      key: temporaryKey,
      liveUntil: SEQ,
      threshold: 1,
      extendTo: maxExtend + 1,
      want: 'Error(Storage, InvalidAction)',
    },
    {
      name: 'refuses threshold above extend_to',
      key: persistentKey,
      liveUntil: SEQ,
      threshold: 11,
      extendTo: 10,
      want: 'Error(Storage, InvalidInput)',
    },
    {
      name: 'refuses a missing entry',
      key: otherKey,
      liveUntil: undefined,
      threshold: 1,
      extendTo: 10,
      want: 'Error(Storage, MissingValue)',
    },
  ];
  it.each(cases)('$name', ({ key, liveUntil, threshold, extendTo, want }) => {
    const entry = key === temporaryKey ? temporaryEntry : persistentEntry;
    const storage = enforcing([], [key], liveUntil === undefined ? [] : [[key, { entry, liveUntil }]]);
    const outcome = errorOf(() => storage.extendTtl(key, threshold, extendTo, FREE_METER));
    if (typeof want === 'string') expect(outcome).toBe(want);
    else expect(storage.getWithLiveUntil(key, FREE_METER).liveUntil).toBe(want);
  });

  it('extends a read-only entry (TTL is not a write)', () => {
    const storage = enforcing(
      [],
      [persistentKey],
      [[persistentKey, { entry: persistentEntry, liveUntil: SEQ }]],
    );
    storage.extendTtl(persistentKey, 5, 5, FREE_METER);
    expect(storage.getWithLiveUntil(persistentKey, FREE_METER).liveUntil).toBe(SEQ + 5);
  });

  it('refuses an archived entry in enforcing storage as stellar-core builds the host', () => {
    const archived: Array<[xdr.LedgerKey, EntryWithLiveUntil]> = [
      [persistentKey, { entry: persistentEntry, liveUntil: SEQ - 1 }],
    ];
    const storage = enforcing([], [persistentKey], archived, { recordingFeature: false });
    expect(errorOf(() => storage.extendTtl(persistentKey, 5, 5, FREE_METER))).toBe(
      'Error(Storage, InternalError)',
    );
  });

  it('needs ledger info', () => {
    const storage = Storage.enforcing(new Footprint(), newStorageMap(), () => undefined);
    expect(errorOf(() => storage.extendTtl(persistentKey, 1, 1, FREE_METER))).toBe(
      'Error(Context, InternalError)',
    );
  });
});

describe('recording storage', () => {
  it('records reads read-only and writes read-write, reading through once', () => {
    let reads = 0;
    const snapshot = new InMemorySnapshot([[persistentKey, { entry: persistentEntry, liveUntil: SEQ + 50 }]]);
    const counting = {
      get(k: xdr.LedgerKey) {
        reads++;
        return snapshot.get(k);
      },
    };
    const storage = Storage.recording(counting, () => LEDGER);
    expect(storage.get(persistentKey, FREE_METER)).toBe(persistentEntry);
    expect(storage.has(persistentKey, FREE_METER)).toBe(true);
    expect(storage.has(otherKey, FREE_METER)).toBe(false);
    storage.put(temporaryKey, temporaryEntry, minLiveUntilLedger(LEDGER, 'temporary'), FREE_METER);
    expect(reads).toBe(2);
    const footprint = storage.footprint.toXdr(FREE_METER);
    expect(footprint.readOnly.map((k) => k.toXdr('base64'))).toEqual(
      [persistentKey, otherKey].map((k) => k.toXdr('base64')),
    );
    expect(footprint.readWrite.map((k) => k.toXdr('base64'))).toEqual([temporaryKey.toXdr('base64')]);
  });

  it('keeps recorded keys after a rollback, but not the writes', () => {
    const storage = Storage.recording(new InMemorySnapshot(), () => LEDGER);
    const point = storage.rollbackPoint(FREE_METER);
    storage.put(persistentKey, persistentEntry, SEQ + 1, FREE_METER);
    storage.rollback(point);
    expect(storage.footprint.accessOf(persistentKey, FREE_METER)).toBe('readWrite');
    expect(storage.map.has(persistentKey, FREE_METER)).toBe(false);
  });
});
