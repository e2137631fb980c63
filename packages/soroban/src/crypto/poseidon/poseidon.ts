/**
 * The Poseidon permutation as the host runs it (`crypto/poseidon/poseidon.rs`): full rounds of
 * round constants, a full s-box and the MDS matrix; partial rounds with the s-box on the first
 * element only; every field operation metered with the field's cost types.
 */
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import type { MeteredScalarField } from '../scalar-field.js';
import {
  addRoundConstants,
  chargeScalarVec,
  checkParams,
  firstOf,
  type PermutationParams,
  roundConstantsAt,
  sbox,
  sboxOne,
  startState,
} from './state.js';

const NAME = 'Poseidon';

/** `matmul`: the matrix must be t x t (each row checked as it is reached). */
function matmul(
  F: MeteredScalarField,
  state: readonly bigint[],
  mds: readonly (readonly bigint[])[],
  meter: CryptoMeter,
): bigint[] {
  const t = state.length;
  if (mds.length !== t)
    throw invalidInput(`${NAME}: matmul matrix dimension does not match the input length`);
  chargeScalarVec(meter, t);
  const out = new Array<bigint>(t).fill(0n);
  mds.forEach((row, i) => {
    if (row.length !== t) throw invalidInput(`${NAME}: matmul matrix row length does not match input length`);
    row.forEach((m, j) => {
      out[i] = F.add(out[i] as bigint, F.mul(m, state[j] as bigint, meter), meter);
    });
  });
  return out;
}

/** `poseidon_permutation` over scalars already read (`PoseidonParams::new`, then `permutation`). */
export function poseidonPermutation(
  F: MeteredScalarField,
  input: readonly bigint[],
  params: PermutationParams,
  mds: readonly (readonly bigint[])[],
  roundConstants: readonly (readonly bigint[])[],
  meter: CryptoMeter,
): bigint[] {
  const { fullBefore, partialEnd, rounds } = checkParams(NAME, params, mds.length, roundConstants.length);
  let state = startState(NAME, input, params.t, meter);
  for (let r = 0; r < rounds; r++) {
    state = addRoundConstants(F, state, roundConstantsAt(NAME, roundConstants, r), meter);
    if (r >= fullBefore && r < partialEnd) state[0] = sboxOne(F, firstOf(NAME, state), params.d, meter);
    else state = sbox(F, state, params.d, meter);
    state = matmul(F, state, mds, meter);
  }
  return state;
}
