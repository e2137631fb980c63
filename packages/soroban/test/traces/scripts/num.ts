/** Drive scripts for soroban-env-host/src/test/num.rs at v23.0.0 (the 256-bit tests). */
import type { Literal, ScriptArg } from '../script-types.js';
import { buffer, i256, raw, scriptsOf, type Sequence, sequence, slice, u32, u256 } from './build.js';
import { smallForm } from '../script-literals.js';

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
function arithOk(s: Sequence, kind: Kind, op: string, lhs: bigint, rhs: bigint | number, expected: bigint): void {
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

export default scriptsOf('num', {
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
