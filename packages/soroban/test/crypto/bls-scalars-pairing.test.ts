import { describe, expect, it } from 'vitest';
import {
  bls12381FrAdd,
  bls12381FrInv,
  bls12381FrMul,
  bls12381FrPow,
  bls12381FrSub,
  bls12381G1Mul,
  bls12381G2Mul,
  bls12381MultiPairingCheck,
} from '../../src/crypto/bls12-381/index.js';
import { G1_GEN, G2_GEN, G2_OFF_SUBGROUP, infinity, negate, R } from './bls-support.js';
import { INVALID_INPUT, outcome, recordingMeter } from './support.js';

const U256_MAX = (1n << 256n) - 1n;

describe('bls12_381_fr_*', () => {
  const cases = [
    { name: 'add wraps', run: bls12381FrAdd, args: [R - 1n, 2n], want: 1n },
    { name: 'sub wraps', run: bls12381FrSub, args: [0n, 1n], want: R - 1n },
    { name: 'inputs are taken mod r', run: bls12381FrMul, args: [R + 3n, 2n], want: 6n },
    { name: 'U256::MAX is taken mod r', run: bls12381FrAdd, args: [U256_MAX, 0n], want: U256_MAX % R },
    { name: '2^10', run: bls12381FrPow, args: [2n, 10n], want: 1024n },
    { name: 'x^0 = 1', run: bls12381FrPow, args: [5n, 0n], want: 1n },
    { name: '0^0 = 1', run: bls12381FrPow, args: [0n, 0n], want: 1n },
  ] as const;
  it.each(cases)('$name', ({ run, args, want }) => {
    expect(run(args[0], args[1], recordingMeter())).toBe(want);
  });

  it('inverts', () => {
    expect(bls12381FrInv(2n, recordingMeter())).toBe((R + 1n) / 2n);
    expect(bls12381FrMul(bls12381FrInv(12345n, recordingMeter()), 12345n, recordingMeter())).toBe(1n);
  });

  it.each([0n, R])('refuses to invert %s (zero mod r) before charging the inversion', (given) => {
    const meter = recordingMeter();
    expect(outcome(() => bls12381FrInv(given, meter))).toBe(INVALID_INPUT);
    expect(meter.charges).toEqual([['Bls12381FrFromU256']]);
  });

  it('charges the conversions, the operation, and pow by the exponent bit length', () => {
    const add = recordingMeter();
    bls12381FrAdd(1n, 2n, add);
    expect(add.charges).toEqual([
      ['Bls12381FrFromU256'],
      ['Bls12381FrFromU256'],
      ['Bls12381FrAddSub'],
      ['Bls12381FrToU256'],
    ]);
    const pow = recordingMeter();
    bls12381FrPow(3n, 10n, pow);
    expect(pow.charges).toEqual([['Bls12381FrFromU256'], ['Bls12381FrPow', 4n], ['Bls12381FrToU256']]);
    const zero = recordingMeter();
    bls12381FrPow(3n, 0n, zero);
    expect(zero.charges[1]).toEqual(['Bls12381FrPow', 0n]);
  });
});

describe('bls12_381_multi_pairing_check', () => {
  const g1Two = bls12381G1Mul(G1_GEN, 2n, recordingMeter());
  const g2Two = bls12381G2Mul(G2_GEN, 2n, recordingMeter());
  const cases = [
    { name: 'e(G1, G2) alone', g1s: [G1_GEN], g2s: [G2_GEN], want: false },
    { name: 'e(G1, G2) e(-G1, G2)', g1s: [G1_GEN, negate(G1_GEN)], g2s: [G2_GEN, G2_GEN], want: true },
    { name: 'e(2 G1, G2) e(-G1, 2 G2)', g1s: [g1Two, negate(G1_GEN)], g2s: [G2_GEN, g2Two], want: true },
    { name: 'e(2 G1, G2) e(-G1, G2)', g1s: [g1Two, negate(G1_GEN)], g2s: [G2_GEN, G2_GEN], want: false },
    { name: 'e(O, G2) (infinity contributes one)', g1s: [infinity(96)], g2s: [G2_GEN], want: true },
    { name: 'e(G1, O)', g1s: [G1_GEN], g2s: [infinity(192)], want: true },
  ];
  it.each(cases)('$name is $want', ({ g1s, g2s, want }) => {
    expect(bls12381MultiPairingCheck(g1s, g2s, recordingMeter())).toBe(want);
  });

  it('charges the vectors, the points, the pairing by length, then the comparison', () => {
    const meter = recordingMeter();
    bls12381MultiPairingCheck([G1_GEN], [G2_GEN], meter);
    expect(meter.charges[0]).toEqual(['MemAlloc', 96n]);
    expect(meter.charges).toContainEqual(['MemAlloc', 192n]);
    expect(meter.charges.slice(-2)).toEqual([
      ['Bls12381Pairing', 1n],
      ['MemCmp', 576n],
    ]);
  });

  const bad = [
    { name: 'unequal lengths', g1s: [G1_GEN, G1_GEN, G1_GEN], g2s: [G2_GEN, G2_GEN], charged: false },
    { name: 'empty vectors', g1s: [], g2s: [], charged: false },
    { name: 'a G2 point outside the subgroup', g1s: [G1_GEN], g2s: [G2_OFF_SUBGROUP], charged: true },
  ];
  it.each(bad)('refuses $name', ({ g1s, g2s, charged }) => {
    const meter = recordingMeter();
    expect(outcome(() => bls12381MultiPairingCheck(g1s, g2s, meter))).toBe(INVALID_INPUT);
    expect(meter.charges.length > 0).toBe(charged);
  });
});
