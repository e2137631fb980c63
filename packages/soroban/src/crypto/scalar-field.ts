/**
 * A pairing curve's scalar field Fr as the host's U256 values carry it (`crypto/metered_scalar.rs`,
 * `MeteredScalar`; the `*_fr_*` functions of `crypto/bls12_381.rs` and `crypto/bn254.rs`): a U256 is
 * reduced mod r on the way in (`from_le_bytes_mod_order`, no error), results go back out below r,
 * and each conversion and operation charges its curve's cost type. Poseidon uses the same metered
 * operations.
 */
import type { IField } from '@noble/curves/abstract/modular.js';
import { internalError } from '../errors/host-error.js';
import { invalidInput } from './errors.js';
import type { CryptoMeter } from './meter.js';
import { itemAt, type Sequence } from './sequence.js';

const U256_LIMIT = 1n << 256n;
const U64_LIMIT = 1n << 64n;
/** Declared size of a scalar (`declared_size.rs`), for allocation and copy charges. */
export const FR_BYTES = 32n;

/** The cost types one curve's scalar operations charge. */
export interface ScalarCosts {
  readonly fromU256: string;
  readonly toU256: string;
  readonly addSub: string;
  readonly mul: string;
  readonly pow: string;
  readonly inv: string;
}

/** `64 - leading_zeros`: the number of significant bits. */
function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

export class MeteredScalarField {
  constructor(
    readonly Fr: IField<bigint>,
    readonly costs: ScalarCosts,
  ) {}

  /** `from_u256val`. */
  fromU256(value: bigint, meter: CryptoMeter): bigint {
    return this.fromU256Lazy(() => value, meter);
  }

  /** `from_u256val` where reading the value costs something: the charge comes first. */
  fromU256Lazy(read: () => bigint, meter: CryptoMeter): bigint {
    meter.charge(this.costs.fromU256);
    const value = read();
    if (value < 0n || value >= U256_LIMIT) throw internalError(`not a U256: ${value}`);
    return value % this.Fr.ORDER;
  }

  /** `into_u256val`. */
  toU256(value: bigint, meter: CryptoMeter): bigint {
    meter.charge(this.costs.toU256);
    return value;
  }

  /** `fr_vec_from_vecobj`: the allocation (`MemAlloc`, 32 bytes a scalar), then each scalar in order. */
  vecFromU256s(values: Sequence<bigint>, meter: CryptoMeter): bigint[] {
    meter.charge('MemAlloc', BigInt(values.length) * FR_BYTES);
    const out: bigint[] = [];
    for (let i = 0; i < values.length; i++) out.push(this.fromU256(itemAt(values, i), meter));
    return out;
  }

  add(a: bigint, b: bigint, meter: CryptoMeter): bigint {
    meter.charge(this.costs.addSub);
    return this.Fr.add(a, b);
  }

  sub(a: bigint, b: bigint, meter: CryptoMeter): bigint {
    meter.charge(this.costs.addSub);
    return this.Fr.sub(a, b);
  }

  mul(a: bigint, b: bigint, meter: CryptoMeter): bigint {
    meter.charge(this.costs.mul);
    return this.Fr.mul(a, b);
  }

  /** `fr_pow_internal(lhs, rhs: u64)`: charged by the exponent's bit length. */
  pow(base: bigint, exponent: bigint, meter: CryptoMeter): bigint {
    if (exponent < 0n || exponent >= U64_LIMIT) throw internalError(`not a u64: ${exponent}`);
    meter.charge(this.costs.pow, BigInt(bitLength(exponent)));
    return this.Fr.pow(base, exponent);
  }

  /** `fr_inv_internal`: zero is `(Crypto, InvalidInput)`, refused before the inversion is charged. */
  inv(value: bigint, meter: CryptoMeter): bigint {
    if (value === 0n) throw invalidInput('scalar inversion input is zero');
    meter.charge(this.costs.inv);
    return this.Fr.inv(value);
  }

  /** A host function over two U256s: both converted in, the operation, the result converted out. */
  binaryU256(op: 'add' | 'sub' | 'mul') {
    return (lhs: bigint, rhs: bigint, meter: CryptoMeter): bigint => {
      const a = this.fromU256(lhs, meter);
      const b = this.fromU256(rhs, meter);
      return this.toU256(this[op](a, b, meter), meter);
    };
  }

  /** `*_fr_pow(lhs: U256Val, rhs: U64Val)`. */
  powU256(lhs: bigint, exponent: bigint, meter: CryptoMeter): bigint {
    const base = this.fromU256(lhs, meter);
    return this.toU256(this.pow(base, exponent, meter), meter);
  }

  /** `*_fr_inv(lhs: U256Val)`. */
  invU256(lhs: bigint, meter: CryptoMeter): bigint {
    return this.toU256(this.inv(this.fromU256(lhs, meter), meter), meter);
  }
}
