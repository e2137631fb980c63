/**
 * BN254 host functions over bytes (protocols 25 and 26; `host.rs` `bn254_*`, `crypto/bn254.rs`).
 * Each takes the ledger protocol where the charges differ between protocols.
 */

import { pippenger } from '@noble/curves/abstract/curve.js';
import { bn254, bn254_Fr } from '@noble/curves/bn254.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import { MeteredScalarField } from '../scalar-field.js';
import type { Sequence } from '../sequence.js';
import { FP12_BYTES, Fp12 } from './fields.js';
import { decodeG1, decodeG1Vec, decodeG2Vec, encodeG1Projective } from './points.js';

export { bn254G1IsOnCurve } from './points.js';

export const BN254_FR = new MeteredScalarField(bn254_Fr, {
  fromU256: 'Bn254FrFromU256',
  toU256: 'Bn254FrToU256',
  addSub: 'Bn254FrAddSub',
  mul: 'Bn254FrMul',
  pow: 'Bn254FrPow',
  inv: 'Bn254FrInv',
});

/** `bn254_g1_add`: both points on the curve. */
export function bn254G1Add(p0: Uint8Array, p1: Uint8Array, protocol: number, meter: CryptoMeter): Uint8Array {
  const a = decodeG1(p0, protocol, meter);
  const b = decodeG1(p1, protocol, meter);
  meter.charge('Bn254G1Add');
  return encodeG1Projective(a.add(b), meter);
}

/** `bn254_g1_mul`: the point on the curve, the scalar a U256 taken mod r. */
export function bn254G1Mul(
  point: Uint8Array,
  scalar: bigint,
  protocol: number,
  meter: CryptoMeter,
): Uint8Array {
  const p = decodeG1(point, protocol, meter);
  const s = BN254_FR.fromU256(scalar, meter);
  meter.charge('Bn254G1Mul');
  return encodeG1Projective(p.multiplyUnsafe(s), meter);
}

/**
 * `bn254_g1_msm` (protocol 26): every point decoded, then every scalar, then the MSM charged by
 * the number of points (`msm_internal`); only then are unequal or empty vectors refused.
 */
export function bn254G1Msm(
  points: Sequence<Uint8Array>,
  scalars: Sequence<bigint>,
  protocol: number,
  meter: CryptoMeter,
): Uint8Array {
  const ps = decodeG1Vec(points, protocol, meter);
  const ss = BN254_FR.vecFromU256s(scalars, meter);
  meter.charge('Bn254G1Msm', BigInt(ps.length));
  if (ps.length !== ss.length || ps.length === 0) {
    throw invalidInput(`BN254 G1 msm: invalid input vector lengths (${ps.length}, ${ss.length})`);
  }
  return encodeG1Projective(pippenger(bn254.G1.Point, ps, ss), meter);
}

/**
 * `bn254_multi_pairing_check`: whether the product of e(P_i, Q_i) is one. The vectors must be
 * equally long and not empty (checked before any point is read); a pair with a point at infinity
 * contributes one, as arkworks' Miller loop skips it.
 */
export function bn254MultiPairingCheck(
  g1s: Sequence<Uint8Array>,
  g2s: Sequence<Uint8Array>,
  protocol: number,
  meter: CryptoMeter,
): boolean {
  if (g1s.length !== g2s.length || g1s.length === 0) {
    throw invalidInput(`multi-pairing-check: invalid input vector lengths ${g1s.length} and ${g2s.length}`);
  }
  const ps = decodeG1Vec(g1s, protocol, meter);
  const qs = decodeG2Vec(g2s, protocol, meter);
  meter.charge('Bn254Pairing', BigInt(ps.length));
  const pairs = ps.flatMap((g1, i) => {
    const g2 = qs[i];
    return g2 && !g1.is0() && !g2.is0() ? [{ g1, g2 }] : [];
  });
  const product = bn254.pairingBatch(pairs);
  meter.charge('MemCmp', BigInt(FP12_BYTES));
  return Fp12.eql(product, Fp12.ONE);
}

/** `bn254_fr_add`, `bn254_fr_sub`, `bn254_fr_mul`, `bn254_fr_pow`, `bn254_fr_inv` (protocol 26). */
export const bn254FrAdd = BN254_FR.binaryU256('add');
export const bn254FrSub = BN254_FR.binaryU256('sub');
export const bn254FrMul = BN254_FR.binaryU256('mul');
export const bn254FrPow = BN254_FR.powU256.bind(BN254_FR);
export const bn254FrInv = BN254_FR.invU256.bind(BN254_FR);
