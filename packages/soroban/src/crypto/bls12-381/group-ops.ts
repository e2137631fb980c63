/**
 * Addition, scalar multiplication, multi-scalar multiplication and the subgroup check over bytes,
 * for either group (`host.rs` `bls12_381_g{1,2}_*`, `crypto/bls12_381.rs` `*_internal`).
 */
import { pippenger } from '@noble/curves/abstract/curve.js';
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import type { Sequence } from '../sequence.js';
import type { BlsGroup } from './groups.js';
import {
  decodeCheckedPoints,
  decodePoint,
  encodeProjective,
  isInSubgroup,
  type PointSource,
} from './point-codec.js';
import { frFromU256, frVecFromU256s } from './scalars.js';

/** `bls12_381_check_g*_is_in_subgroup`: the point must be on the curve; the answer is a boolean. */
export function checkInSubgroup<T>(group: BlsGroup<T>, bytes: Uint8Array, meter: CryptoMeter): boolean {
  return isInSubgroup(group, decodePoint(group, bytes, false, meter), meter);
}

/** `bls12_381_g*_add`: both points on the curve, neither checked for the subgroup. */
export function addPoints<T>(
  group: BlsGroup<T>,
  p0: Uint8Array,
  p1: Uint8Array,
  meter: CryptoMeter,
): Uint8Array {
  const a = decodePoint(group, p0, false, meter);
  const b = decodePoint(group, p1, false, meter);
  meter.charge(group.cost.add);
  return encodeProjective(group, a.add(b), meter);
}

/** `bls12_381_g*_mul`: the point must be in the subgroup; the scalar is a U256 taken mod r. */
export function mulPoint<T>(
  group: BlsGroup<T>,
  point: Uint8Array,
  scalar: bigint,
  meter: CryptoMeter,
): Uint8Array {
  const p = decodePoint(group, point, true, meter);
  const s = frFromU256(scalar, meter);
  meter.charge(group.cost.mul);
  return encodeProjective(group, p.multiplyUnsafe(s), meter);
}

/**
 * `bls12_381_g*_msm`: every point is decoded and subgroup-checked, then every scalar converted, then
 * the MSM is charged by the number of points; only then are unequal or empty vectors refused.
 */
export function msmPoints<T>(
  group: BlsGroup<T>,
  points: PointSource,
  scalars: Sequence<bigint>,
  meter: CryptoMeter,
): Uint8Array {
  const ps = decodeCheckedPoints(group, points, meter);
  const ss = frVecFromU256s(scalars, meter);
  meter.charge(group.cost.msm, BigInt(ps.length));
  if (ps.length !== ss.length || ps.length === 0) {
    throw invalidInput(`${group.tag} msm: invalid input vector lengths (${ps.length}, ${ss.length})`);
  }
  const sum: WeierstrassPoint<T> = pippenger(group.Point, ps, ss);
  return encodeProjective(group, sum, meter);
}
