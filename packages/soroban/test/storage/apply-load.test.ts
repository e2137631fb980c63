/** What stellar-core hands the host for an apply (InvokeHostFunctionOpFrame.cpp addReads, v23). */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  type ApplyLoadInput,
  buildStorageMap,
  Footprint,
  FREE_METER,
  InMemorySnapshot,
  loadForApply,
} from '../../src/storage/index.js';
import { dataEntry, dataKey, SEQ, size, sym, u64 } from './fixtures.js';

const archivedKey = dataKey(sym('old'), 'persistent');
const expiredKey = dataKey(sym('tmp'), 'temporary');
const liveKey = dataKey(sym('live'), 'persistent');
const archivedEntry = dataEntry(sym('old'), u64(1n), 'persistent');
const expiredEntry = dataEntry(sym('tmp'), u64(2n), 'temporary');
const liveEntry = dataEntry(sym('live'), u64(3n), 'persistent');

const snapshot = new InMemorySnapshot([
  [archivedKey, { entry: archivedEntry, liveUntil: SEQ - 1 }],
  [expiredKey, { entry: expiredEntry, liveUntil: SEQ - 1 }],
  [liveKey, { entry: liveEntry, liveUntil: SEQ + 1 }],
]);

function input(
  readOnly: xdr.LedgerKey[],
  readWrite: xdr.LedgerKey[],
  marked: number[],
  protocolVersion = 23,
): ApplyLoadInput {
  return {
    footprint: new xdr.LedgerFootprint({ readOnly, readWrite }),
    snapshot,
    ledgerSequence: SEQ,
    protocolVersion,
    minPersistentTtl: 100_000,
    archivedSorobanEntries: marked,
    diskReadBytes: 10_000,
    maxContractSizeBytes: 65_536,
    maxContractDataEntrySizeBytes: 65_536,
  };
}

describe('loading an apply', () => {
  it('restores a marked archived entry, drops an expired temporary one, reads only the restored from disk', () => {
    const result = loadForApply(input([liveKey], [expiredKey, archivedKey], [1]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entries).toEqual([
      { entry: liveEntry, liveUntil: SEQ + 1 },
      { entry: archivedEntry, liveUntil: SEQ + 100_000 - 1 },
    ]);
    expect(result.restoredRwEntryIndices).toEqual([1]);
    expect([result.diskReadEntries, result.diskReadBytes]).toEqual([1, size(archivedEntry)]);
    // The host accepts what was loaded: every entry is live.
    const footprint = Footprint.fromXdr(
      input([liveKey], [expiredKey, archivedKey], []).footprint,
      FREE_METER,
    );
    expect(buildStorageMap(footprint, result.entries, SEQ, FREE_METER).map.size).toBe(3);
  });

  it.each([
    { name: 'archived and not marked', readOnly: [], readWrite: [archivedKey], marked: [], protocol: 23 },
    {
      name: 'archived in the read-only footprint',
      readOnly: [archivedKey],
      readWrite: [],
      marked: [0],
      protocol: 23,
    },
    {
      name: 'archived before protocol 23',
      readOnly: [],
      readWrite: [archivedKey],
      marked: [0],
      protocol: 22,
    },
  ])('fails with ENTRY_ARCHIVED when $name', ({ readOnly, readWrite, marked, protocol }) => {
    const result = loadForApply(input(readOnly, readWrite, marked, protocol));
    expect(result.ok ? 'ok' : result.code).toBe('entryArchived');
  });

  it('counts every entry as a disk read before protocol 23', () => {
    const result = loadForApply(input([liveKey], [expiredKey], [], 22));
    expect(result.ok && [result.diskReadEntries, result.diskReadBytes]).toEqual([2, size(liveEntry)]);
  });

  it('an expired entry handed to the host directly is an internal error', () => {
    const footprint = Footprint.fromXdr(input([], [archivedKey], []).footprint, FREE_METER);
    expect(() =>
      buildStorageMap(footprint, [{ entry: archivedEntry, liveUntil: SEQ - 1 }], SEQ, FREE_METER),
    ).toThrow('Error(Storage, InternalError)');
  });
});
