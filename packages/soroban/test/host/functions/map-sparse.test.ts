/**
 * The protocol-28 sparse map functions (CAP-86), given/want tables after the Rust host's
 * test/map.rs (run_sparse_map_new_test, run_sparse_map_unpack_test).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { map } from '../../../src/host/functions/map.js';
import { dispatchProtocolError, hostFunctionByName } from '../../../src/interface/index.js';
import { fromU32, u32Of, type Val, VOID } from '../../../src/values/val.js';
import { type Harness, harness, outcome, putSlices } from './support.js';

const KEYS = 0;
const VALS = 128;
const TEXT = 256;
const LONG = 'bbbbbbbbbbbb'; // past 9 characters: a Symbol object, not a small symbol

/** The map's entries as (key text, u32) pairs, read through its XDR. */
function read(h: Harness, m: Val): string {
  return h.host.converter.toScVal(m).toXdr('base64');
}
const want = (pairs: [string, number][]): string =>
  xdr.ScVal.scvMap(
    pairs.map(
      ([key, val]) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(key), val: xdr.ScVal.scvU32(val) }),
    ),
  ).toXdr('base64');

const value = (n: number | null): Val => (n === null ? VOID : fromU32(n));

describe('sparse_map_new_from_linear_memory', () => {
  const cases: {
    given: string;
    keys: string[];
    vals: (number | null)[];
    want: [string, number][] | string;
  }[] = [
    {
      given: 'no Void values',
      keys: ['a', LONG, 'cc'],
      vals: [10, 20, 30],
      want: [
        ['a', 10],
        [LONG, 20],
        ['cc', 30],
      ],
    },
    {
      given: 'some Void values',
      keys: ['a', LONG, 'c', 'dd'],
      vals: [10, null, 30, null],
      want: [
        ['a', 10],
        ['c', 30],
      ],
    },
    {
      given: 'only Void values',
      keys: ['a', 'b', 'cccccccccccccc', 'd'],
      vals: [null, null, null, null],
      want: [],
    },
    {
      given: 'keys out of order behind a Void value',
      keys: ['aaaaaaaaaaaaaa', 'c', 'b'],
      vals: [10, null, 20],
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'keys out of order, all Void',
      keys: ['bbbbbbbbbbbbbbbbbbbb', 'a'],
      vals: [null, null],
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'a duplicate key with a Void value',
      keys: ['aaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaa'],
      vals: [10, null],
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'duplicate keys, all Void',
      keys: ['abcdefghijkl', 'abcdefghijkl', 'abcdefghijkl'],
      vals: [null, null, null],
      want: 'Error(Object, InvalidInput)',
    },
    { given: 'a key that is no symbol', keys: ['!'], vals: [10], want: 'Error(Value, InvalidInput)' },
    {
      given: 'a Void-valued key that is no symbol',
      keys: ['!'],
      vals: [null],
      want: 'Error(Value, InvalidInput)',
    },
    {
      given: 'a Void-valued key too long',
      keys: ['a'.repeat(100)],
      vals: [null],
      want: 'Error(Value, InvalidInput)',
    },
  ];
  it.each(cases)('with $given', ({ keys, vals, want: expected }) => {
    const h = harness({ memorySize: 1024 });
    putSlices(h, KEYS, TEXT, keys);
    h.memory.putU64s(VALS, vals.map(value));
    let got = '';
    const result = outcome(() => {
      got = read(h, h.call(map, 'sparse_map_new_from_linear_memory', KEYS, VALS, keys.length));
    });
    if (typeof expected === 'string') expect(result).toBe(expected);
    else expect(got).toBe(want(expected));
  });

  it('refuses a malformed value, Void or not', () => {
    const h = harness({ memorySize: 1024 });
    putSlices(h, KEYS, TEXT, ['a', 'b']);
    h.memory.putU64s(VALS, [VOID, 0xffn]);
    expect(outcome(() => h.call(map, 'sparse_map_new_from_linear_memory', KEYS, VALS, 2))).toBe(
      'Error(Value, InvalidInput)',
    );
  });
});

