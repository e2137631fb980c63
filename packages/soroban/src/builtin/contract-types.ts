/**
 * The built-in contracts' `#[contracttype]` conversions as the built-in SDK makes them
 * (soroban-builtin-sdk-macros `derive_type.rs`, builtin_contracts/base_types.rs): every one goes
 * through the host's own env, so each host call is charged and traced as the Rust host's.
 *
 * - a struct is `map_new_from_slices` of its sorted field names, read back with `map_unpack_to_slice`;
 * - an enum case is `vec_new_from_slice` of `[Symbol, value?]`, read back with `vec_get(0)`,
 *   `symbol_index_in_strs` over the case names and `vec_get(1)`;
 * - `BytesN<N>` is checked with `bytes_len`, `String::to_array` reads with `string_len` and
 *   `string_copy_to_slice`, `BytesN::to_array` with `bytes_copy_to_slice`;
 * - an i128 that does not fit a small value is `obj_from_i128_pieces`, read with
 *   `obj_to_i128_hi64` then `obj_to_i128_lo64` (soroban-env-common convert.rs).
 */
import { HostError } from '../errors/host-error.js';
import { memObjCopyToSlice } from '../host/functions/symbol-slices.js';
import type { Host } from '../host/host.js';
import { stringNewFromSlice, traced } from '../host/native-slices.js';
import { Tag } from '../values/tags.js';
import { fromU32, smallNumber, smallNumberOf, tagOf, u32Of, type Val, VOID } from '../values/val.js';
import { envCall } from './env.js';
import { conversionError } from './values.js';

function expectTag(val: Val, tag: number, what: string): void {
  if (tagOf(val) !== tag) throw conversionError(`expected ${what}`);
}

/** `Symbol::try_from_val(&str)`: a small symbol, or the host's `symbol_new_from_slice`. */
export const symbolVal = (host: Host, text: string): Val => traced.symbol(host.context(), text);

/** An enum case: `(Symbol,)` or `(Symbol, value)` as a host vector. */
export function enumVal(host: Host, name: string, value?: () => Val): Val {
  const symbol = symbolVal(host, name);
  return traced.vec(host.context(), value ? [symbol, value()] : [symbol]);
}

/** The case index of an enum value among `cases`, and its vector (for `enumValue`). */
export function enumCaseOf(host: Host, val: Val, cases: readonly string[]): { index: number; vec: Val } {
  expectTag(val, Tag.VecObject, 'an enum vector');
  const discriminant = envCall(host, 'vec', 'vec_get', [val, fromU32(0)]);
  if (tagOf(discriminant) !== Tag.SymbolSmall && tagOf(discriminant) !== Tag.SymbolObject)
    throw conversionError('expected an enum case symbol');
  return { index: u32Of(traced.indexInStrs(host.context(), discriminant, cases)), vec: val };
}

/** The value of an enum case that has one (`vec.get(1)`). */
export const enumValue = (host: Host, vec: Val): Val => envCall(host, 'vec', 'vec_get', [vec, fromU32(1)]);

/** A struct: `names` sorted as the derive sorts its fields, with their values. */
export const structVal = (host: Host, names: readonly string[], values: readonly Val[]): Val =>
  traced.map(host.context(), names, values);

/** A struct's field values, in the order of its sorted `names`. */
export function structFields(host: Host, val: Val, names: readonly string[]): Val[] {
  expectTag(val, Tag.MapObject, 'a struct map');
  return traced.unpackMap(host.context(), val, names);
}

/** `string_new_from_slice`, as the host's call of itself. */
export function newString(host: Host, bytes: Uint8Array): Val {
  const context = host.context();
  return host.envCall('string_new_from_slice', [BigInt(bytes.length)], () =>
    stringNewFromSlice(context, bytes),
  );
}

export const newBytes = (host: Host, bytes: Uint8Array): Val => traced.bytes(host.context(), bytes);

/** `BytesN::<N>::try_from_val`: a Bytes object of length `n`. */
export function bytesN(host: Host, val: Val, n: number): Val {
  expectTag(val, Tag.BytesObject, 'bytes');
  if (u32Of(envCall(host, 'buf', 'bytes_len', [val])) !== n)
    throw new HostError('Value', 'UnexpectedSize', 'expected fixed-length bytes');
  return val;
}

/** `String::try_from_val`. */
export function stringObject(val: Val): Val {
  expectTag(val, Tag.StringObject, 'a string');
  return val;
}

/** `*_copy_to_slice(obj, 0, n)` into a native buffer. */
function copyOut(host: Host, kind: 'Bytes' | 'String', val: Val, length: number): Uint8Array {
  const name = kind === 'Bytes' ? 'bytes_copy_to_slice' : 'string_copy_to_slice';
  let bytes: Uint8Array = new Uint8Array();
  host.envCall(name, [val, fromU32(0), BigInt(length)], () => {
    bytes = memObjCopyToSlice(host.context(), kind, val, 0, length);
    return VOID;
  });
  return bytes;
}

/** `String::to_array::<N>`: the string must be exactly `n` bytes. */
export function stringToArray(host: Host, val: Val, n: number): Uint8Array {
  if (u32Of(envCall(host, 'buf', 'string_len', [val])) !== n)
    throw new HostError('Value', 'UnexpectedSize', 'String had unexpected size');
  return copyOut(host, 'String', val, n);
}

/** `BytesN::<N>::to_array`. */
export const bytesToArray = (host: Host, val: Val, n: number): Uint8Array => copyOut(host, 'Bytes', val, n);

const I64_MASK = (1n << 64n) - 1n;

/** `TryFromVal<i128> for Val`. */
export function i128Val(host: Host, value: bigint): Val {
  const small = smallNumber(value, Tag.I128Small);
  if (small !== undefined) return small;
  return envCall(host, 'int', 'obj_from_i128_pieces', [BigInt.asIntN(64, value >> 64n), value & I64_MASK]);
}

/** `TryFromVal<u64> for Val`: a small value, or the host's `obj_from_u64`. */
export function u64Val(host: Host, value: bigint): Val {
  return smallNumber(value, Tag.U64Small) ?? envCall(host, 'int', 'obj_from_u64', [value]);
}

/** `TryFromVal<Val> for u64`: a small value, or the host's `obj_to_u64` of an object. */
export function u64FromVal(host: Host, val: Val): bigint {
  if (tagOf(val) === Tag.U64Small) return smallNumberOf(val);
  expectTag(val, Tag.U64Object, 'a u64');
  return BigInt.asUintN(64, envCall(host, 'int', 'obj_to_u64', [val]));
}

/** `TryFromVal<Val> for i128`. */
export function i128FromVal(host: Host, val: Val): bigint {
  if (tagOf(val) === Tag.I128Small) return smallNumberOf(val);
  expectTag(val, Tag.I128Object, 'an i128');
  const hi = envCall(host, 'int', 'obj_to_i128_hi64', [val]);
  const lo = envCall(host, 'int', 'obj_to_i128_lo64', [val]);
  return (BigInt.asIntN(64, hi) << 64n) | BigInt.asUintN(64, lo);
}
