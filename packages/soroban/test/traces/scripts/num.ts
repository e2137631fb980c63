/** Drive scripts for soroban-env-host/src/test/num.rs at v23.0.0 (the 256-bit tests). */

import { smallForm } from '../script-literals.js';
import type { Literal, ScriptArg } from '../script-types.js';
import {
  buffer,
  i64,
  i128,
  i256,
  raw,
  type Sequence,
  scriptsOf,
  sequence,
  slice,
  u32,
  u64,
  u128,
  u256,
} from './build.js';

const U256_MAX = (1n << 256n) - 1n;
const I256_MAX = (1n << 255n) - 1n;
const I256_MIN = -(1n << 255n);
const MASK64 = (1n << 64n) - 1n;

/** The four 64-bit pieces, most significant first; the first is signed for i256. */
function pieces(v: bigint, signed: boolean): bigint[] {
  const bits = BigInt.asUintN(256, v);
  const words = [192n, 128n, 64n, 0n].map((shift) => (bits >> shift) & MASK64);
  if (signed) words[0] = BigInt.asIntN(64, words[0] as bigint);
  return words;
}

type Kind = 'u256' | 'i256';

/** `V::try_from_val(host, &n)`: a small Val, or `obj_from_{u,i}256_pieces` for a large one. */
function num(s: Sequence, kind: Kind, v: bigint): Literal | ScriptArg {
  const lit = kind === 'u256' ? u256(v) : i256(v);
  if (smallForm(lit) !== undefined) return lit;
  return s.call(`obj_from_${kind}_pieces`, ...pieces(v, kind === 'i256').map(raw));
}

const isObject = (kind: Kind, v: bigint) => smallForm(kind === 'u256' ? u256(v) : i256(v)) === undefined;

/** `check_num_arith_ok` (or its `_rhs_u32` form when `rhs` is a number): expected, lhs, rhs, op, compare. */
function arithOk(
  s: Sequence,
  kind: Kind,
  op: string,
  lhs: bigint,
  rhs: bigint | number,
  expected: bigint,
): void {
  const want = num(s, kind, expected);
  const l = num(s, kind, lhs);
  const r = typeof rhs === 'number' ? u32(rhs) : num(s, kind, rhs);
  const got = s.call(`${kind}_${op}`, l, r);
  // host.compare of two objects goes through obj_cmp; of two small values it does not.
  if (isObject(kind, expected)) s.call('obj_cmp', want, got);
}

/** `check_num_arith_expect_err` (or `_rhs_u32`): lhs, rhs, op. */
function arithErr(s: Sequence, kind: Kind, op: string, lhs: bigint, rhs: bigint | number): void {
  const l = num(s, kind, lhs);
  const r = typeof rhs === 'number' ? u32(rhs) : num(s, kind, rhs);
  s.call(`${kind}_${op}`, l, r);
}

type Width = 'i64' | 'u64' | 'i128' | 'u128' | 'u256' | 'i256';
const LITERAL = { i64, u64, i128, u128, u256, i256 };
const PIECE_GETTERS: Record<Width, string[]> = {
  i64: ['obj_to_i64'],
  u64: ['obj_to_u64'],
  i128: ['obj_to_i128_hi64', 'obj_to_i128_lo64'],
  u128: ['obj_to_u128_hi64', 'obj_to_u128_lo64'],
  u256: ['obj_to_u256_hi_hi', 'obj_to_u256_hi_lo', 'obj_to_u256_lo_hi', 'obj_to_u256_lo_lo'],
  i256: ['obj_to_i256_hi_hi', 'obj_to_i256_hi_lo', 'obj_to_i256_lo_hi', 'obj_to_i256_lo_lo'],
};

/** The host function that makes the object and its raw arguments (64-bit pieces, high first). */
function maker(w: Width, v: bigint): [string, bigint[]] {
  if (w === 'i64' || w === 'u64') return [`obj_from_${w}`, [v]];
  const words = w.endsWith('128') ? 2 : 4;
  const all = pieces(v, w.startsWith('i')).slice(4 - words);
  if (w === 'i128') all[0] = BigInt.asIntN(64, all[0] as bigint);
  return [`obj_from_${w}_pieces`, all];
}