describe('sparse_map_unpack_to_linear_memory', () => {
  const mapKeys = ['aa', LONG, 'cc', 'd', 'eeeee'];
  const mapVals = [10, 20, 30, null, 50];
  const cases: { given: string; query: string[]; want: (number | null)[] | string }[] = [
    { given: 'the whole map', query: mapKeys, want: [10, 20, 30, null, 50] },
    { given: 'some keys', query: [LONG, 'd'], want: [20, null] },
    { given: 'no keys', query: [], want: [] },
    { given: 'only keys the map lacks', query: ['x', 'yyyyyyyyyyyyyy', 'z'], want: [null, null, null] },
    {
      given: 'keys it has and lacks',
      query: ['a', LONG, 'cc', 'e', 'eeeee', 'y', 'z'],
      want: [null, 20, 30, null, 50, null, null],
    },
    { given: 'keys that are no symbols', query: ['!', 'a'.repeat(100)], want: [null, null] },
    { given: 'keys out of order', query: ['cc', 'aaaaaaaaaaaaaaa'], want: 'Error(Object, InvalidInput)' },
    { given: 'a repeated key', query: ['cc', 'cc'], want: 'Error(Object, InvalidInput)' },
  ];
  it.each(cases)('with $given', ({ query, want: expected }) => {
    const h = harness({ memorySize: 1024 });
    // Through the dense function, which keeps the Void value under 'd'.
    putSlices(h, KEYS, TEXT, mapKeys);
    h.memory.putU64s(VALS, mapVals.map(value));
    const m = h.call(map, 'map_new_from_linear_memory', KEYS, VALS, mapKeys.length);
    putSlices(h, KEYS, TEXT, query);
    h.memory.putU64s(
      VALS,
      query.map(() => fromU32(999)),
    );
    const result = outcome(() =>
      h.call(map, 'sparse_map_unpack_to_linear_memory', m, KEYS, VALS, query.length),
    );
    if (typeof expected === 'string') return expect(result).toBe(expected);
    expect(result).toBe('ok');
    const got = h.memory.u64s(VALS, query.length).map((v) => (v === VOID ? null : u32Of(v)));
    expect(got).toEqual(expected);
  });

  it('refuses a map with a key that is no symbol, past the last query too', () => {
    const h = harness({ memorySize: 1024 });
    const m = h.call(
      map,
      'map_put',
      h.call(map, 'map_new'),
      h.host.converter.toVal(xdr.ScVal.scvString('z')),
      VOID,
    );
    putSlices(h, KEYS, TEXT, ['a']);
    expect(outcome(() => h.call(map, 'sparse_map_unpack_to_linear_memory', m, KEYS, VALS, 1))).toBe(
      'Error(Value, UnexpectedType)',
    );
  });

  it('refuses key slices past memory', () => {
    const h = harness({ memorySize: 1024 });
    const m = h.call(map, 'map_new');
    expect(outcome(() => h.call(map, 'sparse_map_unpack_to_linear_memory', m, 1020, VALS, 1))).toBe(
      'Error(WasmVm, IndexBounds)',
    );
  });
});

describe('sparse map functions and the protocol', () => {
  it.each(['sparse_map_new_from_linear_memory', 'sparse_map_unpack_to_linear_memory'])(
    '%s exists from protocol 28',
    (name) => {
      const fn = hostFunctionByName(name);
      expect(fn?.minProtocol).toBe(28);
      expect(dispatchProtocolError(fn as NonNullable<typeof fn>, 27)?.short).toBe(
        'Error(Context, IndexBounds)',
      );
      expect(dispatchProtocolError(fn as NonNullable<typeof fn>, 28)).toBeUndefined();
    },
  );
});
