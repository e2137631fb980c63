import { describe, expect, it } from 'vitest';
import { buf } from '../../../src/host/functions/buf.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import { Tag } from '../../../src/values/tags.js';
import { fromU32, tagOf, type Val } from '../../../src/values/val.js';
import { type Harness, harness, outcome } from './support.js';

const bytesVal = (h: Harness, data: number[]): Val =>
  h.host.objects.add({ kind: 'Bytes', value: Uint8Array.from(data) });
const dataOf = (h: Harness, v: Val): number[] => [...(h.host.objects.get(v).value as Uint8Array)];

describe('buf module: bytes', () => {
  const cases: { given: string; run: (h: Harness, b: Val) => Val; want: string | number | number[] }[] = [
    { given: 'bytes_len', run: (h, b) => h.call(buf, 'bytes_len', b), want: 3 },
    { given: 'bytes_get', run: (h, b) => h.call(buf, 'bytes_get', b, 1), want: 20 },
    {
      given: 'bytes_get past the end',
      run: (h, b) => h.call(buf, 'bytes_get', b, 3),
      want: 'Error(Object, IndexBounds)',
    },
    { given: 'bytes_put', run: (h, b) => h.call(buf, 'bytes_put', b, 0, 255), want: [255, 20, 30] },
    {
      given: 'bytes_put past the end',
      run: (h, b) => h.call(buf, 'bytes_put', b, 3, 1),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'bytes_put of 256',
      run: (h, b) => h.call(buf, 'bytes_put', b, 0, 256),
      want: 'Error(Value, ArithDomain)',
    },
    {
      given: 'bytes_put of 256 past the end (the byte is checked first)',
      run: (h, b) => h.call(buf, 'bytes_put', b, 9, 256),
      want: 'Error(Value, ArithDomain)',
    },
    { given: 'bytes_del', run: (h, b) => h.call(buf, 'bytes_del', b, 1), want: [10, 30] },
    {
      given: 'bytes_del past the end',
      run: (h, b) => h.call(buf, 'bytes_del', b, 3),
      want: 'Error(Object, IndexBounds)',
    },
    { given: 'bytes_push', run: (h, b) => h.call(buf, 'bytes_push', b, 40), want: [10, 20, 30, 40] },
    {
      given: 'bytes_push of 300',
      run: (h, b) => h.call(buf, 'bytes_push', b, 300),
      want: 'Error(Value, ArithDomain)',
    },
    { given: 'bytes_pop', run: (h, b) => h.call(buf, 'bytes_pop', b), want: [10, 20] },
    { given: 'bytes_front', run: (h, b) => h.call(buf, 'bytes_front', b), want: 10 },
    { given: 'bytes_back', run: (h, b) => h.call(buf, 'bytes_back', b), want: 30 },
    {
      given: 'bytes_insert at the start',
      run: (h, b) => h.call(buf, 'bytes_insert', b, 0, 1),
      want: [1, 10, 20, 30],
    },
    {
      given: 'bytes_insert at the end',
      run: (h, b) => h.call(buf, 'bytes_insert', b, 3, 1),
      want: [10, 20, 30, 1],
    },
    {
      given: 'bytes_insert past the end',
      run: (h, b) => h.call(buf, 'bytes_insert', b, 4, 1),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'bytes_insert of 256',
      run: (h, b) => h.call(buf, 'bytes_insert', b, 0, 256),
      want: 'Error(Value, ArithDomain)',
    },
    {
      given: 'bytes_append',
      run: (h, b) => h.call(buf, 'bytes_append', b, bytesVal(h, [1, 2])),
      want: [10, 20, 30, 1, 2],
    },
    { given: 'bytes_slice', run: (h, b) => h.call(buf, 'bytes_slice', b, 1, 3), want: [20, 30] },
    { given: 'bytes_slice empty at the end', run: (h, b) => h.call(buf, 'bytes_slice', b, 3, 3), want: [] },
    {
      given: 'bytes_slice start past the end',
      run: (h, b) => h.call(buf, 'bytes_slice', b, 4, 4),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'bytes_slice end past the end',
      run: (h, b) => h.call(buf, 'bytes_slice', b, 0, 4),
      want: 'Error(Object, IndexBounds)',
    },
    {
      given: 'bytes_slice start after end',
      run: (h, b) => h.call(buf, 'bytes_slice', b, 2, 1),
      want: 'Error(Object, InvalidInput)',
    },
  ];
  it.each(cases)('$given', ({ run, want }) => {
    const h = harness();
    const b = bytesVal(h, [10, 20, 30]);
    if (typeof want === 'string') return expect(outcome(() => run(h, b))).toBe(want);
    const got = run(h, b);
    if (typeof want === 'number') return expect(got).toBe(fromU32(want));
    expect(dataOf(h, got)).toEqual(want);
    expect(dataOf(h, b)).toEqual([10, 20, 30]);
  });

  const empty: { name: string; args?: number[] }[] = [
    { name: 'bytes_pop' },
    { name: 'bytes_front' },
    { name: 'bytes_back' },
  ];
  it.each(empty)('$name of empty bytes is Error(Object, IndexBounds)', ({ name }) => {
    const h = harness();
    expect(outcome(() => h.call(buf, name, h.call(buf, 'bytes_new')))).toBe('Error(Object, IndexBounds)');
  });

  it('strings, symbols and bytes convert and measure', () => {
    const h = harness();
    const s = h.host.objects.add({ kind: 'String', value: Buffer.from('héllo') });
    const b = h.call(buf, 'string_to_bytes', s);
    expect(dataOf(h, b)).toEqual([...Buffer.from('héllo')]);
    expect(h.call(buf, 'string_len', s)).toBe(fromU32(6));
    // Bytes that are not UTF-8 still make a String: the host does not check.
    const t = h.call(buf, 'bytes_to_string', bytesVal(h, [0xff, 0xfe]));
    expect(tagOf(t)).toBe(Tag.StringObject);
    const symbol = h.host.objects.add({ kind: 'Symbol', value: Buffer.from('a_long_symbol_name') });
    expect(h.call(buf, 'symbol_len', symbol)).toBe(fromU32(18));
  });

  it('charges bytes_push as the host does', () => {
    const h = harness();
    const b = bytesVal(h, [1, 2, 3]);
    h.charges.length = 0;
    h.call(buf, 'bytes_push', b, 4);
    expect(h.charges.map((c) => `${c.costType}:${c.input ?? '-'}`)).toEqual([
      'VisitObject:-',
      'MemCpy:24',
      'MemAlloc:4',
      'MemCpy:4',
      'MemAlloc:64',
    ]);
  });
});

