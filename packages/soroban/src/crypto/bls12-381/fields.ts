/**
 * BLS12-381 base-field elements as bytes (`crypto/bls12_381.rs`): an Fp is 48 big-endian bytes and
 * must be below the modulus p; an Fp2 is c1 || c0 (zcash's order, the imaginary part first).
 */
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { invalidInput } from '../errors.js';
import { type CryptoMeter, chargeTimes } from '../meter.js';

export const FP_BYTES = 48;
export const FP2_BYTES = 2 * FP_BYTES;
export const FP12_BYTES = 12 * FP_BYTES;
export const { Fp, Fp2: Fp2Field, Fp12 } = bls12_381.fields;

/** How many Fp a serialized element counts as for `Bls12381DecodeFp` / `Bls12381EncodeFp` charges. */
export function fpUnits(byteLength: number): number {
  return Math.ceil(byteLength / FP_BYTES);
}

/** The Fp at `offset`, or undefined when it is not below p. */
export function readFp(bytes: Uint8Array, offset: number): bigint | undefined {
  const value = bytesToNumberBE(bytes.subarray(offset, offset + FP_BYTES));
  return value < Fp.ORDER ? value : undefined;
}

/** The Fp2 stored as c1 || c0 at `offset`, or undefined when either half is not below p. */
export function readFp2(bytes: Uint8Array, offset: number): Fp2 | undefined {
  const c1 = readFp(bytes, offset);
  const c0 = readFp(bytes, offset + FP_BYTES);
  return c0 === undefined || c1 === undefined ? undefined : { c0, c1 };
}

export function writeFp(value: bigint): Uint8Array {
  return numberToBytesBE(value, FP_BYTES);
}

export function writeFp2(value: Fp2): Uint8Array {
  const out = new Uint8Array(FP2_BYTES);
  out.set(writeFp(value.c1), 0);
  out.set(writeFp(value.c0), FP_BYTES);
  return out;
}

/**
 * `field_element_deserialize`: the length first, then the copy (`MemCpy`) and the decode
 * (`Bls12381DecodeFp` per Fp); a value not below p is `(Crypto, InvalidInput)`.
 */
function fieldElementInput<T>(
  bytes: Uint8Array,
  size: number,
  tag: string,
  read: (bytes: Uint8Array, offset: number) => T | undefined,
  meter: CryptoMeter,
): T {
  if (bytes.length !== size) {
    throw invalidInput(`bls12-381 field element ${tag}: invalid input length ${bytes.length}, want ${size}`);
  }
  meter.charge('MemCpy', BigInt(size));
  chargeTimes(meter, 'Bls12381DecodeFp', fpUnits(size));
  const value = read(bytes, 0);
  if (value === undefined) throw invalidInput(`bls12-381: unable to deserialize ${tag}`);
  return value;
}

/** `fp_deserialize_from_bytesobj`. */
export function decodeFpInput(bytes: Uint8Array, meter: CryptoMeter): bigint {
  return fieldElementInput(bytes, FP_BYTES, 'Fp', readFp, meter);
}

/** `fp2_deserialize_from_bytesobj`. */
export function decodeFp2Input(bytes: Uint8Array, meter: CryptoMeter): Fp2 {
  return fieldElementInput(bytes, FP2_BYTES, 'Fp2', readFp2, meter);
}
