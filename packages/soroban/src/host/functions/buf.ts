/**
 * The `buf` env module (`host.rs`, "buf" region): bytes, strings and symbols as host objects.
 * Bytes are immutable; every change makes a new object. Linear-memory functions are in
 * `buf-linear-memory.ts`, XDR in `buf-xdr.ts`; this record joins them.
 */
import { HostError } from '../../errors/host-error.js';
import { fromU32, u32Of, type Val } from '../../values/val.js';
import { add, outOfBounds, u32Val, visitBytes } from './access.js';
import { bufLinearMemory } from './buf-linear-memory.js';
import { bufXdr } from './buf-xdr.js';
import { BYTE_SIZE, chargeCopy, chargeNewVec } from './charges.js';
import { arithOverflow } from './linear-memory.js';
import type { CallContext, HostModule } from './types.js';

const U32_MAX = 0xffff_ffff;
const bytesOf = (context: CallContext, b: Val): Uint8Array => visitBytes(context, b, 'Bytes');
const newBytes = (context: CallContext, value: Uint8Array): Val => add(context, { kind: 'Bytes', value });

/** `u8_from_u32val_input`: a byte argument must be below 256. */
function byteArg(u: Val): number {
  const value = u32Of(u);
  if (value > 0xff) throw new HostError('Value', 'ArithDomain', 'expecting U32Val less than 256');
  return value;
}

/** `metered_clone` of a bytes object: the ScBytes header, then its buffer. */
function clone(context: CallContext, bytes: Uint8Array): Uint8Array {
  chargeNewVec(context, bytes.length, BYTE_SIZE);
  return Uint8Array.from(bytes);
}

/** `validate_usize_sum_fits_in_u32`. */
function sumFitsU32(a: number, b: number): number {
  if (a + b > U32_MAX) throw arithOverflow();
  return a + b;
}

/** `with_metered_capacity` of the new length, then the old bytes with `extra` spliced in at `at`. */
function withInserted(context: CallContext, bytes: Uint8Array, at: number, extra: Uint8Array): Uint8Array {
  const out = new Uint8Array(sumFitsU32(bytes.length, extra.length));
  chargeNewVec(context, out.length, BYTE_SIZE);
  out.set(bytes.subarray(0, at));
  out.set(extra, at);
  out.set(bytes.subarray(at), at + extra.length);
  return out;
}

/** `metered_slice_to_vec`: a charged copy of a byte slice. */
export function copyBytes(context: CallContext, bytes: Uint8Array): Uint8Array {
  chargeNewVec(context, bytes.length, BYTE_SIZE);
  return Uint8Array.from(bytes);
}

function lengthOf(context: CallContext, b: Val, kind: 'Bytes' | 'String' | 'Symbol'): Val {
  return u32Val(visitBytes(context, b, kind).length);
}

export const buf: HostModule = {
  ...bufXdr,
  ...bufLinearMemory,
  bytes_new: (context) => newBytes(context, new Uint8Array(0)),
  bytes_put(context, b, i, u) {
    const byte = byteArg(u);
    const copy = clone(context, bytesOf(context, b));
    if (u32Of(i) >= copy.length) throw new HostError('Object', 'IndexBounds', 'bytes_put out of bounds');
    copy[u32Of(i)] = byte;
    return newBytes(context, copy);
  },
  bytes_get(context, b, i) {
    const bytes = bytesOf(context, b);
    if (u32Of(i) >= bytes.length) throw new HostError('Object', 'IndexBounds', 'bytes_get out of bounds');
    return fromU32(bytes[u32Of(i)] as number);
  },
  bytes_del(context, b, i) {
    const bytes = bytesOf(context, b);
    const index = u32Of(i);
    if (index >= bytes.length) throw outOfBounds('object index out of bounds');
    const copy = clone(context, bytes);
    // Removing shifts the bytes after the index down by one.
    chargeCopy(context, bytes.length - index, BYTE_SIZE);
    return newBytes(context, Uint8Array.from([...copy.subarray(0, index), ...copy.subarray(index + 1)]));
  },
  bytes_len: (context, b) => lengthOf(context, b, 'Bytes'),
  string_len: (context, s) => lengthOf(context, s, 'String'),
  symbol_len: (context, s) => lengthOf(context, s, 'Symbol'),
  bytes_push(context, b, u) {
    const byte = byteArg(u);
    const bytes = bytesOf(context, b);
    return newBytes(context, withInserted(context, bytes, bytes.length, Uint8Array.of(byte)));
  },
  bytes_pop(context, b) {
    const copy = clone(context, bytesOf(context, b));
    if (copy.length === 0) throw new HostError('Object', 'IndexBounds', 'bytes_pop out of bounds');
    return newBytes(context, copy.slice(0, -1));
  },
  bytes_front(context, b) {
    const bytes = bytesOf(context, b);
    if (bytes.length === 0) throw new HostError('Object', 'IndexBounds', 'bytes_front out of bounds');
    return fromU32(bytes[0] as number);
  },
  bytes_back(context, b) {
    const bytes = bytesOf(context, b);
    if (bytes.length === 0) throw new HostError('Object', 'IndexBounds', 'bytes_back out of bounds');
    return fromU32(bytes[bytes.length - 1] as number);
  },
  bytes_insert(context, b, i, u) {
    const byte = byteArg(u);
    const bytes = bytesOf(context, b);
    if (u32Of(i) > bytes.length) throw outOfBounds('object index out of bounds');
    return newBytes(context, withInserted(context, bytes, u32Of(i), Uint8Array.of(byte)));
  },
  bytes_append(context, b1, b2) {
    const first = bytesOf(context, b1);
    const second = bytesOf(context, b2);
    return newBytes(context, withInserted(context, first, first.length, second));
  },
  bytes_slice(context, b, start, end) {
    const bytes = bytesOf(context, b);
    const [from, to] = [u32Of(start), u32Of(end)];
    if (from > bytes.length || to > bytes.length) throw outOfBounds('object index out of bounds');
    if (from > to) throw new HostError('Object', 'InvalidInput', 'start index greater than end index');
    return newBytes(context, copyBytes(context, bytes.subarray(from, to)));
  },
  string_to_bytes: (context, s) => newBytes(context, copyBytes(context, visitBytes(context, s, 'String'))),
  /** The host does not check the bytes are UTF-8 (a String is any bytes). */
  bytes_to_string: (context, b) =>
    add(context, { kind: 'String', value: copyBytes(context, bytesOf(context, b)) }),
};
