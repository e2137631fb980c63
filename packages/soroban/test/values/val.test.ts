import { describe, expect, it } from 'vitest';
import {
  checkSymbolBytes,
  compareVals,
  errorOf,
  fromError,
  fromHandle,
  fromI32,
  fromU32,
  fromWasm,
  handleOf,
  isGood,
  isObject,
  smallNumber,
  smallNumberOf,
  smallSymbol,
  smallSymbolText,
  Tag,
  toWasm,
  VOID,
} from '../../src/values/index.js';

describe('Val encoding', () => {
  const words = [
    { given: 'I32(4)', val: fromI32(4), want: 0x0000_0004_0000_0005n },
    { given: 'I32(-1)', val: fromI32(-1), want: 0xffff_ffff_0000_0005n },
    { given: 'U32(1048560)', val: fromU32(1048560), want: 0x000f_fff0_0000_0004n },
    { given: 'Error(WasmVm, InvalidAction)', val: fromError('WasmVm', 6), want: 0x0000_0006_0000_0103n },
    { given: 'Error(Contract, #3)', val: fromError('Contract', 3), want: 0x0000_0003_0000_0003n },
    { given: 'Void', val: VOID, want: 2n },
    { given: 'Vec(obj#1)', val: fromHandle(1, Tag.VecObject), want: 0x0000_0001_0000_004bn },
    { given: 'I64Small(-1)', val: smallNumber(-1n, Tag.I64Small), want: 0xffff_ffff_ffff_ff07n },
    {
      given: 'U64Small(2^56-1)',
      val: smallNumber((1n << 56n) - 1n, Tag.U64Small),
      want: 0xffff_ffff_ffff_ff06n,
    },
  ];
  it.each(words)('$given is the word the host writes', ({ val, want }) => {
    expect(val).toBe(want);
    expect(isGood(val as bigint)).toBe(true);
  });

  it('passes through WebAssembly as a signed i64 and back', () => {
    const word = fromI32(-1);
    expect(toWasm(word)).toBe(-0xffff_fffbn);
    expect(fromWasm(toWasm(word))).toBe(word);
  });

  const small = [
    { tag: Tag.U64Small, given: (1n << 56n) - 1n, fits: true },
    { tag: Tag.U64Small, given: 1n << 56n, fits: false },
    { tag: Tag.I64Small, given: -(1n << 55n), fits: true },
    { tag: Tag.I64Small, given: -(1n << 55n) - 1n, fits: false },
    { tag: Tag.I128Small, given: (1n << 55n) - 1n, fits: true },
    { tag: Tag.I128Small, given: 1n << 55n, fits: false },
    { tag: Tag.U256Small, given: -1n, fits: false },
  ];
  it.each(small)('$given fits a small tag $tag: $fits', ({ tag, given, fits }) => {
    const val = smallNumber(given, tag);
    expect(val !== undefined).toBe(fits);
    if (val !== undefined) expect(smallNumberOf(val)).toBe(given);
  });

  const bad = [
    { given: 'true with a body', val: (1n << 8n) | 1n },
    { given: 'u32 with a minor part', val: (5n << 32n) | (1n << 8n) | 4n },
    { given: 'an object with a minor part', val: (1n << 32n) | (1n << 8n) | 75n },
    { given: 'an error of no type', val: (10n << 8n) | 3n },
    { given: 'an error of no code', val: (10n << 32n) | (1n << 8n) | 3n },
    { given: 'a small symbol with bits 54-55 set', val: (1n << 62n) | 14n },
    { given: 'tag 15', val: 15n },
    { given: 'tag 80 (past the last object tag, 79)', val: 80n },
  ];
  it.each(bad)('refuses $given', ({ val }) => {
    expect(isGood(val)).toBe(false);
  });

  it('reads errors and handles back', () => {
    expect(errorOf(fromError('Budget', 5)).short).toBe('Error(Budget, ExceededLimit)');
    const vec = fromHandle(7, Tag.VecObject);
    expect(isObject(vec)).toBe(true);
    expect(handleOf(vec)).toBe(7);
  });
});

describe('symbols', () => {
  const cases = [
    { given: '', want: 0n },
    { given: '_', want: 1n },
    { given: 'add', want: (38n << 12n) | (41n << 6n) | 41n },
    { given: 'abcdefghi', small: true },
    { given: 'abcdefghij', small: false },
    { given: 'a-b', small: false },
  ];
  it.each(cases)('"$given"', ({ given, want, small }) => {
    const val = smallSymbol(given);
    if (want !== undefined) expect(val).toBe((want << 8n) | 14n);
    if (small === false) return expect(val).toBeUndefined();
    expect(smallSymbolText(val as bigint)).toBe(given);
  });

  it('refuses what no symbol may hold, with the host error', () => {
    expect(() => checkSymbolBytes(Buffer.from('a'.repeat(33)))).toThrow('Error(Value, InvalidInput)');
    expect(() => checkSymbolBytes(Buffer.from('a b'))).toThrow('Error(Value, InvalidInput)');
    expect(() => checkSymbolBytes(Buffer.from('a'.repeat(32)))).not.toThrow();
  });
});

describe('the order of small Vals', () => {
  const noObjects = () => {
    throw new Error('no objects here');
  };
  const cases = [
    { given: 'false < true (by tag)', a: 0n, b: 1n, want: -1 },
    { given: 'i32 -1 < i32 1', a: fromI32(-1), b: fromI32(1), want: -1 },
    { given: 'u32 10 > u32 9', a: fromU32(10), b: fromU32(9), want: 1 },
    { given: 'u32 < i32 whatever the values', a: fromU32(100), b: fromI32(-100), want: -1 },
    { given: 'symbol "b" > "aa" (by characters)', a: smallSymbol('b'), b: smallSymbol('aa'), want: 1 },
    {
      given: 'i64 -5 < i64 3',
      a: smallNumber(-5n, Tag.I64Small),
      b: smallNumber(3n, Tag.I64Small),
      want: -1,
    },
    { given: 'errors by type then code', a: fromError('Contract', 9), b: fromError('WasmVm', 0), want: -1 },
  ];
  it.each(cases)('$given', ({ a, b, want }) => {
    expect(compareVals(a as bigint, b as bigint, noObjects)).toBe(want);
    expect(compareVals(b as bigint, a as bigint, noObjects)).toBe(-want);
  });
});
