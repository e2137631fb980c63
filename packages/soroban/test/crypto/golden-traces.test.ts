/**
 * The Rust host's own crypto tests, replayed where their inputs are literal (or are fixed by their
 * kind: a wrong length, a flag, a value off the curve): each host call's outcome must match the one
 * its golden trace (observations-23) records, in order. Budget exhaustion is the budget's business and
 * is left out.
 */
import { describe, expect, it } from 'vitest';
import {
  bls12381CheckG1IsInSubgroup,
  bls12381CheckG2IsInSubgroup,
  bls12381G1Add,
  bls12381G1Msm,
  bls12381G1Mul,
  bls12381G2Add,
  bls12381G2Msm,
  bls12381G2Mul,
  bls12381HashToG1,
  bls12381HashToG2,
  bls12381MapFp2ToG2,
  bls12381MapFpToG1,
  bls12381MultiPairingCheck,
} from '../../src/crypto/bls12-381/index.js';
import { verifySigEd25519 } from '../../src/crypto/ed25519.js';
import { recoverKeyEcdsaSecp256k1 } from '../../src/crypto/secp256k1.js';
import { verifySigEcdsaSecp256r1 } from '../../src/crypto/secp256r1.js';
import { readSoroban, sorobanData } from '../support/shared.js';
import { fp2Hex, G1_GEN, G2_GEN, infinity, P_HEX, withFirstByte } from './bls-support.js';
import { ED25519_CASES, R1_CASES, RECOVER_CASES } from './crypto-rs-vectors.js';
import { G1_DST, G1_VECTORS, G2_DST, G2_VECTORS } from './rfc9380-vectors.js';
import { hex, recordingMeter } from './support.js';

/** The outcomes of every call to `fn` in a trace, values reduced to `Ok` except booleans. */
function traceOutcomes(test: string, fn: string): string[] {
  const trace = JSON.parse(readSoroban(`observations-23/${test}.json`).toString('utf8')) as Record<
    string,
    string
  >;
  const marker = ` ret ${fn} -> `;
  return Object.keys(trace)
    .filter((line) => line.includes(marker))
    .map((line) => line.slice(line.indexOf(marker) + marker.length))
    .filter((result) => !result.startsWith('Err(Error(Budget'))
    .map((result) =>
      result === 'Ok(True)' || result === 'Ok(False)' || result.startsWith('Err') ? result : 'Ok',
    );
}

function ours(run: () => unknown): string {
  try {
    const value = run();
    return typeof value === 'boolean' ? (value ? 'Ok(True)' : 'Ok(False)') : 'Ok';
  } catch (error) {
    return `Err(${(error as { short?: string }).short ?? String(error)})`;
  }
}

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (m: string | Uint8Array) => (typeof m === 'string' ? hex(m) : m);
/** A field element with value u (an Fp, or an Fp2 with c0 = u). */
const fpOf = (u: number, size: number) => {
  const out = new Uint8Array(size);
  out[size - 1] = u;
  return out;
};
const mapG1 = (u: number) => bls12381MapFpToG1(fpOf(u, 48), recordingMeter());
const mapG2 = (u: number) => bls12381MapFp2ToG2(fpOf(u, 96), recordingMeter());
const mulG1 = (k: bigint) => bls12381G1Mul(G1_GEN, k, recordingMeter());
const mulG2 = (k: bigint) => bls12381G2Mul(G2_GEN, k, recordingMeter());