/**
 * `check_roundtrip_ok`: the number into a Val (a host call when it needs an object), that Val to
 * an ScVal and back (untraced), the new Val read back piece by piece, and the two compared.
 */
function roundtrip(s: Sequence, w: Width, v: bigint): void {
  const lit = LITERAL[w](v);
  if (smallForm(lit) !== undefined) {
    s.toScVal({ a: 'val', lit });
    s.make(lit);
    return;
  }
  const [fn, args] = maker(w, v);
  const raw1 = s.call(fn, ...args.map(raw));
  s.toScVal(raw1);
  const raw2 = s.make(lit);
  for (const getter of PIECE_GETTERS[w]) s.call(getter, raw2);
  s.call('obj_cmp', raw1, raw2);
}

/**
 * `check_roundtrip_compare_ok`: each number into a Val (a host call when it needs an object) and
 * that Val to an ScVal; then every pair compared as Vals (`host.compare`) and as ScVals (the budget's).
 */
function roundtripCompare(s: Sequence, w: Width, values: bigint[]): void {
  const pairs = values.map((v) => {
    const lit = LITERAL[w](v);
    const [fn, args] = maker(w, v);
    const val: Literal | ScriptArg = smallForm(lit) !== undefined ? lit : s.call(fn, ...args.map(raw));
    return { val, scval: s.toScVal('a' in val ? val : { a: 'val', lit: val }) };
  });
  for (const first of pairs)
    for (const second of pairs) {
      s.compare(first.val, second.val);
      s.compareScVals(first.scval, second.scval);
    }
}

const I56_MIN = -(1n << 55n);
const I56_MAX = (1n << 55n) - 1n;
const U56 = (1n << 56n) - 1n;
/** The edge values the Rust num tests list for a signed width (the small range is 56 bits). */
const signedEdges = (min: bigint, max: bigint) => [
  0n,
  1n,
  -1n,
  12345n,
  -12345n,
  I56_MIN,
  I56_MAX,
  I56_MIN - 1n,
  I56_MAX + 1n,
  min,
  max,
];
/** The same for an unsigned width. */
const unsignedEdges = (max: bigint) => [0n, 1n, 12345n, U56, U56 + 1n, max];

/** The edge values of `test_num_val_scval_roundtrip_ordering`, per width. */
function roundtripOrdering(s: Sequence): void {
  roundtripCompare(s, 'i128', signedEdges(-(1n << 127n), (1n << 127n) - 1n));
  roundtripCompare(s, 'u128', unsignedEdges((1n << 128n) - 1n));
  roundtripCompare(s, 'u256', unsignedEdges(U256_MAX));
  const pos = 0x00ab_cdef_9876_5432n;
  const neg = 0xfedc_ba98_7654_3210n;
  const mixed: bigint[] = [];
  for (const hiHi of [pos, neg])
    for (const hiLo of [pos, neg])
      for (const loHi of [pos, neg])
        for (const loLo of [pos, neg])
          mixed.push(BigInt.asIntN(256, (hiHi << 192n) | (hiLo << 128n) | (loHi << 64n) | loLo));
  roundtripCompare(s, 'i256', [...signedEdges(I256_MIN, I256_MAX), ...mixed]);
}

/** 32 big-endian bytes of `hi * 2^128 + lo` (`from_words`), as hex. */
function beWords(hi: bigint, lo: bigint): string {
  return BigInt.asUintN(256, (hi << 128n) + lo)
    .toString(16)
    .padStart(64, '0');
}

function bytesRoundtrip(kind: Kind, hex: string) {
  return sequence((s) => {
    const bo = s.call('bytes_new_from_slice', slice(hex));
    const back = s.call(`${kind}_val_to_be_bytes`, s.call(`${kind}_val_from_be_bytes`, bo));
    s.call('bytes_copy_to_slice', back, u32(0), buffer(32));
  });
}

