/**
 * `bls12_381_g{1,2}_is_on_curve` (protocol 26; soroban-env-host v26.0.0 host.rs with
 * crypto/bls12_381.rs `affine_deserialize` in `NoCheck` mode): a bad encoding is an error, a point
 * off the curve is `false`, a point on it (in the subgroup or not) and infinity are `true`.
 */
import { describe, expect, it } from 'vitest';
import { bls12381G1IsOnCurve, bls12381G2IsOnCurve } from '../../src/crypto/index.js';
import {
  G1_GEN,
  G1_OFF_SUBGROUP,
  G2_GEN,
  G2_OFF_SUBGROUP,
  infinity,
  P_HEX,
  withFirstByte,
} from './bls-support.js';
import { hex, INVALID_INPUT, outcome, recordingMeter } from './support.js';

/** The point with its last byte changed: still well encoded, but off the curve. */
function offCurve(point: Uint8Array): Uint8Array {
  const out = Uint8Array.from(point);
  out[out.length - 1] = (out[out.length - 1] as number) ^ 1;
  return out;
}

const GROUPS = [
  { tag: 'G1', check: bls12381G1IsOnCurve, gen: G1_GEN, offSubgroup: G1_OFF_SUBGROUP, size: 96, fps: 2 },
  { tag: 'G2', check: bls12381G2IsOnCurve, gen: G2_GEN, offSubgroup: G2_OFF_SUBGROUP, size: 192, fps: 4 },
];

describe.each(GROUPS)('$tag', ({ tag, check, gen, offSubgroup, size, fps }) => {
  it.each([
    { name: 'the generator', point: gen, want: true },
    { name: 'a point outside the subgroup', point: offSubgroup, want: true },
    { name: 'infinity', point: infinity(size), want: true },
    { name: 'a point off the curve', point: offCurve(gen), want: false },
  ])('answers $want for $name', ({ point, want }) => {
    const meter = recordingMeter();
    expect(check(point, meter)).toBe(want);
    // Decoded without a check, then the check charged once: no subgroup check.
    const onCurve = `Bls12381${tag}CheckPointOnCurve`;
    expect(meter.charges).toEqual([...Array.from({ length: fps }, () => ['Bls12381DecodeFp']), [onCurve]]);
  });
  it.each([
    { name: 'a wrong length', point: () => gen.subarray(1) },
    { name: 'the compression flag', point: () => withFirstByte(gen, 0x80) },
    { name: 'a coordinate not below p', point: () => hex(P_HEX + P_HEX.repeat(size / 48 - 1)) },
  ])('refuses $name', ({ point }) => {
    expect(outcome(() => check(point(), recordingMeter()))).toBe(INVALID_INPUT);
  });
});
