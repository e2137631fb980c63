/**
 * 128- and 256-bit integers to and from their 64-bit parts, as the `int` module's
 * obj_from_*_pieces and obj_to_* functions build and split them (soroban-env-common num.rs and
 * int128_helpers). Only the highest part of a signed integer is signed (`i64`); every lower part is
 * an unsigned `u64`. None of these charge anything themselves: the host object they read or make
 * is the host's (VisitObject, and the new object's allocation).
 */
import { expectKind } from './bounds.js';

const MASK_64 = 2n ** 64n - 1n;

/** obj_from_u128_pieces(hi: u64, lo: u64). */
export function u128FromPieces(hi: bigint, lo: bigint): bigint {
  return (expectKind('u64', hi, 'hi') << 64n) | expectKind('u64', lo, 'lo');
}

/** obj_to_u128_hi64 and obj_to_u128_lo64. */
export function u128ToPieces(value: bigint): { hi: bigint; lo: bigint } {
  expectKind('u128', value);
  return { hi: value >> 64n, lo: value & MASK_64 };
}

/** obj_from_i128_pieces(hi: i64, lo: u64). */
export function i128FromPieces(hi: bigint, lo: bigint): bigint {
  return (expectKind('i64', hi, 'hi') << 64n) | expectKind('u64', lo, 'lo');
}

/** obj_to_i128_hi64 (an i64) and obj_to_i128_lo64 (a u64). */
export function i128ToPieces(value: bigint): { hi: bigint; lo: bigint } {
  expectKind('i128', value);
  return { hi: value >> 64n, lo: value & MASK_64 };
}

export interface Pieces256 {
  hiHi: bigint;
  hiLo: bigint;
  loHi: bigint;
  loLo: bigint;
}

function join256(hiHi: bigint, { hiLo, loHi, loLo }: Omit<Pieces256, 'hiHi'>): bigint {
  for (const [name, part] of [
    ['hi_lo', hiLo],
    ['lo_hi', loHi],
    ['lo_lo', loLo],
  ] as const) {
    expectKind('u64', part, name);
  }
  return (hiHi << 192n) | (hiLo << 128n) | (loHi << 64n) | loLo;
}

function split256(value: bigint): Pieces256 {
  // `>>` on a negative bigint is arithmetic, so the top part keeps the sign and the rest are masked.
  return {
    hiHi: value >> 192n,
    hiLo: (value >> 128n) & MASK_64,
    loHi: (value >> 64n) & MASK_64,
    loLo: value & MASK_64,
  };
}

/** obj_from_u256_pieces(hi_hi, hi_lo, lo_hi, lo_lo: u64). */
export function u256FromPieces(pieces: Pieces256): bigint {
  return join256(expectKind('u64', pieces.hiHi, 'hi_hi'), pieces);
}

/** obj_to_u256_hi_hi, _hi_lo, _lo_hi, _lo_lo: all u64. */
export function u256ToPieces(value: bigint): Pieces256 {
  return split256(expectKind('u256', value));
}

/** obj_from_i256_pieces(hi_hi: i64, hi_lo, lo_hi, lo_lo: u64). */
export function i256FromPieces(pieces: Pieces256): bigint {
  return join256(expectKind('i64', pieces.hiHi, 'hi_hi'), pieces);
}

/** obj_to_i256_hi_hi (an i64), _hi_lo, _lo_hi, _lo_lo (u64). */
export function i256ToPieces(value: bigint): Pieces256 {
  return split256(expectKind('i256', value));
}
