/**
 * The BLS12-381 scalar field Fr as the host's U256 values carry it (`crypto/bls12_381.rs`, `host/num.rs`):
 * a U256 is reduced mod r on the way in (`from_le_bytes_mod_order`, no error), and the result goes
 * back out as a U256 below r. Each conversion and operation is charged as the host charges it.
 */
import { bls12_381_Fr } from '@noble/curves/bls12-381.js';
import { internalError } from '../../errors/host-error.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import { itemAt, type Sequence } from './sequence.js';

const Fr = bls12_381_Fr;
const U256_LIMIT = 1n << 256n;
const U64_LIMIT = 1n << 64n;
/** Bytes per scalar in the host's allocation charge for a scalar vector. */
const FR_BYTES = 32n;

/** `fr_from_u256val`: charged `Bls12381FrFromU256`. */
export function frFromU256(value: bigint, meter: CryptoMeter): bigint {
  meter.charge('Bls12381FrFromU256');
  if (value < 0n || value >= U256_LIMIT) throw internalError(`not a U256: ${value}`);
  return value % Fr.ORDER;
}

/** `fr_to_u256val`: charged `Bls12381FrToU256`. */
export function frToU256(value: bigint, meter: CryptoMeter): bigint {
  meter.charge('Bls12381FrToU256');
  return value;
}

/** `fr_vec_from_vecobj`: the allocation (`MemAlloc`, 32 bytes a scalar), then each scalar in order. */
export function frVecFromU256s(values: Sequence<bigint>, meter: CryptoMeter): bigint[] {
  meter.charge('MemAlloc', BigInt(values.length) * FR_BYTES);
  const out: bigint[] = [];
  for (let i = 0; i < values.length; i++) out.push(frFromU256(itemAt(values, i), meter));
  return out;
}

type FrBinary = (lhs: bigint, rhs: bigint) => bigint;

function binary(costType: string, op: FrBinary) {
  return (lhs: bigint, rhs: bigint, meter: CryptoMeter): bigint => {
    const a = frFromU256(lhs, meter);
    const b = frFromU256(rhs, meter);
    meter.charge(costType);
    return frToU256(op(a, b), meter);
  };
}

/** `bls12_381_fr_add`. */
export const bls12381FrAdd = binary('Bls12381FrAddSub', (a, b) => Fr.add(a, b));
/** `bls12_381_fr_sub`. */
export const bls12381FrSub = binary('Bls12381FrAddSub', (a, b) => Fr.sub(a, b));
/** `bls12_381_fr_mul`. */
export const bls12381FrMul = binary('Bls12381FrMul', (a, b) => Fr.mul(a, b));

/** `64 - leading_zeros`: the number of significant bits. */
function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** `bls12_381_fr_pow(lhs, rhs: u64)`: charged `Bls12381FrPow` by the exponent's bit length. */
export function bls12381FrPow(lhs: bigint, exponent: bigint, meter: CryptoMeter): bigint {
  const base = frFromU256(lhs, meter);
  if (exponent < 0n || exponent >= U64_LIMIT) throw internalError(`not a u64: ${exponent}`);
  meter.charge('Bls12381FrPow', BigInt(bitLength(exponent)));
  return frToU256(Fr.pow(base, exponent), meter);
}

/** `bls12_381_fr_inv`: zero is `(Crypto, InvalidInput)`, refused before the inversion is charged. */
export function bls12381FrInv(lhs: bigint, meter: CryptoMeter): bigint {
  const value = frFromU256(lhs, meter);
  if (value === 0n) throw invalidInput('scalar inversion input is zero');
  meter.charge('Bls12381FrInv');
  return frToU256(Fr.inv(value), meter);
}
