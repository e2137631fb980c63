/**
 * The two BLS12-381 groups as the host serializes them: a G1 point is x || y (96 bytes), a G2 point
 * x || y with each coordinate an Fp2 written c1 || c0 (192 bytes); and the cost types each group's
 * operations charge (`crypto/bls12_381.rs`).
 */
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import type { WeierstrassPoint, WeierstrassPointCons } from '@noble/curves/abstract/weierstrass.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { FP_BYTES, FP2_BYTES, readFp, readFp2, writeFp, writeFp2 } from './fields.js';

export interface BlsGroup<T> {
  readonly tag: 'G1' | 'G2';
  /** Uncompressed size in bytes. */
  readonly size: number;
  readonly Point: WeierstrassPointCons<T>;
  readonly cost: {
    readonly onCurve: string;
    readonly inSubgroup: string;
    readonly add: string;
    readonly mul: string;
    readonly msm: string;
    readonly toAffine: string;
    readonly mapToCurve: string;
    readonly hashToCurve: string;
  };
  /** The affine coordinates, or undefined when one is not a field element. */
  readCoordinates(bytes: Uint8Array): { x: T; y: T } | undefined;
  writeCoordinates(x: T, y: T): Uint8Array;
}

export type G1Point = WeierstrassPoint<bigint>;
export type G2Point = WeierstrassPoint<Fp2>;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export const G1: BlsGroup<bigint> = {
  tag: 'G1',
  size: 2 * FP_BYTES,
  Point: bls12_381.G1.Point,
  cost: {
    onCurve: 'Bls12381G1CheckPointOnCurve',
    inSubgroup: 'Bls12381G1CheckPointInSubgroup',
    add: 'Bls12381G1Add',
    mul: 'Bls12381G1Mul',
    msm: 'Bls12381G1Msm',
    toAffine: 'Bls12381G1ProjectiveToAffine',
    mapToCurve: 'Bls12381MapFpToG1',
    hashToCurve: 'Bls12381HashToG1',
  },
  readCoordinates(bytes) {
    const x = readFp(bytes, 0);
    const y = readFp(bytes, FP_BYTES);
    return x === undefined || y === undefined ? undefined : { x, y };
  },
  writeCoordinates: (x, y) => concat(writeFp(x), writeFp(y)),
};

export const G2: BlsGroup<Fp2> = {
  tag: 'G2',
  size: 2 * FP2_BYTES,
  Point: bls12_381.G2.Point,
  cost: {
    onCurve: 'Bls12381G2CheckPointOnCurve',
    inSubgroup: 'Bls12381G2CheckPointInSubgroup',
    add: 'Bls12381G2Add',
    mul: 'Bls12381G2Mul',
    msm: 'Bls12381G2Msm',
    toAffine: 'Bls12381G2ProjectiveToAffine',
    mapToCurve: 'Bls12381MapFp2ToG2',
    hashToCurve: 'Bls12381HashToG2',
  },
  readCoordinates(bytes) {
    const x = readFp2(bytes, 0);
    const y = readFp2(bytes, FP2_BYTES);
    return x === undefined || y === undefined ? undefined : { x, y };
  },
  writeCoordinates: (x, y) => concat(writeFp2(x), writeFp2(y)),
};
