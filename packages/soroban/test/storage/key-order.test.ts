/** The host's key order (comparison.rs): Rust's derived order, not the order of XDR bytes. */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it, vi } from 'vitest';
import { compareLedgerKeys, compareScVals, FREE_METER } from '../../src/storage/index.js';
import { accountKey, dataKey, instanceKey, recordingMeter, sym, wasmKey } from './fixtures.js';

const bytes = (...b: number[]) => xdr.ScVal.scvBytes(new Uint8Array(b));

describe('ScVal order', () => {
  it.each([
    { name: 'negative i64 before positive', a: xdr.ScVal.scvI64(-1n), b: xdr.ScVal.scvI64(1n), want: -1 },
    { name: 'bytes lexicographic, not by length', a: bytes(0xff), b: bytes(0, 0), want: 1 },
    { name: 'a prefix first', a: bytes(1), b: bytes(1, 0), want: -1 },
    {
      name: 'symbol before instance key',
      a: sym('key'),
      b: xdr.ScVal.scvLedgerKeyContractInstance(),
      want: -1,
    },
    { name: 'u32 before i32 (by type)', a: xdr.ScVal.scvU32(9), b: xdr.ScVal.scvI32(0), want: -1 },
    {
      name: 'negative i128 hi first',
      a: xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: -1n, lo: 5n })),
      b: xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: 0n, lo: 0n })),
      want: -1,
    },
    {
      name: 'vec element-wise',
      a: xdr.ScVal.scvVec([sym('a'), sym('b')]),
      b: xdr.ScVal.scvVec([sym('a')]),
      want: 1,
    },
    { name: 'equal strings', a: xdr.ScVal.scvString('x'), b: xdr.ScVal.scvString('x'), want: 0 },
  ])('$name', ({ a, b, want }) => {
    expect(compareScVals(a, b, FREE_METER)).toBe(want);
    expect(compareScVals(b, a, FREE_METER)).toBe(-want || 0);
  });

  it('charges byte strings their shorter length and fixed values their declared size', () => {
    const meter = recordingMeter();
    compareScVals(bytes(1, 2, 3), bytes(1, 2), meter);
    compareScVals(xdr.ScVal.scvU64(1n), xdr.ScVal.scvU64(2n), meter);
    compareScVals(xdr.ScVal.scvVoid(), xdr.ScVal.scvVoid(), meter);
    compareScVals(xdr.ScVal.scvU64(1n), xdr.ScVal.scvBool(true), meter);
    expect(meter.charges).toEqual([
      ['MemCmp', 2n],
      ['MemCmp', 8n],
    ]);
  });

  it('encodes an address once however often it is compared (a balance key is compared on every access)', () => {
    const address = (seed: number) =>
      xdr.ScVal.scvAddress(
        xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32).fill(seed))),
      );
    const [low, high] = [address(1), address(2)];
    const decodes = vi.spyOn(xdr.ScAddress, 'fromXdrObject');
    try {
      const meter = recordingMeter();
      for (let i = 0; i < 10; i++) {
        expect(compareScVals(low, high, meter)).toBe(-1);
        expect(compareScVals(high, low, meter)).toBe(1);
      }
      expect(meter.charges).toEqual(Array.from({ length: 20 }, () => ['MemCmp', 48n]));
      expect(decodes.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      decodes.mockRestore();
    }
  });

  it('refuses a vec without a body', () => {
    expect(() => compareScVals(xdr.ScVal.scvVec(null), xdr.ScVal.scvVec([]), FREE_METER)).toThrow(
      'Error(Value, InvalidInput)',
    );
  });
});

describe('ledger key order', () => {
  it('puts accounts, then contract data, then code; data by contract, key, durability', () => {
    const keys = [
      wasmKey,
      instanceKey,
      dataKey(sym('key'), 'persistent'),
      dataKey(sym('key'), 'temporary'),
      accountKey(9),
      accountKey(1),
    ];
    const sorted = [...keys].sort((a, b) => compareLedgerKeys(a, b, FREE_METER));
    expect(sorted).toEqual([keys[5], keys[4], keys[3], keys[2], keys[1], keys[0]]);
  });

  it('charges nothing to compare keys of different kinds', () => {
    const meter = recordingMeter();
    expect(compareLedgerKeys(accountKey(1), wasmKey, meter)).toBe(-1);
    expect(meter.charges).toEqual([]);
  });
});
