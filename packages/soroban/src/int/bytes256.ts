/**
 * u256/i256 to and from 32 big-endian bytes (host.rs: u256_val_from_be_bytes,
 * u256_val_to_be_bytes and the i256 pair). The host reads or makes the Bytes object and the Val;
 * these are the parts between, with their size check and their charges.
 */
import { HostError } from '../errors/host-error.js';
import { expectKind } from './bounds.js';
import type { Meter } from './meter.js';

const SIZE = 32;
/** Declared size of a Vec's header, which the host charges for copying when it makes one. */
const VEC_HEADER = 24n;

/**
 * The bytes as a fixed 32-byte array (conversion.rs, fixed_length_bytes_from_slice): any other
 * length is `(Object, UnexpectedSize)` with no charge; a fitting one charges MemCpy of 32.
 */
function fixed32(meter: Meter, bytes: Uint8Array, what: string): Uint8Array {
  if (bytes.length !== SIZE) {
    throw new HostError('Object', 'UnexpectedSize', `${what}: expected ${SIZE} bytes, got ${bytes.length}`);
  }
  meter.charge('MemCpy', BigInt(SIZE));
  return bytes;
}

function unsignedOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** u256_val_from_be_bytes, up to the number (the host then makes it a U256Val). */
export function u256FromBeBytes(meter: Meter, bytes: Uint8Array): bigint {
  return unsignedOf(fixed32(meter, bytes, 'U256 bytes'));
}

/** i256_val_from_be_bytes, up to the number: two's complement. */
export function i256FromBeBytes(meter: Meter, bytes: Uint8Array): bigint {
  return BigInt.asIntN(256, unsignedOf(fixed32(meter, bytes, 'I256 bytes')));
}

/**
 * What i256_val_from_be_bytes reports when making its result a Val fails (only the new object's
 * charge can): the host replaces that error with `(Value, UnexpectedType)`, where
 * u256_val_from_be_bytes passes it through unchanged.
 */
export function i256ValFromBytesError(cause: HostError): HostError {
  return new HostError('Value', 'UnexpectedType', `i256 from bytes: ${cause.short}`);
}

/**
 * 32 new bytes, charged as the host charges copying a slice into a new Vec (conversion.rs,
 * scbytes_from_slice): MemCpy of the Vec header, MemAlloc of 32, MemCpy of 32.
 */
function newBytes(meter: Meter, value: bigint): Uint8Array {
  meter.charge('MemCpy', VEC_HEADER);
  meter.charge('MemAlloc', BigInt(SIZE));
  meter.charge('MemCpy', BigInt(SIZE));
  const out = new Uint8Array(SIZE);
  let rest = BigInt.asUintN(256, value);
  for (let i = SIZE - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** u256_val_to_be_bytes, from the number (an object operand was visited by the host first). */
export function u256ToBeBytes(meter: Meter, value: bigint): Uint8Array {
  return newBytes(meter, expectKind('u256', value));
}

/** i256_val_to_be_bytes: two's complement. */
export function i256ToBeBytes(meter: Meter, value: bigint): Uint8Array {
  return newBytes(meter, expectKind('i256', value));
}