/** The edge values of `test_num_scval_roundtrips`, per width (the small range is 56 bits). */
function scvalRoundtrips(s: Sequence): void {
  for (const v of signedEdges(-(1n << 63n), (1n << 63n) - 1n)) roundtrip(s, 'i64', v);
  for (const v of unsignedEdges((1n << 64n) - 1n)) roundtrip(s, 'u64', v);
  for (const v of signedEdges(-(1n << 127n), (1n << 127n) - 1n)) roundtrip(s, 'i128', v);
  for (const v of unsignedEdges((1n << 128n) - 1n)) roundtrip(s, 'u128', v);
  for (const v of unsignedEdges(U256_MAX)) roundtrip(s, 'u256', v);
  for (const v of signedEdges(I256_MIN, I256_MAX)) roundtrip(s, 'i256', v);
  const pos = 0x00ab_cdef_9876_5432n;
  const neg = 0xfedc_ba98_7654_3210n;
  for (const hiHi of [pos, neg])
    for (const hiLo of [pos, neg])
      for (const loHi of [pos, neg])
        for (const loLo of [pos, neg]) {
          const v = BigInt.asIntN(256, (hiHi << 192n) | (hiLo << 128n) | (loHi << 64n) | loLo);
          roundtrip(s, 'i256', v);
        }
}

export default scriptsOf('num', {
  test_num_scval_roundtrips: sequence(scvalRoundtrips),
  test_num_val_scval_roundtrip_ordering: sequence(roundtripOrdering),
  test_u256_arith: sequence((s) => {
    const k = 'u256';
    arithOk(s, k, 'add', U256_MAX - 2n, 1n, U256_MAX - 1n);
    arithErr(s, k, 'add', U256_MAX - 2n, 3n);
    arithOk(s, k, 'sub', 1n, 1n, 0n);
    arithErr(s, k, 'sub', 0n, 1n);
    arithOk(s, k, 'mul', 5n, 1n, 5n);
    arithErr(s, k, 'mul', U256_MAX, 2n);
    arithOk(s, k, 'div', 128n, 2n, 64n);
    arithErr(s, k, 'div', 1n, 0n);
    arithOk(s, k, 'rem_euclid', 7n, 4n, 3n);
    arithErr(s, k, 'rem_euclid', 1n, 0n);
    arithOk(s, k, 'pow', 2n, 5, 32n);
    arithErr(s, k, 'pow', U256_MAX, 2);
    arithOk(s, k, 'shl', 1n, 4, 16n);
    arithErr(s, k, 'shl', 16n, 257);
    arithOk(s, k, 'shr', 16n, 4, 1n);
    arithErr(s, k, 'shr', 16n, 257);
  }),
  test_i256_arith: sequence((s) => {
    const k = 'i256';
    arithOk(s, k, 'add', I256_MAX - 2n, 1n, I256_MAX - 1n);
    arithErr(s, k, 'add', I256_MAX - 2n, 3n);
    arithOk(s, k, 'sub', I256_MIN + 2n, 1n, I256_MIN + 1n);
    arithErr(s, k, 'sub', I256_MIN + 2n, 3n);
    arithOk(s, k, 'mul', I256_MAX, 1n, I256_MAX);
    arithErr(s, k, 'mul', I256_MAX, 2n);
    arithOk(s, k, 'div', I256_MIN + 1n, -1n, I256_MAX);
    arithErr(s, k, 'div', I256_MIN, -1n);
    arithErr(s, k, 'div', 1n, 0n);
    arithOk(s, k, 'rem_euclid', -7n, 4n, 1n);
    arithErr(s, k, 'rem_euclid', 1n, 0n);
    arithOk(s, k, 'pow', 8n, 2, 64n);
    arithErr(s, k, 'pow', I256_MAX, 2);
    arithOk(s, k, 'shl', 1n, 4, 16n);
    arithErr(s, k, 'shl', 1n, 257);
    arithOk(s, k, 'shr', 16n, 4, 1n);
    arithErr(s, k, 'shr', 16n, 256);
  }),
  test_i256_bytes_roundtrip: bytesRoundtrip('i256', beWords(-4353239472894n, 6576786237846n)),
  test_u256_bytes_roundtrip: bytesRoundtrip('u256', beWords(4353239472894n, 6576786237846n)),
});
