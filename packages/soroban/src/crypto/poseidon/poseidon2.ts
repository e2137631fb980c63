/**
 * The Poseidon2 permutation as the host runs it (`crypto/poseidon/poseidon2.rs`): the external
 * matrix first, then full rounds (round constants, full s-box, external matrix) around partial
 * rounds (first constant and s-box on the first element, internal matrix). State sizes 2, 3 and
 * multiples of 4 up to 24; every field operation metered with the field's cost types.
 */
import { HostError } from '../../errors/host-error.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import type { MeteredScalarField } from '../scalar-field.js';
import {
  addRoundConstants,
  chargeScalarClone,
  chargeScalarVec,
  checkParams,
  firstOf,
  type PermutationParams,
  roundConstantsAt,
  sbox,
  sboxOne,
  startState,
} from './state.js';

const NAME = 'Poseidon2';

/** `metered_double_in_place`: the value cloned, then added to itself. */
function double(F: MeteredScalarField, x: bigint, meter: CryptoMeter): bigint {
  chargeScalarClone(meter);
  return F.add(x, x, meter);
}

/** `matmul_m4`: each block of four through the 4x4 circulant-like matrix, in place. */
function matmulM4(F: MeteredScalarField, s: bigint[], t: number, meter: CryptoMeter): void {
  if (t % 4 !== 0) throw invalidInput(`${NAME}: matmul_m4 state size must be divisible by 4`);
  if (s.length !== t) throw invalidInput(`${NAME}: matmul_m4 input length does not match \`t\``);
  const add = (a: bigint, b: bigint) => F.add(a, b, meter);
  for (let i = 0; i < t; i += 4) {
    const [a, b, c, d] = [s[i], s[i + 1], s[i + 2], s[i + 3]] as [bigint, bigint, bigint, bigint];
    const t0 = add(a, b);
    const t1 = add(c, d);
    const t2 = add(double(F, b, meter), t1);
    const t3 = add(double(F, d, meter), t0);
    const t4 = add(double(F, double(F, t1, meter), meter), t3);
    const t5 = add(double(F, double(F, t0, meter), meter), t2);
    const t6 = add(t3, t5);
    const t7 = add(t2, t4);
    [s[i], s[i + 1], s[i + 2], s[i + 3]] = [t6, t5, t7, t4];
  }
}

const unsupported = (which: string) => invalidInput(`${NAME}: ${which} unsupported state size`);

/** `matmul_external`, in place. */
function matmulExternal(F: MeteredScalarField, s: bigint[], t: number, meter: CryptoMeter): void {
  if (s.length !== t) throw invalidInput(`${NAME}: matmul_external input length does not match \`t\``);
  if (t === 2 || t === 3) {
    let sum = F.add(s[0] as bigint, s[1] as bigint, meter);
    if (t === 3) sum = F.add(sum, s[2] as bigint, meter);
    for (let i = 0; i < t; i++) s[i] = F.add(s[i] as bigint, sum, meter);
    return;
  }
  if (t !== 4 && !(t % 4 === 0 && t >= 8 && t <= 24)) throw unsupported('matmul_external');
  matmulM4(F, s, t, meter);
  if (t === 4) return;
  chargeScalarVec(meter, 4);
  const stored = [0, 1, 2, 3].map((l) => {
    let acc = s[l] as bigint;
    for (let j = 1; j < t / 4; j++) acc = F.add(acc, s[4 * j + l] as bigint, meter);
    return acc;
  });
  for (let i = 0; i < t; i++) s[i] = F.add(s[i] as bigint, stored[i % 4] as bigint, meter);
}

/** `matmul_internal`, in place: the diagonal (minus one) times the state, plus the state's sum. */
function matmulInternal(
  F: MeteredScalarField,
  s: bigint[],
  t: number,
  diag: readonly bigint[],
  meter: CryptoMeter,
): void {
  if (t !== s.length || t !== diag.length) {
    throw invalidInput(
      `${NAME}: matmul_internal length mismatch between \`t\`, input length and/or matrix length`,
    );
  }
  if (t === 2 || t === 3) {
    let sum = F.add(s[0] as bigint, s[1] as bigint, meter);
    if (t === 3) sum = F.add(sum, s[2] as bigint, meter);
    for (let i = 0; i < t - 1; i++) s[i] = F.add(s[i] as bigint, sum, meter);
    s[t - 1] = F.add(double(F, s[t - 1] as bigint, meter), sum, meter);
    return;
  }
  if (!(t % 4 === 0 && t >= 4 && t <= 24)) throw unsupported('matmul_internal');
  let sum = s[0] as bigint;
  for (let i = 1; i < t; i++) sum = F.add(sum, s[i] as bigint, meter);
  for (let i = 0; i < t; i++) s[i] = F.add(F.mul(s[i] as bigint, diag[i] as bigint, meter), sum, meter);
}

/** `poseidon2_permutation` over scalars already read (`Poseidon2Params::new`, then `permutation`). */
export function poseidon2Permutation(
  F: MeteredScalarField,
  input: readonly bigint[],
  params: PermutationParams,
  matInternalDiagM1: readonly bigint[],
  roundConstants: readonly (readonly bigint[])[],
  meter: CryptoMeter,
): bigint[] {
  const { fullBefore, partialEnd, rounds } = checkParams(
    NAME,
    params,
    matInternalDiagM1.length,
    roundConstants.length,
  );
  let state = startState(NAME, input, params.t, meter);
  const { t, d } = params;
  matmulExternal(F, state, t, meter);
  for (let r = 0; r < rounds; r++) {
    const rc = roundConstantsAt(NAME, roundConstants, r);
    if (r >= fullBefore && r < partialEnd) {
      const rc0 = rc[0];
      if (rc0 === undefined)
        throw new HostError('Object', 'IndexBounds', `${NAME}: round constant vector is empty`);
      const first = F.add(firstOf(NAME, state), rc0, meter);
      state[0] = sboxOne(F, first, d, meter);
      matmulInternal(F, state, t, matInternalDiagM1, meter);
    } else {
      state = addRoundConstants(F, state, rc, meter);
      state = sbox(F, state, d, meter);
      matmulExternal(F, state, t, meter);
    }
  }
  return state;
}
