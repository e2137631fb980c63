/**
 * Reading and writing BLS12-381 points as the host does (`crypto/bls12_381.rs` `affine_deserialize`,
 * `*_serialize_uncompressed`): uncompressed only, the three top bits of the first byte are flags
 * (compression, infinity, sort). Infinity is 0x40 followed by zeros; any other flag is refused.
 * Decoding charges `Bls12381DecodeFp` per Fp, then the on-curve check, then (when asked) the subgroup
 * check; encoding charges `Bls12381EncodeFp` per Fp.
 */
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';
import { invalidInput } from '../errors.js';
import { type CryptoMeter, chargeTimes } from '../meter.js';
import { itemAt, type Sequence } from '../sequence.js';
import { fpUnits } from './fields.js';
import type { BlsGroup } from './groups.js';

/** The points of a vector argument, in order. */
export type PointSource = Sequence<Uint8Array>;

const FLAG_BITS = 0b1110_0000;
const INFINITY_FLAG = 0b0100_0000;

/** `validate_point_encoding`: the length and the flag bits, before anything is charged. */
function validatePointEncoding<T>(group: BlsGroup<T>, bytes: Uint8Array): boolean {
  if (bytes.length !== group.size) {
    throw invalidInput(`bls12-381 ${group.tag}: invalid input length ${bytes.length}, want ${group.size}`);
  }
  const first = bytes[0] ?? 0;
  const flags = first & FLAG_BITS;
  if (flags === 0) return false;
  if (flags === INFINITY_FLAG && first === INFINITY_FLAG && bytes.every((b, i) => i === 0 || b === 0)) {
    return true;
  }
  throw invalidInput(
    flags === INFINITY_FLAG
      ? `bls12-381 ${group.tag}: infinity flag set while the remaining bits are not all zero`
      : `bls12-381 ${group.tag}: compression or sort flag set on an uncompressed point`,
  );
}

/** y^2 = x^3 + b (both curves have a = 0). */
function onCurve<T>(group: BlsGroup<T>, x: T, y: T): boolean {
  const F = group.Point.Fp;
  const { b } = group.Point.CURVE();
  return F.eql(F.sqr(y), F.add(F.mul(F.sqr(x), x), b));
}

/** `check_point_is_in_subgroup`: charged, never an error; infinity is in the subgroup. */
export function isInSubgroup<T>(group: BlsGroup<T>, point: WeierstrassPoint<T>, meter: CryptoMeter): boolean {
  meter.charge(group.cost.inSubgroup);
  return point.is0() || point.isTorsionFree();
}

/** `deserialize_uncompressed_no_validate`: the coordinates, or undefined for infinity. */
function readAffine<T>(
  group: BlsGroup<T>,
  bytes: Uint8Array,
  meter: CryptoMeter,
): { x: T; y: T } | undefined {
  const infinity = validatePointEncoding(group, bytes);
  chargeTimes(meter, 'Bls12381DecodeFp', fpUnits(group.size));
  if (infinity) return undefined;
  const xy = group.readCoordinates(bytes);
  if (!xy) throw invalidInput(`bls12-381: unable to deserialize ${group.tag}`);
  return xy;
}

/** `check_point_is_on_curve`: charged, never an error; infinity is on the curve. */
function chargedOnCurve<T>(group: BlsGroup<T>, xy: { x: T; y: T } | undefined, meter: CryptoMeter): boolean {
  meter.charge(group.cost.onCurve);
  // Checked on the coordinates: (0, 0) must fail here, not become infinity.
  return xy === undefined || onCurve(group, xy.x, xy.y);
}

/**
 * `affine_deserialize`: the point, checked on the curve and, with `subgroupCheck`, in the r-order
 * subgroup; every refusal is `(Crypto, InvalidInput)`.
 */
export function decodePoint<T>(
  group: BlsGroup<T>,
  bytes: Uint8Array,
  subgroupCheck: boolean,
  meter: CryptoMeter,
): WeierstrassPoint<T> {
  const xy = readAffine(group, bytes, meter);
  if (!chargedOnCurve(group, xy, meter)) throw invalidInput(`bls12-381 ${group.tag}: point not on curve`);
  const point = xy === undefined ? group.Point.ZERO : group.Point.fromAffine(xy);
  if (subgroupCheck && !isInSubgroup(group, point, meter)) {
    throw invalidInput(`bls12-381 ${group.tag}: point not in the correct subgroup`);
  }
  return point;
}

/**
 * `bls12_381_g{1,2}_is_on_curve` (protocol 26): read with `NoCheck`, then the curve check charged
 * and answered as a boolean.
 */
export function isOnCurve<T>(group: BlsGroup<T>, bytes: Uint8Array, meter: CryptoMeter): boolean {
  return chargedOnCurve(group, readAffine(group, bytes, meter), meter);
}

/**
 * `affine_vec_from_vecobj`: the vector's allocation (`MemAlloc`, size per point), then each point
 * decoded and subgroup-checked in order. `points.at(i)` may convert lazily (the host's own vectors).
 */
export function decodeCheckedPoints<T>(
  group: BlsGroup<T>,
  points: PointSource,
  meter: CryptoMeter,
): WeierstrassPoint<T>[] {
  meter.charge('MemAlloc', BigInt(points.length * group.size));
  const out: WeierstrassPoint<T>[] = [];
  for (let i = 0; i < points.length; i++) out.push(decodePoint(group, itemAt(points, i), true, meter));
  return out;
}

/** `*_affine_serialize_uncompressed`: charged `Bls12381EncodeFp` per Fp. */
export function encodeAffine<T>(
  group: BlsGroup<T>,
  point: WeierstrassPoint<T>,
  meter: CryptoMeter,
): Uint8Array {
  chargeTimes(meter, 'Bls12381EncodeFp', fpUnits(group.size));
  if (point.is0()) {
    const out = new Uint8Array(group.size);
    out[0] = INFINITY_FLAG;
    return out;
  }
  const { x, y } = point.toAffine();
  return group.writeCoordinates(x, y);
}

/** `*_projective_serialize_uncompressed`: the conversion to affine is charged first. */
export function encodeProjective<T>(
  group: BlsGroup<T>,
  point: WeierstrassPoint<T>,
  meter: CryptoMeter,
): Uint8Array {
  meter.charge(group.cost.toAffine);
  return encodeAffine(group, point, meter);
}
