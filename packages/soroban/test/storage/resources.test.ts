/**
 * Resource accounting (e2e_invoke.rs recording mode, soroban-simulation resources.rs) and the
 * budget charges of storage's maps (metered_map.rs).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  entryCounts,
  FREE_METER,
  InMemorySnapshot,
  meteredEncode,
  newStorageMap,
  recordFootprint,
  Storage,
} from '../../src/storage/index.js';
import { accountEntry as e2eAccountEntry } from '../invoke/fixtures.js';
import { accountKey, dataEntry, dataKey, LEDGER, recordingMeter, SEQ, size, sym, u64 } from './fixtures.js';

const account = accountKey(3);
// e2e_testutils `account_entry` of the key [3; 32].
const accountEntry = e2eAccountEntry(xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, 3)));
const liveKey = dataKey(sym('live'), 'persistent');
const liveEntry = dataEntry(sym('live'), u64(1n), 'persistent');

describe('disk reads', () => {
  const snapshot = new InMemorySnapshot([
    [account, { entry: accountEntry, liveUntil: undefined }],
    [liveKey, { entry: liveEntry, liveUntil: SEQ + 5 }],
  ]);
  const storage = Storage.recording(snapshot, () => LEDGER);
  storage.get(account, FREE_METER);
  storage.get(liveKey, FREE_METER);

  it.each([
    { protocol: 23, wantBytes: size(accountEntry), wantEntries: 1 },
    { protocol: 22, wantBytes: size(accountEntry) + size(liveEntry), wantEntries: 2 },
  ])(
    'at protocol $protocol: $wantEntries entries, $wantBytes bytes',
    ({ protocol, wantBytes, wantEntries }) => {
      const recorded = recordFootprint(storage, snapshot, SEQ, protocol, FREE_METER);
      expect(recorded.diskReadBytes).toBe(wantBytes);
      expect(recorded.restoredRwEntryIndices).toEqual([]);
      expect(recorded.restoredKeys).toBeUndefined();
      expect(entryCounts(recorded.footprint, 0, protocol)).toEqual({
        diskReadEntries: wantEntries,
        writeEntries: 0,
      });
    },
  );
});

describe('map charges', () => {
  it('a first insert into the storage map (68-byte slots)', () => {
    const meter = recordingMeter();
    newStorageMap().set(liveKey, null, meter);
    expect(meter.charges).toEqual([
      ['MemCpy', 68n],
      ['MemCpy', 68n],
      ['MemCpy', 24n],
      ['MemAlloc', 68n],
      ['MemCpy', 68n],
      ['MemCpy', 68n],
    ]);
  });

  it('a second insert also checks the rebuilt order with one comparison', () => {
    const map = newStorageMap();
    map.set(liveKey, null, FREE_METER);
    const meter = recordingMeter();
    map.set(account, null, meter);
    // Account before contract data: different kinds compare for free.
    expect(meter.charges).toEqual([
      ['MemCpy', 68n],
      ['MemCpy', 136n],
      ['MemCpy', 24n],
      ['MemAlloc', 136n],
      ['MemCpy', 136n],
      ['MemCpy', 136n],
    ]);
  });
});

describe('XDR charges', () => {
  it('one ValSer per write of the Rust encoder: integers, byte runs, padding', () => {
    const meter = recordingMeter();
    const bytes = meteredEncode(dataKey(sym('key'), 'persistent'), meter);
    // LedgerKey type, address type, contract id, ScVal type, symbol length, "key", pad, durability.
    expect(meter.charges.map(([, n]) => Number(n))).toEqual([4, 4, 32, 4, 4, 3, 1, 4]);
    expect(meter.charges.every(([cost]) => cost === 'ValSer')).toBe(true);
    expect(bytes.length).toBe(56);
  });
});
