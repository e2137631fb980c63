/**
 * The `crypto` module's Poseidon functions (protocol 25; `host.rs` `poseidon_permutation`,
 * `poseidon2_permutation`, `crypto/mod.rs` `poseidon*_permutation_impl`, `host/conversion.rs`
 * `metered_scalar_vec*`): the field named by a symbol, the vectors of U256 read into scalars as
 * the host reads them (each charged), the permutation, and the state back as a vector of U256.
 */
import * as crypto from '../../crypto/index.js';
import { HostError } from '../../errors/host-error.js';
import { Tag } from '../../values/tags.js';
import { isObject, smallNumberOf, tagOf, u32Of, type Val } from '../../values/val.js';
import { add, visit } from './access.js';
import { chargeNewVec, VAL_SIZE } from './charges.js';
import { frVal } from './crypto-args.js';
import { symbolMatches } from './symbol-slices.js';
import type { CallContext, HostModule } from './types.js';

const SCALAR_BYTES = 32;
const VEC_BYTES = 24;
/** Declared size of `Result<U256Val, HostError>`, the items the output is collected as. */
const RESULT_U256VAL_BYTES = 8 + 16;

const invalid = (detail: string) => new HostError('Crypto', 'InvalidInput', detail);

/** `symbol_matches` against "BLS12_381", then "BN254"; anything else is `(Crypto, InvalidInput)`. */
function fieldOf(context: CallContext, field: Val, fn: string): crypto.MeteredScalarField {
  if (symbolMatches(context, Buffer.from('BLS12_381'), field)) return crypto.BLS12_381_FR;
  if (symbolMatches(context, Buffer.from('BN254'), field)) return crypto.BN254_FR;
  throw invalid(`${fn}: invalid field symbol, must be 'BLS12_381' or 'BN254'`);
}

/** `metered_scalar_vec_from_vecobj`: the Vec with capacity, then each element charged in, then read. */
function scalars(context: CallContext, F: crypto.MeteredScalarField, vec: Val): bigint[] {
  const { meter } = context.host;
  const items = visit(context, vec, 'Vec').value;
  crypto.chargeBulkInit(meter, VEC_BYTES, items.length, SCALAR_BYTES);
  return items.map((val) => {
    const tag = tagOf(val);
    if (tag !== Tag.U256Small && tag !== Tag.U256Object) throw invalid('element must be U256Val');
    // from_u256val charges before it visits an object.
    return F.fromU256Lazy(
      () => (isObject(val) ? visit(context, val, 'U256').value : smallNumberOf(val)),
      meter,
    );
  });
}

/** `metered_scalar_vec_of_vec_from_vecobj`: each row a Vec of U256. */
function scalarRows(context: CallContext, F: crypto.MeteredScalarField, vec: Val): bigint[][] {
  const items = visit(context, vec, 'Vec').value;
  crypto.chargeBulkInit(context.host.meter, VEC_BYTES, items.length, VEC_BYTES);
  return items.map((row) => {
    if (tagOf(row) !== Tag.VecObject) throw invalid('poseidon_permutation: row must be a vector');
    return scalars(context, F, row);
  });
}

/** `metered_scalar_vec_to_vecobj`: collected as U256 values, then a new vector. */
function scalarVec(context: CallContext, F: crypto.MeteredScalarField, state: readonly bigint[]): Val {
  crypto.chargeBulkInit(context.host.meter, VEC_BYTES + 16, state.length, RESULT_U256VAL_BYTES);
  const vals = state.map((value) => frVal(context, F.toU256(value, context.host.meter)));
  chargeNewVec(context, vals.length, VAL_SIZE);
  return add(context, { kind: 'Vec', value: vals });
}

type Permutation<M> = (
  F: crypto.MeteredScalarField,
  input: bigint[],
  params: crypto.PermutationParams,
  matrix: M,
  roundConstants: bigint[][],
  meter: crypto.CryptoMeter,
) => bigint[];
type MatrixReader<M> = (context: CallContext, F: crypto.MeteredScalarField, vec: Val) => M;

function permutationFunction<M>(name: string, readMatrix: MatrixReader<M>, permute: Permutation<M>) {
  return (
    c: CallContext,
    input: Val,
    field: Val,
    t: Val,
    d: Val,
    roundsF: Val,
    roundsP: Val,
    matrix: Val,
    rc: Val,
  ) => {
    const params = { t: u32Of(t), d: u32Of(d), roundsF: u32Of(roundsF), roundsP: u32Of(roundsP) };
    const F = fieldOf(c, field, name);
    const state = scalars(c, F, input);
    const m = readMatrix(c, F, matrix);
    const constants = scalarRows(c, F, rc);
    return scalarVec(c, F, permute(F, state, params, m, constants, c.host.meter));
  };
}

export const poseidonFunctions: HostModule = {
  poseidon_permutation: permutationFunction('poseidon_permutation', scalarRows, crypto.poseidonPermutation),
  poseidon2_permutation: permutationFunction('poseidon2_permutation', scalars, crypto.poseidon2Permutation),
};
