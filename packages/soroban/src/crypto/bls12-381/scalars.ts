/**
 * The BLS12-381 scalar field Fr as the host's U256 values carry it (`crypto/bls12_381.rs`,
 * `host/num.rs`): the shared metered scalar field with BLS12-381's cost types.
 */
import { bls12_381_Fr } from '@noble/curves/bls12-381.js';
import { MeteredScalarField } from '../scalar-field.js';

export const BLS12_381_FR = new MeteredScalarField(bls12_381_Fr, {
  fromU256: 'Bls12381FrFromU256',
  toU256: 'Bls12381FrToU256',
  addSub: 'Bls12381FrAddSub',
  mul: 'Bls12381FrMul',
  pow: 'Bls12381FrPow',
  inv: 'Bls12381FrInv',
});

export const frFromU256 = BLS12_381_FR.fromU256.bind(BLS12_381_FR);
export const frVecFromU256s = BLS12_381_FR.vecFromU256s.bind(BLS12_381_FR);

/** `bls12_381_fr_add`. */
export const bls12381FrAdd = BLS12_381_FR.binaryU256('add');
/** `bls12_381_fr_sub`. */
export const bls12381FrSub = BLS12_381_FR.binaryU256('sub');
/** `bls12_381_fr_mul`. */
export const bls12381FrMul = BLS12_381_FR.binaryU256('mul');
/** `bls12_381_fr_pow`. */
export const bls12381FrPow = BLS12_381_FR.powU256.bind(BLS12_381_FR);
/** `bls12_381_fr_inv`. */
export const bls12381FrInv = BLS12_381_FR.invU256.bind(BLS12_381_FR);
