/**
 * Reading and writing BN254 points as the host does (`crypto/bn254.rs`, `bn254_g1_affine_deserialize`,
 * `bn254_g2_affine_deserialize`, `bn254_g1_affine_serialize_uncompressed`): x || y uncompressed, no
 * flags (the two top bits of the first byte must be clear), and the point at infinity is all zeros,
 * read without any charge. G1 points are checked on the curve (that is the whole subgroup); G2
 * points on the curve and in the subgroup. Every refusal is `(Crypto, InvalidInput)`.
 */
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import type { WeierstrassPoint, WeierstrassPointCons } from '@noble/curves/abstract/weierstrass.js';
import { bn254 } from '@noble/curves/bn254.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import { itemAt, type Sequence } from '../sequence.js';
import { type CoordinateCodec, decodeElement, encodeElement, FP_CODEC, FP2_CODEC } from './fields.js';

export type G1Point = WeierstrassPoint<bigint>;
export type G2Point = WeierstrassPoint<Fp2>;

/** Before protocol 26 the host copied a point's coordinates without charging for it (v25.0.0). */
export const COORDINATE_COPY_CHARGED_FROM = 26;

interface Bn254Group<T> {
  readonly tag: 'G1' | 'G2';
  readonly codec: CoordinateCodec<T>;
  readonly Point: WeierstrassPointCons<T>;
  readonly onCurveCost: string;
}

const G1: Bn254Group<bigint> = {
  tag: 'G1',
  codec: FP_CODEC,
  Point: bn254.G1.Point,
  onCurveCost: 'Bn254G1CheckPointOnCurve',
};
const G2: Bn254Group<Fp2> = {
  tag: 'G2',
  codec: FP2_CODEC,
  Point: bn254.G2.Point,
  onCurveCost: 'Bn254G2CheckPointOnCurve',
};

export const G1_BYTES = 2 * FP_CODEC.size;
export const G2_BYTES = 2 * FP2_CODEC.size;

/** `bn254_validate_flags_and_check_infinity`: the length, the flag bits, then whether all bytes are zero. */
function isInfinity<T>(group: Bn254Group<T>, bytes: Uint8Array): boolean {
  const size = 2 * group.codec.size;
  if (bytes.length !== size) {
    throw invalidInput(`bn254 ${group.tag}: invalid input length ${bytes.length}, want ${size}`);
  }
  if (((bytes[0] ?? 0) & 0b1100_0000) !== 0) {
    throw invalidInput(`bn254 ${group.tag} deserialize: the two flag bits must be unset`);
  }
  return bytes.every((b) => b === 0);
}

/** y^2 = x^3 + b (a = 0 on both groups). */
function onCurve<T>(group: Bn254Group<T>, x: T, y: T): boolean {
  const F = group.Point.Fp;
  const { b } = group.Point.CURVE();
  return F.eql(F.sqr(y), F.add(F.mul(F.sqr(x), x), b));
}

/** A point's coordinates, or undefined for infinity; each coordinate copied and decoded in turn. */
function readAffine<T>(
  group: Bn254Group<T>,
  bytes: Uint8Array,
  protocol: number,
  meter: CryptoMeter,
): { x: T; y: T } | undefined {
  if (isInfinity(group, bytes)) return undefined;
  const { size } = group.codec;
  if (protocol >= COORDINATE_COPY_CHARGED_FROM) {
    meter.charge('MemCpy', BigInt(size));
    meter.charge('MemCpy', BigInt(size));
  }
  const x = decodeElement(group.codec, bytes, 0, meter);
  const y = decodeElement(group.codec, bytes, size, meter);
  return { x, y };
}

/** The curve check as its own charge (`bn254_check_point_is_on_curve`); infinity is on the curve. */
function chargedOnCurve<T>(
  group: Bn254Group<T>,
  xy: { x: T; y: T } | undefined,
  meter: CryptoMeter,
): boolean {
  meter.charge(group.onCurveCost);
  return xy === undefined || onCurve(group, xy.x, xy.y);
}

const toPoint = <T>(group: Bn254Group<T>, xy: { x: T; y: T } | undefined): WeierstrassPoint<T> =>
  xy === undefined ? group.Point.ZERO : group.Point.fromAffine(xy);

/** `bn254_g1_affine_deserialize` with `CheckOnCurve`. */
export function decodeG1(bytes: Uint8Array, protocol: number, meter: CryptoMeter): G1Point {
  const xy = readAffine(G1, bytes, protocol, meter);
  if (xy !== undefined && !chargedOnCurve(G1, xy, meter)) throw invalidInput('bn254 G1: point not on curve');
  return toPoint(G1, xy);
}

/** `bn254_g1_is_on_curve`: read without the check, then the check charged and answered. */
export function bn254G1IsOnCurve(bytes: Uint8Array, protocol: number, meter: CryptoMeter): boolean {
  return chargedOnCurve(G1, readAffine(G1, bytes, protocol, meter), meter);
}

/** `bn254_g2_affine_deserialize`: on the curve, then in the r-order subgroup. */
export function decodeG2(bytes: Uint8Array, protocol: number, meter: CryptoMeter): G2Point {
  const xy = readAffine(G2, bytes, protocol, meter);
  if (xy === undefined) return G2.Point.ZERO;
  if (!chargedOnCurve(G2, xy, meter)) throw invalidInput('bn254 G2: point not on curve');
  const point = toPoint(G2, xy);
  meter.charge('Bn254G2CheckPointInSubgroup');
  if (!point.isTorsionFree()) throw invalidInput('bn254 G2: point not in the correct subgroup');
  return point;
}

/** `bn254_checked_g{1,2}_vec_from_vecobj`: the allocation, then each point decoded in order. */
function decodeVec<P>(
  points: Sequence<Uint8Array>,
  size: number,
  decode: (bytes: Uint8Array) => P,
  meter: CryptoMeter,
): P[] {
  meter.charge('MemAlloc', BigInt(points.length * size));
  const out: P[] = [];
  for (let i = 0; i < points.length; i++) out.push(decode(itemAt(points, i)));
  return out;
}

export const decodeG1Vec = (points: Sequence<Uint8Array>, protocol: number, meter: CryptoMeter): G1Point[] =>
  decodeVec(points, G1_BYTES, (bytes) => decodeG1(bytes, protocol, meter), meter);
export const decodeG2Vec = (points: Sequence<Uint8Array>, protocol: number, meter: CryptoMeter): G2Point[] =>
  decodeVec(points, G2_BYTES, (bytes) => decodeG2(bytes, protocol, meter), meter);

/**
 * `bn254_g1_projective_serialize_uncompressed`: the conversion to affine charged, then x and y
 * encoded; infinity is written as all zeros.
 */
export function encodeG1Projective(point: G1Point, meter: CryptoMeter): Uint8Array {
  meter.charge('Bn254G1ProjectiveToAffine');
  const { x, y } = point.is0() ? { x: 0n, y: 0n } : point.toAffine();
  const out = new Uint8Array(G1_BYTES);
  out.set(encodeElement(FP_CODEC, x, meter), 0);
  out.set(encodeElement(FP_CODEC, y, meter), FP_CODEC.size);
  return out;
}
