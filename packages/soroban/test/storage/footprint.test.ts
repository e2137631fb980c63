/** soroban-env-host/src/test/storage.rs footprint_* tests, plus the charges of a footprint lookup. */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { Footprint, FREE_METER } from '../../src/storage/index.js';
import { dataKey, recordingMeter } from './fixtures.js';

const key = dataKey(xdr.ScVal.scvI32(0), 'persistent');
const temporaryTwin = dataKey(xdr.ScVal.scvI32(0), 'temporary');

function footprintWith(access: 'readOnly' | 'readWrite'): Footprint {
  const footprint = new Footprint();
  footprint.map.set(key, access, FREE_METER);
  return footprint;
}

function errorOf(f: () => void): string {
  try {
    f();
  } catch (error) {
    return (error as HostError).short;
  }
  return 'ok';
}

describe('recording', () => {
  it.each([
    { given: ['readOnly'], want: 'readOnly' },
    { given: ['readOnly', 'readWrite'], want: 'readWrite' },
    { given: ['readOnly', 'readWrite', 'readOnly'], want: 'readWrite' },
    { given: ['readWrite', 'readOnly'], want: 'readWrite' },
  ] as const)('records $given as $want', ({ given, want }) => {
    const footprint = new Footprint();
    for (const access of given) footprint.recordAccess(key, access, FREE_METER);
    expect(footprint.accessOf(key, FREE_METER)).toBe(want);
    expect(footprint.map.size).toBe(1);
  });
});

describe('enforcing', () => {
  it.each([
    { declared: 'readOnly', key, access: 'readOnly', want: 'ok' },
    { declared: 'readOnly', key, access: 'readWrite', want: 'Error(Storage, ExceededLimit)' },
    { declared: 'readWrite', key, access: 'readOnly', want: 'ok' },
    { declared: 'readWrite', key, access: 'readWrite', want: 'ok' },
    { declared: 'readOnly', key: temporaryTwin, access: 'readOnly', want: 'Error(Storage, ExceededLimit)' },
  ] as const)('$access of a $declared key gives $want', ({ declared, key: accessed, access, want }) => {
    const footprint = footprintWith(declared);
    expect(errorOf(() => footprint.enforceAccess(accessed, access, FREE_METER))).toBe(want);
  });

  it('refuses any key of an empty footprint', () => {
    expect(errorOf(() => new Footprint().enforceAccess(key, 'readOnly', FREE_METER))).toBe(
      'Error(Storage, ExceededLimit)',
    );
  });

  it('charges a one-slot search, the key comparison and the slot read (metered_map.rs)', () => {
    const footprint = footprintWith('readOnly');
    const meter = recordingMeter();
    footprint.enforceAccess(key, 'readOnly', meter);
    // Slots of (Rc<LedgerKey>, AccessType) are 25 bytes; a one-slot map searches 2 slots.
    expect(meter.charges).toEqual([
      ['MemCpy', 50n],
      ['MemCmp', 48n],
      ['MemCmp', 4n],
      ['MemCmp', 4n],
      ['MemCpy', 25n],
    ]);
  });
});

describe('from a transaction footprint', () => {
  it('keeps the host key order and makes a key listed twice read-only', () => {
    const a = dataKey(xdr.ScVal.scvU32(2), 'persistent');
    const b = dataKey(xdr.ScVal.scvU32(1), 'persistent');
    const footprint = Footprint.fromXdr(
      new xdr.LedgerFootprint({ readOnly: [a], readWrite: [a, b] }),
      FREE_METER,
    );
    const back = footprint.toXdr(FREE_METER);
    expect(back.readOnly.map((k) => k.toXdr('base64'))).toEqual([a.toXdr('base64')]);
    expect(back.readWrite.map((k) => k.toXdr('base64'))).toEqual([b.toXdr('base64')]);
  });

  it('rejects a key kind storage never holds', () => {
    const ttl = xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: new xdr.Hash(new Uint8Array(32)) }));
    expect(() =>
      Footprint.fromXdr(new xdr.LedgerFootprint({ readOnly: [ttl], readWrite: [] }), FREE_METER),
    ).toThrow(HostError);
  });
});
