import { describe, expect, it } from 'vitest';
import {
  INT_RANGES,
  i128FromPieces,
  i128ToPieces,
  i256FromPieces,
  i256ToPieces,
  type Pieces256,
  u128FromPieces,
  u128ToPieces,
  u256FromPieces,
  u256ToPieces,
} from '../../src/int/index.js';

const U64_MAX = INT_RANGES.u64[1];
const pieces = (hiHi: bigint, hiLo: bigint, loHi: bigint, loLo: bigint): Pieces256 => ({
  hiHi,
  hiLo,
  loHi,
  loLo,
});

describe('128-bit pieces', () => {
  // hi/lo as the traces of test/num.rs print them: an i128's hi is signed, every lo unsigned.
  const i128Cases = [
    { value: -1n, hi: -1n, lo: U64_MAX },
    { value: -(2n ** 55n) - 1n, hi: -1n, lo: 18410715276690587647n },
    { value: INT_RANGES.i128[0], hi: -(2n ** 63n), lo: 0n },
    { value: INT_RANGES.i128[1], hi: 2n ** 63n - 1n, lo: U64_MAX },
    { value: 2n ** 64n, hi: 1n, lo: 0n },
  ];
  it.each(i128Cases)('i128 $value is hi $hi, lo $lo', ({ value, hi, lo }) => {
    expect(i128ToPieces(value)).toEqual({ hi, lo });
    expect(i128FromPieces(hi, lo)).toBe(value);
  });

  const u128Cases = [
    { value: INT_RANGES.u128[1], hi: U64_MAX, lo: U64_MAX },
    { value: 2n ** 56n, hi: 0n, lo: 2n ** 56n },
    { value: 2n ** 64n + 5n, hi: 1n, lo: 5n },
  ];
  it.each(u128Cases)('u128 $value is hi $hi, lo $lo', ({ value, hi, lo }) => {
    expect(u128ToPieces(value)).toEqual({ hi, lo });
    expect(u128FromPieces(hi, lo)).toBe(value);
  });

  it('refuses a part outside its type as an internal error', () => {
    expect(() => i128FromPieces(2n ** 63n, 0n)).toThrow('InternalError');
    expect(() => u128FromPieces(-1n, 0n)).toThrow('InternalError');
    expect(() => i128ToPieces(2n ** 127n)).toThrow('InternalError');
  });
});

describe('256-bit pieces', () => {
  const pos = 0x00ab_cdef_9876_5432n;
  const neg = 0xfedc_ba98_7654_3210n;
  const i256Cases = [
    { value: -1n, want: pieces(-1n, U64_MAX, U64_MAX, U64_MAX) },
    { value: INT_RANGES.i256[0], want: pieces(-(2n ** 63n), 0n, 0n, 0n) },
    { value: INT_RANGES.i256[1], want: pieces(2n ** 63n - 1n, U64_MAX, U64_MAX, U64_MAX) },
    { value: INT_RANGES.i256[0] + 1n, want: pieces(-(2n ** 63n), 0n, 0n, 1n) },
    // test/num.rs builds i256s from these words, hi_hi taken `as i64`.
    { value: (pos << 192n) | (neg << 128n) | (pos << 64n) | neg, want: pieces(pos, neg, pos, neg) },
    {
      value: BigInt.asIntN(256, (neg << 192n) | (pos << 128n) | (neg << 64n) | pos),
      want: pieces(BigInt.asIntN(64, neg), pos, neg, pos),
    },
  ];
  it.each(i256Cases)('i256 $value splits into signed hi_hi and unsigned rest', ({ value, want }) => {
    expect(i256ToPieces(value)).toEqual(want);
    expect(i256FromPieces(want)).toBe(value);
  });

  const u256Cases = [
    { value: INT_RANGES.u256[1], want: pieces(U64_MAX, U64_MAX, U64_MAX, U64_MAX) },
    { value: INT_RANGES.u256[1] - 1n, want: pieces(U64_MAX, U64_MAX, U64_MAX, U64_MAX - 1n) },
    { value: 2n ** 192n, want: pieces(1n, 0n, 0n, 0n) },
    { value: 0n, want: pieces(0n, 0n, 0n, 0n) },
  ];
  it.each(u256Cases)('u256 $value splits into four u64s', ({ value, want }) => {
    expect(u256ToPieces(value)).toEqual(want);
    expect(u256FromPieces(want)).toBe(value);
  });

  it('refuses a part outside its type as an internal error', () => {
    expect(() => i256FromPieces(pieces(2n ** 63n, 0n, 0n, 0n))).toThrow('InternalError');
    expect(() => i256FromPieces(pieces(0n, -1n, 0n, 0n))).toThrow('InternalError');
    expect(() => u256FromPieces(pieces(-1n, 0n, 0n, 0n))).toThrow('InternalError');
    expect(() => u256ToPieces(-1n)).toThrow('InternalError');
  });
});