describe('buf module: linear memory', () => {
  const copyOut: { given: string; name: string; objPos: number; lmPos: number; len: number; want: string }[] =
    [
      { given: 'all of it', name: 'bytes_copy_to_linear_memory', objPos: 0, lmPos: 10, len: 4, want: 'ok' },
      { given: 'a part', name: 'string_copy_to_linear_memory', objPos: 1, lmPos: 10, len: 2, want: 'ok' },
      { given: 'a symbol', name: 'symbol_copy_to_linear_memory', objPos: 0, lmPos: 10, len: 4, want: 'ok' },
      {
        given: 'more than the object has',
        name: 'bytes_copy_to_linear_memory',
        objPos: 1,
        lmPos: 10,
        len: 4,
        want: 'Error(Object, IndexBounds)',
      },
      {
        given: 'a position past u32',
        name: 'bytes_copy_to_linear_memory',
        objPos: 0xffff_fffe,
        lmPos: 10,
        len: 4,
        want: 'Error(Value, ArithDomain)',
      },
      {
        given: 'past linear memory',
        name: 'string_copy_to_linear_memory',
        objPos: 0,
        lmPos: 254,
        len: 4,
        want: 'Error(WasmVm, IndexBounds)',
      },
    ];
  it.each(copyOut)('$name: $given gives $want', ({ name, objPos, lmPos, len, want }) => {
    const h = harness();
    const kind = name.startsWith('bytes') ? 'Bytes' : name.startsWith('string') ? 'String' : 'Symbol';
    const obj = h.host.objects.add({ kind, value: Buffer.from('abcd') });
    expect(outcome(() => h.call(buf, name, obj, objPos, lmPos, len))).toBe(want);
    if (want === 'ok')
      expect(Buffer.from(h.memory.bytes.subarray(lmPos, lmPos + len)).toString()).toBe(
        'abcd'.slice(objPos, objPos + len),
      );
  });

  const copyIn: { given: string; bPos: number; lmPos: number; len: number; want: string | number[] }[] = [
    { given: 'over the start', bPos: 0, lmPos: 0, len: 2, want: [7, 8, 3] },
    { given: 'growing the bytes with zeros', bPos: 5, lmPos: 0, len: 2, want: [1, 2, 3, 0, 0, 7, 8] },
    { given: 'nothing', bPos: 3, lmPos: 0, len: 0, want: [1, 2, 3] },
    { given: 'a position past u32', bPos: 0xffff_ffff, lmPos: 0, len: 2, want: 'Error(Value, ArithDomain)' },
    { given: 'past linear memory', bPos: 0, lmPos: 255, len: 2, want: 'Error(WasmVm, IndexBounds)' },
  ];
  it.each(copyIn)('bytes_copy_from_linear_memory $given', ({ bPos, lmPos, len, want }) => {
    const h = harness();
    h.memory.bytes.set([7, 8], 0);
    const b = bytesVal(h, [1, 2, 3]);
    if (typeof want === 'string')
      return expect(outcome(() => h.call(buf, 'bytes_copy_from_linear_memory', b, bPos, lmPos, len))).toBe(
        want,
      );
    expect(dataOf(h, h.call(buf, 'bytes_copy_from_linear_memory', b, bPos, lmPos, len))).toEqual(want);
  });

  const newFrom: { given: string; name: string; text: string; lmPos?: number; want: string | number }[] = [
    { given: 'bytes', name: 'bytes_new_from_linear_memory', text: '\u00ff\u0000z', want: Tag.BytesObject },
    { given: 'a string', name: 'string_new_from_linear_memory', text: 'hello', want: Tag.StringObject },
    {
      given: 'a short symbol (still an object)',
      name: 'symbol_new_from_linear_memory',
      text: 'abc',
      want: Tag.SymbolObject,
    },
    {
      given: 'a 32-character symbol',
      name: 'symbol_new_from_linear_memory',
      text: 'a'.repeat(32),
      want: Tag.SymbolObject,
    },
    {
      given: 'a 33-character symbol',
      name: 'symbol_new_from_linear_memory',
      text: 'a'.repeat(33),
      want: 'Error(Value, InvalidInput)',
    },
    {
      given: 'a symbol with a bad character',
      name: 'symbol_new_from_linear_memory',
      text: 'a b',
      want: 'Error(Value, InvalidInput)',
    },
    {
      given: 'bytes past linear memory',
      name: 'bytes_new_from_linear_memory',
      text: 'abc',
      lmPos: 254,
      want: 'Error(WasmVm, IndexBounds)',
    },
  ];
  it.each(newFrom)('$name with $given', ({ name, text, lmPos, want }) => {
    const h = harness();
    h.memory.bytes.set(Buffer.from(text, 'latin1'), 0);
    const run = () => h.call(buf, name, lmPos ?? 0, text.length);
    if (typeof want === 'string') return expect(outcome(run)).toBe(want);
    const v = run();
    expect(tagOf(v)).toBe(want);
    expect(Buffer.from(dataOf(h, v)).toString('latin1')).toBe(text);
  });

  const index: {
    given: string;
    sym: string;
    slices: string[];
    len?: number;
    refPos?: number;
    want: string | number;
  }[] = [
    { given: 'the first match', sym: 'b', slices: ['a', 'b', 'b'], want: 1 },
    { given: 'a long symbol', sym: 'a_long_symbol_name', slices: ['x', 'a_long_symbol_name'], want: 1 },
    { given: 'no match', sym: 'z', slices: ['a', 'b'], want: 'Error(Value, MissingValue)' },
    {
      given: 'a slice table past memory',
      sym: 'a',
      slices: ['a'],
      refPos: 252,
      want: 'Error(WasmVm, IndexBounds)',
    },
    {
      given: 'a slice table past u32',
      sym: 'a',
      slices: ['a'],
      refPos: 0xffff_fffc,
      want: 'Error(Value, ArithDomain)',
    },
  ];
  it.each(index)('symbol_index_in_linear_memory: $given', ({ sym, slices, refPos, want }) => {
    const h = harness();
    const symbol = smallSymbol(sym) ?? h.host.objects.add({ kind: 'Symbol', value: Buffer.from(sym) });
    let at = 100;
    const refs: number[] = [];
    for (const text of slices) {
      h.memory.bytes.set(Buffer.from(text), at);
      refs.push(at, text.length);
      at += text.length;
    }
    h.memory.putU32s(0, refs);
    const run = () => h.call(buf, 'symbol_index_in_linear_memory', symbol, refPos ?? 0, slices.length);
    if (typeof want === 'string') return expect(outcome(run)).toBe(want);
    expect(run()).toBe(fromU32(want));
  });

  it('a slice pointing past memory is Error(WasmVm, IndexBounds)', () => {
    const h = harness();
    h.memory.putU32s(0, [250, 10]);
    expect(outcome(() => h.call(buf, 'symbol_index_in_linear_memory', smallSymbol('a') as Val, 0, 1))).toBe(
      'Error(WasmVm, IndexBounds)',
    );
    h.memory.putU32s(0, [0xffff_fff0, 0x20]);
    expect(outcome(() => h.call(buf, 'symbol_index_in_linear_memory', smallSymbol('a') as Val, 0, 1))).toBe(
      'Error(Value, ArithDomain)',
    );
  });
});
