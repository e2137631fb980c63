import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { map } from '../../../src/host/functions/map.js';
import { UNMETERED } from '../../../src/host/meter.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import { Tag } from '../../../src/values/tags.js';
import { FALSE, fromU32, TRUE, tagOf, type Val, VOID } from '../../../src/values/val.js';
import { type Harness, harness, outcome, putSlices } from './support.js';

const sym = (text: string): Val => smallSymbol(text) as Val;
const u32 = (n: number): xdr.ScVal => xdr.ScVal.scvU32(n);

/** A map {1: 10, 2: 20, 3: 30} made the host's way. */
function withMap(h: Harness): Val {
  const entries = [1, 2, 3].map((k) => new xdr.ScMapEntry({ key: u32(k), val: u32(k * 10) }));
  return h.host.converter.toVal(xdr.ScVal.scvMap(entries));
}
const contents = (h: Harness, m: Val): string => h.host.converter.toScVal(m).toXdr('base64');
const scMap = (pairs: [xdr.ScVal, xdr.ScVal][]): string =>
  xdr.ScVal.scvMap(pairs.map(([key, val]) => new xdr.ScMapEntry({ key, val }))).toXdr('base64');

describe('map module: reading and changing maps', () => {
  const cases: {
    given: string;
    run: (h: Harness, m: Val) => Val;
    want: string | Val | [number, number][];
  }[] = [
    { given: 'map_len', run: (h, m) => h.call(map, 'map_len', m), want: fromU32(3) },
    { given: 'map_has of a key', run: (h, m) => h.call(map, 'map_has', m, fromU32(2)), want: TRUE },
    { given: 'map_has of no key', run: (h, m) => h.call(map, 'map_has', m, fromU32(7)), want: FALSE },
    { given: 'map_get', run: (h, m) => h.call(map, 'map_get', m, fromU32(3)), want: fromU32(30) },
    {
      given: 'map_get of no key',
      run: (h, m) => h.call(map, 'map_get', m, fromU32(4)),
      want: 'Error(Object, MissingValue)',
    },
    {
      given: 'map_get of a key of another type',
      run: (h, m) => h.call(map, 'map_get', m, sym('a')),
      want: 'Error(Object, MissingValue)',
    },
    {
      given: 'map_del of no key',
      run: (h, m) => h.call(map, 'map_del', m, fromU32(9)),
      want: 'Error(Object, MissingValue)',
    },
    { given: 'map_key_by_pos', run: (h, m) => h.call(map, 'map_key_by_pos', m, 1), want: fromU32(2) },
    { given: 'map_val_by_pos', run: (h, m) => h.call(map, 'map_val_by_pos', m, 2), want: fromU32(30) },
    {
      given: 'map_key_by_pos past the end',
      run: (h, m) => h.call(map, 'map_key_by_pos', m, 3),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'map_val_by_pos past the end',
      run: (h, m) => h.call(map, 'map_val_by_pos', m, 99),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'map_put of a new key (sorted in)',
      run: (h, m) => h.call(map, 'map_put', m, fromU32(0), fromU32(5)),
      want: [
        [0, 5],
        [1, 10],
        [2, 20],
        [3, 30],
      ],
    },
    {
      given: 'map_put of a key at the end',
      run: (h, m) => h.call(map, 'map_put', m, fromU32(4), fromU32(40)),
      want: [
        [1, 10],
        [2, 20],
        [3, 30],
        [4, 40],
      ],
    },
    {
      given: 'map_put of an existing key (replaced)',
      run: (h, m) => h.call(map, 'map_put', m, fromU32(2), fromU32(99)),
      want: [
        [1, 10],
        [2, 99],
        [3, 30],
      ],
    },
    {
      given: 'map_del of the first key',
      run: (h, m) => h.call(map, 'map_del', m, fromU32(1)),
      want: [
        [2, 20],
        [3, 30],
      ],
    },
    {
      given: 'map_del of a middle key',
      run: (h, m) => h.call(map, 'map_del', m, fromU32(2)),
      want: [
        [1, 10],
        [3, 30],
      ],
    },
  ];
  it.each(cases)('$given', ({ run, want }) => {
    const h = harness();
    const m = withMap(h);
    if (typeof want === 'string') return expect(outcome(() => run(h, m))).toBe(want);
    const got = run(h, m);
    if (Array.isArray(want))
      return expect(contents(h, got)).toBe(scMap(want.map(([k, v]) => [u32(k), u32(v)])));
    expect(got).toBe(want);
  });

  it('map_put leaves the old map as it was', () => {
    const h = harness();
    const m = withMap(h);
    const before = contents(h, m);
    h.call(map, 'map_put', m, fromU32(9), fromU32(9));
    h.call(map, 'map_del', m, fromU32(1));
    expect(contents(h, m)).toBe(before);
  });

  it('map_new, map_keys and map_values', () => {
    const h = harness();
    expect(h.call(map, 'map_len', h.call(map, 'map_new'))).toBe(fromU32(0));
    const m = withMap(h);
    const asXdr = (v: Val) => h.host.converter.toScVal(v).toXdr('base64');
    expect(asXdr(h.call(map, 'map_keys', m))).toBe(
      xdr.ScVal.scvVec([u32(1), u32(2), u32(3)]).toXdr('base64'),
    );
    expect(asXdr(h.call(map, 'map_values', m))).toBe(
      xdr.ScVal.scvVec([u32(10), u32(20), u32(30)]).toXdr('base64'),
    );
  });

  it('orders keys of mixed types in the host order', () => {
    const h = harness();
    let m = h.call(map, 'map_new');
    for (const key of [sym('b'), fromU32(5), TRUE, sym('a')]) m = h.call(map, 'map_put', m, key, VOID);
    const keys = [0, 1, 2, 3].map((i) => h.call(map, 'map_key_by_pos', m, i));
    expect(keys).toEqual([TRUE, fromU32(5), sym('a'), sym('b')]);
  });

  it('charges map_put into an empty map as the host does', () => {
    const h = harness();
    const m = h.call(map, 'map_new');
    h.charges.length = 0;
    h.call(map, 'map_put', m, fromU32(2), fromU32(20));
    expect(h.charges.map((c) => `${c.costType}:${c.input ?? '-'}`)).toEqual([
      'VisitObject:-',
      'MemCpy:24', // the access
      'MemCpy:24', // the binary search over 0 entries
      'MemCpy:24', // the new vector's header
      'MemAlloc:24',
      'MemCpy:24',
      'MemCpy:24', // the sortedness scan
      'MemAlloc:64', // the new map in the object table
    ]);
  });
});

