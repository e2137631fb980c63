/** BLS12-381 host functions over bytes (protocol 22): one entry per `bls12_381_*` host function. */
import type { CryptoMeter } from '../meter.js';
import type { Sequence } from '../sequence.js';
import { addPoints, checkInSubgroup, msmPoints, mulPoint } from './group-ops.js';
import { G1, G2 } from './groups.js';
import { isOnCurve, type PointSource } from './point-codec.js';

export type { Sequence } from '../sequence.js';
export { bls12381HashToG1, bls12381HashToG2, bls12381MapFp2ToG2, bls12381MapFpToG1 } from './map-to-curve.js';
export { bls12381MultiPairingCheck } from './pairing.js';
export type { PointSource } from './point-codec.js';
export { bls12381FrAdd, bls12381FrInv, bls12381FrMul, bls12381FrPow, bls12381FrSub } from './scalars.js';

export const bls12381CheckG1IsInSubgroup = (point: Uint8Array, meter: CryptoMeter): boolean =>
  checkInSubgroup(G1, point, meter);
export const bls12381CheckG2IsInSubgroup = (point: Uint8Array, meter: CryptoMeter): boolean =>
  checkInSubgroup(G2, point, meter);

export const bls12381G1IsOnCurve = (point: Uint8Array, meter: CryptoMeter): boolean =>
  isOnCurve(G1, point, meter);
export const bls12381G2IsOnCurve = (point: Uint8Array, meter: CryptoMeter): boolean =>
  isOnCurve(G2, point, meter);

export const bls12381G1Add = (p0: Uint8Array, p1: Uint8Array, meter: CryptoMeter): Uint8Array =>
  addPoints(G1, p0, p1, meter);
export const bls12381G2Add = (p0: Uint8Array, p1: Uint8Array, meter: CryptoMeter): Uint8Array =>
  addPoints(G2, p0, p1, meter);

export const bls12381G1Mul = (point: Uint8Array, scalar: bigint, meter: CryptoMeter): Uint8Array =>
  mulPoint(G1, point, scalar, meter);
export const bls12381G2Mul = (point: Uint8Array, scalar: bigint, meter: CryptoMeter): Uint8Array =>
  mulPoint(G2, point, scalar, meter);

export const bls12381G1Msm = (
  points: PointSource,
  scalars: Sequence<bigint>,
  meter: CryptoMeter,
): Uint8Array => msmPoints(G1, points, scalars, meter);
export const bls12381G2Msm = (
  points: PointSource,
  scalars: Sequence<bigint>,
  meter: CryptoMeter,
): Uint8Array => msmPoints(G2, points, scalars, meter);
