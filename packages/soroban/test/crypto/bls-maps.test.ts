import { describe, expect, it } from 'vitest';
import {
  bls12381CheckG1IsInSubgroup,
  bls12381CheckG2IsInSubgroup,
  bls12381HashToG1,
  bls12381HashToG2,
  bls12381MapFp2ToG2,
  bls12381MapFpToG1,
} from '../../src/crypto/bls12-381/index.js';
import { fp2Hex, g1Point, g2Point, P_HEX } from './bls-support.js';
import { G1_DST, G1_VECTORS, G2_DST, G2_VECTORS } from './rfc9380-vectors.js';
import { hex, INVALID_INPUT, outcome, recordingMeter, toHex } from './support.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('bls12_381_map_fp_to_g1 (RFC 9380 map_to_curve, no cofactor clearing)', () => {
  const cases = G1_VECTORS.flatMap((v) => [
    { msg: v.msg, u: v.u[0], want: g1Point(v.Q0) },
    { msg: v.msg, u: v.u[1], want: g1Point(v.Q1) },
  ]);
  it.each(cases)('maps u of msg "$msg" to Q', ({ u, want }) => {
    const meter = recordingMeter();
    expect(toHex(bls12381MapFpToG1(hex(u), meter))).toBe(toHex(want));
    expect(meter.charges).toEqual([
      ['MemCpy', 48n],
      ['Bls12381DecodeFp'],
      ['Bls12381MapFpToG1'],
      ['Bls12381EncodeFp'],
      ['Bls12381EncodeFp'],
    ]);
  });

  it('leaves the result outside the subgroup', () => {
    const q0 = bls12381MapFpToG1(hex(G1_VECTORS[0]?.u[0] ?? ''), recordingMeter());
    expect(bls12381CheckG1IsInSubgroup(q0, recordingMeter())).toBe(false);
  });

  const bad = [
    { name: '47 bytes', given: new Uint8Array(47) },
    { name: '49 bytes', given: new Uint8Array(49) },
    { name: 'p itself', given: hex(P_HEX) },
  ];
  it.each(bad)('refuses $name', ({ given }) => {
    expect(outcome(() => bls12381MapFpToG1(given, recordingMeter()))).toBe(INVALID_INPUT);
  });
});

describe('bls12_381_map_fp2_to_g2', () => {
  const cases = G2_VECTORS.flatMap((v) => [
    { msg: v.msg, u: fp2Hex(v.u[0]), want: g2Point(v.Q0) },
    { msg: v.msg, u: fp2Hex(v.u[1]), want: g2Point(v.Q1) },
  ]);
  it.each(cases)('maps u of msg "$msg" to Q', ({ u, want }) => {
    expect(toHex(bls12381MapFp2ToG2(hex(u), recordingMeter()))).toBe(toHex(want));
  });

  const bad = [
    { name: '95 bytes', given: new Uint8Array(95) },
    { name: '97 bytes', given: new Uint8Array(97) },
    { name: '48 bytes', given: hex(P_HEX) },
    { name: 'c1 = p', given: hex(P_HEX + '00'.repeat(48)) },
    { name: 'c0 = p', given: hex('00'.repeat(48) + P_HEX) },
  ];
  it.each(bad)('refuses $name', ({ given }) => {
    expect(outcome(() => bls12381MapFp2ToG2(given, recordingMeter()))).toBe(INVALID_INPUT);
  });
});

describe.each([
  { tag: 'G1', dst: G1_DST, vectors: G1_VECTORS, hash: bls12381HashToG1, point: g1Point },
  { tag: 'G2', dst: G2_DST, vectors: G2_VECTORS, hash: bls12381HashToG2, point: g2Point },
])('bls12_381_hash_to_$tag', ({ tag, dst, vectors, hash, point }) => {
  it.each(vectors)('hashes "$msg" to the RFC 9380 point', ({ msg, P }) => {
    expect(toHex(hash(text(msg), text(dst), recordingMeter()))).toBe(toHex(point(P)));
  });

  it('returns a point in the subgroup', () => {
    const out = hash(text('abc'), text(dst), recordingMeter());
    const check = tag === 'G1' ? bls12381CheckG1IsInSubgroup : bls12381CheckG2IsInSubgroup;
    expect(check(out, recordingMeter())).toBe(true);
  });

  const dsts = [
    { name: 'an empty tag', given: new Uint8Array(0), want: INVALID_INPUT },
    { name: 'a 256-byte tag', given: new Uint8Array(256), want: INVALID_INPUT },
    { name: 'a 255-byte tag', given: new Uint8Array(255), want: 'Ok' },
  ];
  it.each(dsts)('$name: $want, charged by message length first', ({ given, want }) => {
    const meter = recordingMeter();
    expect(outcome(() => hash(text('some message'), given, meter))).toBe(want);
    expect(meter.charges[0]).toEqual([`Bls12381HashTo${tag}`, 12n]);
  });
});