describe('map module: linear memory', () => {
  const KEYS = 0;
  const VALS = 32;
  const TEXT = 64;
  const fromMemory: {
    given: string;
    keys: string[];
    vals?: bigint[];
    len?: number;
    keysPos?: number;
    valsPos?: number;
    want: string;
  }[] = [
    { given: 'good keys and values', keys: ['a', 'b'], want: 'ok' },
    { given: 'keys out of order', keys: ['b', 'a'], want: 'Error(Object, InvalidInput)' },
    { given: 'a duplicate key', keys: ['a', 'a'], want: 'Error(Object, InvalidInput)' },
    { given: 'a key with a bad character', keys: ['a', 'b-c'], want: 'Error(Value, InvalidInput)' },
    { given: 'a key past 32 characters', keys: ['a', 'b'.repeat(33)], want: 'Error(Value, InvalidInput)' },
    { given: 'a long (object) key', keys: ['a', 'b'.repeat(32)], want: 'ok' },
    { given: 'a malformed value', keys: ['a', 'b'], vals: [4n, 0xffn], want: 'Error(Value, InvalidInput)' },
    {
      given: 'an unknown relative object',
      keys: ['a', 'b'],
      vals: [4n, (2n << 32n) | BigInt(Tag.VecObject)],
      want: 'Error(Value, InvalidInput)',
    },
    {
      given: 'an absolute object forged by the guest',
      keys: ['a', 'b'],
      vals: [4n, (1n << 32n) | BigInt(Tag.VecObject)],
      want: 'Error(Value, InvalidInput)',
    },
    { given: 'key slices past memory', keys: ['a', 'b'], keysPos: 250, want: 'Error(WasmVm, IndexBounds)' },
    { given: 'values past memory', keys: ['a', 'b'], valsPos: 250, want: 'Error(WasmVm, IndexBounds)' },
    {
      given: 'a slice table past u32',
      keys: ['a', 'b'],
      keysPos: 0xffff_fffc,
      want: 'Error(Value, ArithDomain)',
    },
    { given: 'values past u32', keys: ['a', 'b'], valsPos: 0xffff_fffc, want: 'Error(Value, ArithDomain)' },
  ];
  it.each(fromMemory)(
    'map_new_from_linear_memory with $given: $want',
    ({ keys, vals, len, keysPos, valsPos, want }) => {
      const h = harness();
      putSlices(h, KEYS, TEXT, keys);
      h.memory.putU64s(VALS, vals ?? keys.map((_, i) => fromU32(i)));
      expect(
        outcome(() =>
          h.call(map, 'map_new_from_linear_memory', keysPos ?? KEYS, valsPos ?? VALS, len ?? keys.length),
        ),
      ).toBe(want);
    },
  );

  it('map_new_from_linear_memory makes the map and reads relative objects', () => {
    const h = harness();
    const inner = h.call(map, 'map_new');
    putSlices(h, KEYS, TEXT, ['x', 'y']);
    h.memory.putU64s(VALS, [fromU32(7), h.frame.objects.toRelative(inner, UNMETERED)]);
    const m = h.call(map, 'map_new_from_linear_memory', KEYS, VALS, 2);
    expect(h.call(map, 'map_get', m, sym('x'))).toBe(fromU32(7));
    expect(h.call(map, 'map_get', m, sym('y'))).toBe(inner);
  });

  it('needs a calling VM', () => {
    expect(outcome(() => harness({ vm: false }).call(map, 'map_new_from_linear_memory', 0, 0, 0))).not.toBe(
      'ok',
    );
  });

  const unpack: { given: string; keys: string[]; len?: number; valsPos?: number; want: string }[] = [
    { given: 'matching keys', keys: ['a', 'b'], want: 'ok' },
    { given: 'fewer slots than entries', keys: ['a'], want: 'Error(Object, UnexpectedSize)' },
    { given: 'a key that differs', keys: ['a', 'c'], want: 'Error(Value, InvalidInput)' },
    { given: 'keys in another order', keys: ['b', 'a'], want: 'Error(Value, InvalidInput)' },
    { given: 'values past memory', keys: ['a', 'b'], valsPos: 250, want: 'Error(WasmVm, IndexBounds)' },
  ];
  it.each(unpack)('map_unpack_to_linear_memory with $given: $want', ({ keys, len, valsPos, want }) => {
    const h = harness();
    let m = h.call(map, 'map_new');
    m = h.call(map, 'map_put', m, sym('a'), fromU32(1));
    m = h.call(map, 'map_put', m, sym('b'), m);
    putSlices(h, KEYS, TEXT, keys);
    expect(
      outcome(() => h.call(map, 'map_unpack_to_linear_memory', m, KEYS, valsPos ?? VALS, len ?? keys.length)),
    ).toBe(want);
    if (want !== 'ok') return;
    const [first, second] = h.memory.u64s(VALS, 2) as [bigint, bigint];
    expect(first).toBe(fromU32(1));
    expect(tagOf(second)).toBe(Tag.MapObject);
    expect(h.frame.objects.toAbsolute(second)).not.toBe(second);
  });

  it('map_unpack_to_linear_memory refuses a key that is not a symbol', () => {
    const h = harness();
    const m = h.call(map, 'map_put', h.call(map, 'map_new'), fromU32(1), fromU32(1));
    putSlices(h, KEYS, TEXT, ['a']);
    expect(outcome(() => h.call(map, 'map_unpack_to_linear_memory', m, KEYS, VALS, 1))).toBe(
      'Error(Value, UnexpectedType)',
    );
  });
});
