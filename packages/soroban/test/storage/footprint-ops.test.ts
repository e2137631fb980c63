/** RestoreFootprintOp and ExtendFootprintTTLOp as stellar-core v23 applies them. */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  extendFootprintTtl,
  type FootprintOpContext,
  InMemorySnapshot,
  restoreFootprint,
} from '../../src/storage/index.js';
import {
  accountKey,
  CODE_MEMORY,
  dataEntry,
  dataKey,
  SEQ,
  size,
  sizeForRent,
  sym,
  u64,
  wasmEntry,
  wasmKey,
} from './fixtures.js';

const liveKey = dataKey(sym('live'), 'persistent');
const archivedKey = dataKey(sym('old'), 'persistent');
const temporaryKey = dataKey(sym('tmp'), 'temporary');
const missingKey = dataKey(sym('none'), 'persistent');
const liveEntry = dataEntry(sym('live'), u64(1n), 'persistent');
const archivedEntry = dataEntry(sym('old'), u64(2n), 'persistent');
const temporaryEntry = dataEntry(sym('tmp'), u64(3n), 'temporary');

const snapshot = new InMemorySnapshot([
  [liveKey, { entry: liveEntry, liveUntil: SEQ + 10 }],
  [archivedKey, { entry: archivedEntry, liveUntil: SEQ - 1 }],
  [temporaryKey, { entry: temporaryEntry, liveUntil: SEQ + 10 }],
  [wasmKey, { entry: wasmEntry, liveUntil: SEQ - 5 }],
]);

function context(
  readOnly: xdr.LedgerKey[],
  readWrite: xdr.LedgerKey[],
  limits = { diskReadBytes: 10_000, writeBytes: 10_000 },
): FootprintOpContext {
  return {
    snapshot,
    ledgerSequence: SEQ,
    protocolVersion: 23,
    settings: {
      minPersistentTtl: 100_000,
      maxEntryTtl: 10_000_000,
      maxContractSizeBytes: 65_536,
      maxContractDataEntrySizeBytes: 65_536,
    },
    resources: { footprint: new xdr.LedgerFootprint({ readOnly, readWrite }), ...limits },
    entrySizeForRent: sizeForRent,
  };
}

describe('RestoreFootprint', () => {
  it('restores only archived entries, to the minimum persistent TTL', () => {
    const result = restoreFootprint(context([], [liveKey, archivedKey, missingKey, wasmKey]));
    const restoredUntil = SEQ + 100_000 - 1;
    expect(result.code).toBe('success');
    expect(result.newLiveUntil.map((r) => [r.key.toXdr('base64'), r.liveUntilLedger])).toEqual([
      [archivedKey.toXdr('base64'), restoredUntil],
      [wasmKey.toXdr('base64'), restoredUntil],
    ]);
    expect(result.readBytes).toBe(size(archivedEntry) + size(wasmEntry));
    expect(result.writeBytes).toBe(result.readBytes);
    expect(result.rentChanges).toEqual([
      {
        isPersistent: true,
        isCodeEntry: false,
        oldSizeBytes: 0,
        newSizeBytes: size(archivedEntry),
        oldLiveUntilLedger: 0,
        newLiveUntilLedger: restoredUntil,
      },
      {
        isPersistent: true,
        isCodeEntry: true,
        oldSizeBytes: 0,
        newSizeBytes: size(wasmEntry) + CODE_MEMORY,
        oldLiveUntilLedger: 0,
        newLiveUntilLedger: restoredUntil,
      },
    ]);
  });

  it.each([
    { name: 'a read-only key', readOnly: [liveKey], readWrite: [], limits: undefined, want: 'malformed' },
    {
      name: 'a temporary key',
      readOnly: [],
      readWrite: [temporaryKey],
      limits: undefined,
      want: 'malformed',
    },
    {
      name: 'an account key',
      readOnly: [],
      readWrite: [accountKey(1)],
      limits: undefined,
      want: 'malformed',
    },
    {
      name: 'too few read bytes',
      readOnly: [],
      readWrite: [archivedKey],
      limits: { diskReadBytes: 10, writeBytes: 10_000 },
      want: 'resourceLimitExceeded',
    },
    {
      name: 'too few write bytes',
      readOnly: [],
      readWrite: [archivedKey],
      limits: { diskReadBytes: 10_000, writeBytes: 10 },
      want: 'resourceLimitExceeded',
    },
  ])('refuses $name: $want', ({ readOnly, readWrite, limits, want }) => {
    expect(restoreFootprint(context(readOnly, readWrite, limits)).code).toBe(want);
  });
});

describe('ExtendFootprintTTL', () => {
  it('extends live entries that need it and skips archived and missing ones', () => {
    const result = extendFootprintTtl(context([liveKey, temporaryKey, archivedKey, missingKey], []), 1000);
    expect(result.code).toBe('success');
    expect(result.newLiveUntil.map((r) => r.liveUntilLedger)).toEqual([SEQ + 1000, SEQ + 1000]);
    expect(result.rentChanges).toEqual([
      {
        isPersistent: true,
        isCodeEntry: false,
        oldSizeBytes: size(liveEntry),
        newSizeBytes: size(liveEntry),
        oldLiveUntilLedger: SEQ + 10,
        newLiveUntilLedger: SEQ + 1000,
      },
      {
        isPersistent: false,
        isCodeEntry: false,
        oldSizeBytes: size(temporaryEntry),
        newSizeBytes: size(temporaryEntry),
        oldLiveUntilLedger: SEQ + 10,
        newLiveUntilLedger: SEQ + 1000,
      },
    ]);
    // Protocol 23 keeps Soroban state in memory: no disk reads to check.
    expect(result.readBytes).toBe(0);
  });

  it('skips an entry already living long enough', () => {
    expect(extendFootprintTtl(context([liveKey], []), 10).newLiveUntil).toEqual([]);
  });

  it.each([
    { name: 'a read-write key', readOnly: [], readWrite: [liveKey], extendTo: 10, want: 'malformed' },
    { name: 'an account key', readOnly: [accountKey(1)], readWrite: [], extendTo: 10, want: 'malformed' },
    {
      name: 'extend_to of the maximum TTL',
      readOnly: [liveKey],
      readWrite: [],
      extendTo: 10_000_000,
      want: 'malformed',
    },
    {
      name: 'extend_to one below the maximum TTL',
      readOnly: [liveKey],
      readWrite: [],
      extendTo: 9_999_999,
      want: 'success',
    },
  ])('$name: $want', ({ readOnly, readWrite, extendTo, want }) => {
    expect(extendFootprintTtl(context(readOnly, readWrite), extendTo).code).toBe(want);
  });

  it('checks read bytes before protocol 23', () => {
    const tight = { ...context([liveKey], [], { diskReadBytes: 10, writeBytes: 0 }), protocolVersion: 22 };
    expect(extendFootprintTtl(tight, 1000).code).toBe('resourceLimitExceeded');
  });
});
