/**
 * What both permutations share (`crypto/poseidon/utils.rs`, `poseidon_params.rs`): the metered
 * state operations, and the checks on the parameters. Sizes are the host's declared sizes: a
 * scalar 32 bytes, a Vec 24, a HostError 16 (so a `Result<scalar, HostError>` is 48).
 */
import { HostError } from '../../errors/host-error.js';
import { invalidInput } from '../errors.js';
import { type CryptoMeter, chargeBulkInit } from '../meter.js';
import type { MeteredScalarField } from '../scalar-field.js';

export const SCALAR_BYTES = 32;
export const VEC_BYTES = 24;
const RESULT_VEC_BYTES = VEC_BYTES + 16;
const RESULT_SCALAR_BYTES = SCALAR_BYTES + 16;

/** Both fields the host offers want an s-box of degree 5 (`SUPPORTED_SBOX_DEGREES`). */
const SUPPORTED_SBOX_DEGREES = [5];

export interface PermutationParams {
  readonly t: number;
  readonly d: number;
  readonly roundsF: number;
  readonly roundsP: number;
}

/** The round layout: full rounds before, then partial, then full, `rounds` in all. */
export interface Rounds {
  readonly fullBefore: number;
  readonly partialEnd: number;
  readonly rounds: number;
}

/** A scalar copied (`metered_clone` of a scalar). */
export const chargeScalarClone = (meter: CryptoMeter): void => meter.charge('MemCpy', BigInt(SCALAR_BYTES));

/** A Vec of scalars cloned (`Vec::metered_clone`) or made with capacity. */
export const chargeScalarVec = (meter: CryptoMeter, len: number): void =>
  chargeBulkInit(meter, VEC_BYTES, len, SCALAR_BYTES);

/** `metered_collect` of per-scalar results into `Result<Vec<_>, HostError>`. */
export const chargeCollect = (meter: CryptoMeter, len: number, itemBytes = RESULT_SCALAR_BYTES): void =>
  chargeBulkInit(meter, RESULT_VEC_BYTES, len, itemBytes);

/** `Poseidon{,2}Params::new`: the degree, the matrix length, even full rounds, the constants' rows. */
export function checkParams(
  name: string,
  params: PermutationParams,
  matrixLength: number,
  roundConstantRows: number,
): Rounds {
  if (!SUPPORTED_SBOX_DEGREES.includes(params.d)) throw invalidInput(`${name}: unsupported s-box degree`);
  if (matrixLength !== params.t) throw invalidInput(`${name}: matrix length does not match \`t\``);
  if (params.roundsF % 2 !== 0) throw invalidInput(`${name}: \`rounds_f\` must be even`);
  const rounds = params.roundsF + params.roundsP;
  if (rounds > 0xffff_ffff) throw new HostError('Value', 'ArithDomain', 'arithmetic overflow');
  if (roundConstantRows !== rounds) {
    throw invalidInput(`${name}: round constants length does not match No. of rounds (rounds_f + rounds_p)`);
  }
  const fullBefore = params.roundsF / 2;
  return { fullBefore, partialEnd: fullBefore + params.roundsP, rounds };
}

/** `permutation`'s first check, then the state cloned. */
export function startState(name: string, input: readonly bigint[], t: number, meter: CryptoMeter): bigint[] {
  if (input.length !== t) throw invalidInput(`${name}: permutation input length does not match \`t\``);
  chargeScalarVec(meter, input.length);
  return [...input];
}

/** `sbox_p`: x^d. */
export const sboxOne = (F: MeteredScalarField, x: bigint, d: number, meter: CryptoMeter): bigint =>
  F.pow(x, BigInt(d), meter);

/** `sbox`: every element raised to d, collected into a new state. */
export function sbox(
  F: MeteredScalarField,
  state: readonly bigint[],
  d: number,
  meter: CryptoMeter,
): bigint[] {
  chargeCollect(meter, state.length);
  return state.map((x) => sboxOne(F, x, d, meter));
}

/** `add_rc`: the lengths must match; each sum is a cloned scalar plus the constant. */
export function addRoundConstants(
  F: MeteredScalarField,
  state: readonly bigint[],
  rc: readonly bigint[],
  meter: CryptoMeter,
): bigint[] {
  if (state.length !== rc.length) {
    throw invalidInput('length mismatch between input array and round constants');
  }
  chargeCollect(meter, state.length);
  return state.map((x, i) => {
    chargeScalarClone(meter);
    return F.add(x, rc[i] as bigint, meter);
  });
}

/** `round_constants.get(r)`: a row past the end is `(Object, IndexBounds)`. */
export function roundConstantsAt(
  name: string,
  rows: readonly (readonly bigint[])[],
  r: number,
): readonly bigint[] {
  const row = rows[r];
  if (!row) throw new HostError('Object', 'IndexBounds', `${name}: round constant index out of bounds`);
  return row;
}

/** `state.first_mut()`: an empty state is `(Object, IndexBounds)`. */
export function firstOf(name: string, state: readonly bigint[]): bigint {
  const first = state[0];
  if (first === undefined) throw new HostError('Object', 'IndexBounds', `${name}: current_state is empty`);
  return first;
}