describe.skipIf(!sorobanData)("golden traces of the host's crypto tests", () => {
  it('ed25519_verify_test', () => {
    const got = ED25519_CASES.map((c) =>
      ours(() => verifySigEd25519(hex(c.publicKey), bytes(c.message), hex(c.signature), recordingMeter())),
    );
    expect(got).toEqual(traceOutcomes('test__crypto__ed25519_verify_test', 'verify_sig_ed25519'));
  });

  it('recover_ecdsa_secp256k1_key_test', () => {
    const got = RECOVER_CASES.map((c) =>
      ours(() => recoverKeyEcdsaSecp256k1(hex(c.digest), hex(c.signature), c.recoveryId, recordingMeter())),
    );
    expect(got).toEqual(
      traceOutcomes('test__crypto__recover_ecdsa_secp256k1_key_test', 'recover_key_ecdsa_secp256k1'),
    );
  });

  it('test_secp256r1_signature_verification', () => {
    const got = R1_CASES.map((c) =>
      ours(() =>
        verifySigEcdsaSecp256r1(hex(c.publicKey), hex(c.digest), hex(c.signature), recordingMeter()),
      ),
    );
    expect(got).toEqual(
      traceOutcomes('test__crypto__test_secp256r1_signature_verification', 'verify_sig_ecdsa_secp256r1'),
    );
  });

  // Both tests: an empty tag, a 256-byte tag, then the RFC 9380 messages in order.
  it.each([
    { tag: 'g1', hash: bls12381HashToG1, dst: G1_DST, vectors: G1_VECTORS },
    { tag: 'g2', hash: bls12381HashToG2, dst: G2_DST, vectors: G2_VECTORS },
  ])('hash_to ($tag)', ({ tag, hash, dst, vectors }) => {
    const calls = [
      () => hash(text('some message'), new Uint8Array(0), recordingMeter()),
      () => hash(text('some message'), new Uint8Array(256), recordingMeter()),
      ...vectors.map((v) => () => hash(text(v.msg), text(dst), recordingMeter())),
    ];
    const want = traceOutcomes(`test__bls12_381__hash_to_${tag}`, `bls12_381_hash_to_${tag}`);
    expect(calls.map(ours)).toEqual(want.slice(0, calls.length));
  });

  // Both tests: too short, too long, the 48-byte modulus, then u0 and u1 of each RFC 9380 message.
  it.each([
    { test: 'map_fp_to_g1', map: bls12381MapFpToG1, size: 48, us: G1_VECTORS.flatMap((v) => v.u) },
    {
      test: 'map_fp2_to_g2',
      map: bls12381MapFp2ToG2,
      size: 96,
      us: G2_VECTORS.flatMap((v) => v.u.map(fp2Hex)),
    },
  ])('$test', ({ test, map, size, us }) => {
    const calls = [
      () => map(new Uint8Array(size - 1), recordingMeter()),
      () => map(new Uint8Array(size + 1), recordingMeter()),
      () => map(hex(P_HEX), recordingMeter()),
      ...us.map((u) => () => map(hex(u), recordingMeter())),
    ];
    const want = traceOutcomes(`test__bls12_381__${test}`, `bls12_381_${test}`);
    expect(calls.map(ours)).toEqual(want.slice(0, calls.length));
  });

  // Seven malformed points (the "out of range" one is 98 bytes long), ten points of the subgroup,
  // infinity, then ten points on the curve outside it (map_to_curve images of u = 1..10).
  it.each([
    { tag: 'g1', check: bls12381CheckG1IsInSubgroup, gen: G1_GEN, map: mapG1 },
    { tag: 'g2', check: bls12381CheckG2IsInSubgroup, gen: G2_GEN, map: mapG2 },
  ])('check_is_in_subgroup ($tag)', ({ tag, check, gen, map }) => {
    const notOnCurve = gen.slice();
    notOnCurve[gen.length - 1] = (notOnCurve[gen.length - 1] ?? 0) ^ 1;
    const malformed = [
      new Uint8Array([...gen, 0]),
      gen.slice(0, -1),
      withFirstByte(gen, 0x80),
      withFirstByte(gen, 0x40),
      withFirstByte(gen, 0x20),
      notOnCurve,
      new Uint8Array(gen.length + 2),
    ];
    const multiples = Array.from({ length: 10 }, (_, i) =>
      tag === 'g1' ? mulG1(BigInt(i + 1)) : mulG2(BigInt(i + 1)),
    );
    const outside = Array.from({ length: 10 }, (_, i) => map(i + 1));
    const points = [...malformed, ...multiples, infinity(gen.length), ...outside];
    const got = points.map((p) => ours(() => check(p, recordingMeter())));
    expect(got).toEqual(
      traceOutcomes(`test__bls12_381__check_${tag}_is_in_subgroup`, `bls12_381_check_${tag}_is_in_subgroup`),
    );
  });

  // Four refusals: unequal lengths, empty vectors, unequal lengths again (one G1 point outside
  // the subgroup), then a G2 point off the curve.
  it('pairing', () => {
    const g2NotOnCurve = G2_GEN.slice();
    g2NotOnCurve[191] = (g2NotOnCurve[191] ?? 0) ^ 1;
    const calls = [
      () => bls12381MultiPairingCheck([G1_GEN, G1_GEN, G1_GEN], [G2_GEN, G2_GEN], recordingMeter()),
      () => bls12381MultiPairingCheck([], [], recordingMeter()),
      () => bls12381MultiPairingCheck([G1_GEN, mapG1(1), G1_GEN], [G2_GEN, G2_GEN], recordingMeter()),
      () =>
        bls12381MultiPairingCheck([G1_GEN, G1_GEN, G1_GEN], [G2_GEN, g2NotOnCurve, G2_GEN], recordingMeter()),
    ];
    const want = traceOutcomes('test__bls12_381__pairing', 'bls12_381_multi_pairing_check');
    expect(calls.map(ours)).toEqual(want.slice(0, calls.length));
  });

  // Six malformed first operands, then one outside the subgroup (accepted); the same for the second.
  it.each([
    { tag: 'g1', add: bls12381G1Add, gen: G1_GEN, offSubgroup: mapG1(2) },
    { tag: 'g2', add: bls12381G2Add, gen: G2_GEN, offSubgroup: mapG2(2) },
  ])('add ($tag)', ({ tag, add, gen, offSubgroup }) => {
    const notOnCurve = gen.slice();
    notOnCurve[gen.length - 1] = (notOnCurve[gen.length - 1] ?? 0) ^ 1;
    const operands = [
      new Uint8Array([...gen, 0]),
      gen.slice(0, -1),
      withFirstByte(gen, 0x80),
      withFirstByte(gen, 0x40),
      withFirstByte(gen, 0x20),
      notOnCurve,
      offSubgroup,
    ];
    const calls = [
      ...operands.map((bad) => () => add(bad, gen, recordingMeter())),
      ...operands.map((bad) => () => add(gen, bad, recordingMeter())),
    ];
    const want = traceOutcomes(`test__bls12_381__${tag}_add`, `bls12_381_${tag}_add`);
    expect(calls.map(ours)).toEqual(want.slice(0, calls.length));
  });

  // Empty vectors, 2 points with 3 scalars, then a point outside the subgroup.
  it.each([
    { tag: 'g1', msm: bls12381G1Msm, gen: G1_GEN, offSubgroup: mapG1(3) },
    { tag: 'g2', msm: bls12381G2Msm, gen: G2_GEN, offSubgroup: mapG2(3) },
  ])('msm ($tag)', ({ tag, msm, gen, offSubgroup }) => {
    const calls = [
      () => msm([], [], recordingMeter()),
      () => msm([gen, gen], [1n, 2n, 3n], recordingMeter()),
      () => msm([gen, offSubgroup, gen], [1n, 2n, 3n], recordingMeter()),
      () => msm([infinity(gen.length), infinity(gen.length)], [5n, 6n], recordingMeter()),
    ];
    const want = traceOutcomes(`test__bls12_381__${tag}_msm`, `bls12_381_${tag}_msm`);
    expect(calls.map(ours)).toEqual(want.slice(0, calls.length));
  });
});
