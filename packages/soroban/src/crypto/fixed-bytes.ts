/** Fixed-length byte arguments, as `host/conversion.rs` `fixed_length_bytes_from_slice` reads them. */
import { unexpectedSize } from './errors.js';
import type { CryptoMeter } from './meter.js';

/**
 * The bytes when they are exactly `length` long (charging the copy into a fixed array),
 * otherwise `(Object, UnexpectedSize)` without a charge.
 */
export function fixedLengthBytes(
  name: string,
  bytes: Uint8Array,
  length: number,
  meter: CryptoMeter,
): Uint8Array {
  if (bytes.length !== length) {
    throw unexpectedSize(`${name}: expected ${length} bytes, got ${bytes.length}`);
  }
  meter.charge('MemCpy', BigInt(length));
  return bytes.slice();
}

/** A 32-byte message digest (`hash_from_bytesobj_input`). */
export function digestBytes(name: string, bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  return fixedLengthBytes(name, bytes, 32, meter);
}
