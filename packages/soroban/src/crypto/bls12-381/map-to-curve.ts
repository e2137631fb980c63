/**
 * `bls12_381_map_fp_to_g1`, `bls12_381_map_fp2_to_g2` and `bls12_381_hash_to_g{1,2}`
 * (`crypto/bls12_381.rs` `map_to_curve`, `hash_to_curve`). The maps are RFC 9380's map_to_curve:
 * simplified SWU onto E', then the isogeny onto E, without clearing the cofactor (so the result is on
 * the curve but generally outside the subgroup). Hashing is the full RFC 9380 hash_to_curve
 * (XMD:SHA-256, SSWU, random oracle) with the caller's domain separation tag.
 */
import { isogenyMap, mapToCurveSimpleSWU } from '@noble/curves/abstract/hash-to-curve.js';
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import { decodeFp2Input, decodeFpInput, Fp, Fp2Field } from './fields.js';
import { type BlsGroup, G1, G2 } from './groups.js';
import { G1_ISOGENY, G1_SWU, G2_ISOGENY, G2_SWU } from './isogeny-constants.js';
import { encodeAffine } from './point-codec.js';

/** The host refuses an empty tag and one over 255 bytes (RFC 9380 section 5.3.3's limit). */
const MAX_DST_BYTES = 255;

const fp = (hex: string): bigint => Fp.create(BigInt(`0x${hex}`));
const fp2 = ([c0, c1]: readonly [string | bigint, string | bigint]): Fp2 =>
  Fp2Field.create({
    c0: Fp.create(typeof c0 === 'bigint' ? c0 : BigInt(`0x${c0}`)),
    c1: Fp.create(typeof c1 === 'bigint' ? c1 : BigInt(`0x${c1}`)),
  });

interface IsogenyTable<C> {
  readonly xNumerator: readonly C[];
  readonly xDenominator: readonly C[];
  readonly yNumerator: readonly C[];
  readonly yDenominator: readonly C[];
}

function isogenyRows<C, T>(table: IsogenyTable<C>, parse: (c: C) => T): [T[], T[], T[], T[]] {
  return [table.xNumerator, table.xDenominator, table.yNumerator, table.yDenominator].map((row) =>
    row.map(parse),
  ) as [T[], T[], T[], T[]];
}

type RawMap<F> = (u: F) => { x: F; y: F };

function lazyMap<F>(build: () => RawMap<F>): RawMap<F> {
  let map: RawMap<F> | undefined;
  return (u) => {
    map ??= build();
    return map(u);
  };
}

const mapToE1 = lazyMap<bigint>(() => {
  const swu = mapToCurveSimpleSWU(Fp, { A: fp(G1_SWU.a), B: fp(G1_SWU.b), Z: Fp.create(G1_SWU.z) });
  const iso = isogenyMap(Fp, isogenyRows(G1_ISOGENY, fp));
  return (u) => {
    const { x, y } = swu(u);
    return iso(x, y);
  };
});

const mapToE2 = lazyMap<Fp2>(() => {
  const swu = mapToCurveSimpleSWU(Fp2Field, { A: fp2(G2_SWU.a), B: fp2(G2_SWU.b), Z: fp2(G2_SWU.z) });
  const iso = isogenyMap(Fp2Field, isogenyRows(G2_ISOGENY, fp2));
  return (u) => {
    const { x, y } = swu(u);
    return iso(x, y);
  };
});

function mapped<T>(group: BlsGroup<T>, map: RawMap<T>, u: T, meter: CryptoMeter): Uint8Array {
  meter.charge(group.cost.mapToCurve);
  const point = group.Point.fromAffine(map(u));
  return encodeAffine(group, point, meter);
}

/** `bls12_381_map_fp_to_g1`: 48 bytes, below p. */
export function bls12381MapFpToG1(fp: Uint8Array, meter: CryptoMeter): Uint8Array {
  return mapped(G1, mapToE1, decodeFpInput(fp, meter), meter);
}

/** `bls12_381_map_fp2_to_g2`: 96 bytes c1 || c0, each below p. */
export function bls12381MapFp2ToG2(fp2: Uint8Array, meter: CryptoMeter): Uint8Array {
  return mapped(G2, mapToE2, decodeFp2Input(fp2, meter), meter);
}

type Hasher<T> = { hashToCurve(msg: Uint8Array, options: { DST: Uint8Array }): WeierstrassPoint<T> };

/** Charged by message length before the tag's length is checked, as the host does. */
function hashed<T>(
  group: BlsGroup<T>,
  hasher: Hasher<T>,
  msg: Uint8Array,
  dst: Uint8Array,
  meter: CryptoMeter,
) {
  meter.charge(group.cost.hashToCurve, BigInt(msg.length));
  if (dst.length === 0 || dst.length > MAX_DST_BYTES) {
    throw invalidInput(`hash_to_curve: invalid input dst length ${dst.length}, must be > 0 and < 256`);
  }
  return encodeAffine(group, hasher.hashToCurve(msg, { DST: dst }), meter);
}

/** `bls12_381_hash_to_g1(msg, dst)`. */
export function bls12381HashToG1(msg: Uint8Array, dst: Uint8Array, meter: CryptoMeter): Uint8Array {
  return hashed(G1, bls12_381.G1, msg, dst, meter);
}

/** `bls12_381_hash_to_g2(msg, dst)`. */
export function bls12381HashToG2(msg: Uint8Array, dst: Uint8Array, meter: CryptoMeter): Uint8Array {
  return hashed(G2, bls12_381.G2, msg, dst, meter);
}
