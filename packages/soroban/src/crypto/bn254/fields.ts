/**
 * BN254 base-field elements as bytes (`crypto/bn254.rs`, Ethereum's encoding): an Fp is 32
 * big-endian bytes and must be below the modulus p; an Fp2 is c1 || c0 (the imaginary part first).
 * Decoding an element copies it (`MemCpy`) and charges `Bn254DecodeFp` per Fp; encoding charges
 * `Bn254EncodeFp` per Fp.
 */
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import { bn254 } from '@noble/curves/bn254.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { invalidInput } from '../errors.js';
import { type CryptoMeter, chargeTimes } from '../meter.js';

export const FP_BYTES = 32;
export const FP2_BYTES = 2 * FP_BYTES;
export const FP12_BYTES = 12 * FP_BYTES;
export const { Fp, Fp12 } = bn254.fields;

function readFp(bytes: Uint8Array, offset: number): bigint | undefined {
  const value = bytesToNumberBE(bytes.subarray(offset, offset + FP_BYTES));
  return value < Fp.ORDER ? value : undefined;
}

function readFp2(bytes: Uint8Array, offset: number): Fp2 | undefined {
  const c1 = readFp(bytes, offset);
  const c0 = readFp(bytes, offset + FP_BYTES);
  return c0 === undefined || c1 === undefined ? undefined : { c0, c1 };
}

/** A field of points' coordinates: Fp for G1, Fp2 for G2. */
export interface CoordinateCodec<T> {
  readonly size: number;
  read(bytes: Uint8Array, offset: number): T | undefined;
  write(value: T): Uint8Array;
}

export const FP_CODEC: CoordinateCodec<bigint> = {
  size: FP_BYTES,
  read: readFp,
  write: (value) => numberToBytesBE(value, FP_BYTES),
};

export const FP2_CODEC: CoordinateCodec<Fp2> = {
  size: FP2_BYTES,
  read: readFp2,
  write(value) {
    const out = new Uint8Array(FP2_BYTES);
    out.set(FP_CODEC.write(value.c1), 0);
    out.set(FP_CODEC.write(value.c0), FP_BYTES);
    return out;
  },
};

/**
 * `bn254_field_element_deserialize`: the copy, the decode charge, then a value not below p is
 * `(Crypto, InvalidInput)`.
 */
export function decodeElement<T>(
  codec: CoordinateCodec<T>,
  bytes: Uint8Array,
  offset: number,
  meter: CryptoMeter,
): T {
  meter.charge('MemCpy', BigInt(codec.size));
  chargeTimes(meter, 'Bn254DecodeFp', codec.size / FP_BYTES);
  const value = codec.read(bytes, offset);
  if (value === undefined) throw invalidInput('bn254: unable to deserialize field element');
  return value;
}

/** `bn254_field_element_serialize`. */
export function encodeElement<T>(codec: CoordinateCodec<T>, value: T, meter: CryptoMeter): Uint8Array {
  chargeTimes(meter, 'Bn254EncodeFp', codec.size / FP_BYTES);
  return codec.write(value);
}
