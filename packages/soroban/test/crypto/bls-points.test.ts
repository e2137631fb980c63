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
} from '../../src/crypto/bls12-381/index.js';
import {
  G1_GEN,
  G1_OFF_SUBGROUP,
  G2_GEN,
  G2_OFF_SUBGROUP,
  infinity,
  negate,
  P_HEX,
  R,
  withFirstByte,
} from './bls-support.js';
import { hex, INVALID_INPUT, outcome, recordingMeter, toHex } from './support.js';

const groups = [
  {
    tag: 'G1',
    gen: G1_GEN,
    offSubgroup: G1_OFF_SUBGROUP,
    check: bls12381CheckG1IsInSubgroup,
    add: bls12381G1Add,
    mul: bls12381G1Mul,
    msm: bls12381G1Msm,
  },
  {
    tag: 'G2',
    gen: G2_GEN,
    offSubgroup: G2_OFF_SUBGROUP,
    check: bls12381CheckG2IsInSubgroup,
    add: bls12381G2Add,
    mul: bls12381G2Mul,
    msm: bls12381G2Msm,
  },
];

describe.each(groups)('$tag encoding', ({ tag, gen, offSubgroup, check }) => {
  const size = gen.length;
  const zeroTail = (first: number, tailByte = 0) => {
    const out = new Uint8Array(size);
    out[0] = first;
    out[size - 1] = tailByte;
    return out;
  };
  const notOnCurve = gen.slice();
  notOnCurve[size - 1] = (notOnCurve[size - 1] ?? 0) ^ 1;
  const xIsP = gen.slice();
  xIsP.set(hex(P_HEX), 0);
  const yIsP = gen.slice();
  yIsP.set(hex(P_HEX), size / 2);
  const cases = [
    { name: 'the generator', given: gen, want: 'Ok', inSubgroup: true },
    { name: 'infinity (0x40 then zeros)', given: infinity(size), want: 'Ok', inSubgroup: true },
    { name: 'a point outside the subgroup', given: offSubgroup, want: 'Ok', inSubgroup: false },
    { name: 'one byte more', given: new Uint8Array([...gen, 0]), want: INVALID_INPUT },
    { name: 'one byte less', given: gen.slice(0, -1), want: INVALID_INPUT },
    { name: 'the compression flag', given: withFirstByte(gen, 0x80), want: INVALID_INPUT },
    { name: 'the infinity flag on a point', given: withFirstByte(gen, 0x40), want: INVALID_INPUT },
    { name: 'the sort flag', given: withFirstByte(gen, 0x20), want: INVALID_INPUT },
    { name: 'compressed infinity', given: zeroTail(0xc0), want: INVALID_INPUT },
    { name: 'infinity with a trailing bit', given: zeroTail(0x40, 1), want: INVALID_INPUT },
    { name: 'all zeros (not infinity)', given: new Uint8Array(size), want: INVALID_INPUT },
    { name: 'a point off the curve', given: notOnCurve, want: INVALID_INPUT },
    { name: 'a leading coordinate equal to p', given: xIsP, want: INVALID_INPUT },
    { name: 'y (or its c1) equal to p', given: yIsP, want: INVALID_INPUT },
  ];
  it.each(cases)('check_is_in_subgroup($name): $want', ({ given, want, inSubgroup }) => {
    let answer: boolean | undefined;
    expect(outcome(() => (answer = check(given, recordingMeter())))).toBe(want);
    expect(answer).toBe(inSubgroup);
  });

  it(`charges the decode per Fp, the curve check, then the subgroup check (${tag})`, () => {
    const meter = recordingMeter();
    check(gen, meter);
    const units = size / 48;
    expect(meter.charges).toEqual([
      ...Array.from({ length: units }, () => ['Bls12381DecodeFp']),
      [`Bls12381${tag}CheckPointOnCurve`],
      [`Bls12381${tag}CheckPointInSubgroup`],
    ]);
  });

  it(`refuses a bad length before charging anything (${tag})`, () => {
    const meter = recordingMeter();
    expect(outcome(() => check(gen.slice(1), meter))).toBe(INVALID_INPUT);
    expect(meter.charges).toEqual([]);
  });
});

describe.each(groups)('$tag arithmetic', ({ tag, gen, offSubgroup, add, mul, msm }) => {
  const size = gen.length;
  const two = mul(gen, 2n, recordingMeter());

  it('adds: G + G = 2G, G + -G = infinity, G + infinity = G', () => {
    expect(toHex(add(gen, gen, recordingMeter()))).toBe(toHex(two));
    expect(toHex(add(gen, negate(gen), recordingMeter()))).toBe(toHex(infinity(size)));
    expect(toHex(add(gen, infinity(size), recordingMeter()))).toBe(toHex(gen));
  });

  it('adds points outside the subgroup, but does not multiply them', () => {
    expect(outcome(() => add(offSubgroup, gen, recordingMeter()))).toBe('Ok');
    expect(outcome(() => mul(offSubgroup, 3n, recordingMeter()))).toBe(INVALID_INPUT);
  });

  const scalarCases = [
    { given: 0n, want: () => infinity(size) },
    { given: 1n, want: () => gen },
    { given: R, want: () => infinity(size) },
    { given: R + 2n, want: () => two },
    { given: R - 1n, want: () => negate(gen) },
  ];
  it.each(scalarCases)('multiplies by $given (a U256 taken mod r)', ({ given, want }) => {
    expect(toHex(mul(gen, given, recordingMeter()))).toBe(toHex(want()));
  });

  it(`charges add as the host does (${tag})`, () => {
    const meter = recordingMeter();
    add(gen, gen, meter);
    const units = size / 48;
    const decode = [
      ...Array.from({ length: units }, () => ['Bls12381DecodeFp']),
      [`Bls12381${tag}CheckPointOnCurve`],
    ];
    expect(meter.charges).toEqual([
      ...decode,
      ...decode,
      [`Bls12381${tag}Add`],
      [`Bls12381${tag}ProjectiveToAffine`],
      ...Array.from({ length: units }, () => ['Bls12381EncodeFp']),
    ]);
  });

  it('msm: the sum of the products', () => {
    const five = mul(gen, 5n, recordingMeter());
    expect(toHex(msm([gen, gen], [2n, 3n], recordingMeter()))).toBe(toHex(five));
    expect(toHex(msm([gen, negate(gen)], [1n, 1n], recordingMeter()))).toBe(toHex(infinity(size)));
    expect(toHex(msm([infinity(size), gen], [7n, 0n], recordingMeter()))).toBe(toHex(infinity(size)));
  });

  it('msm: refuses empty or unequal vectors only after reading them all', () => {
    const empty = recordingMeter();
    expect(outcome(() => msm([], [], empty))).toBe(INVALID_INPUT);
    expect(empty.charges).toEqual([
      ['MemAlloc', 0n],
      ['MemAlloc', 0n],
      [`Bls12381${tag}Msm`, 0n],
    ]);
    const unequal = recordingMeter();
    expect(outcome(() => msm([gen, gen], [1n, 2n, 3n], unequal))).toBe(INVALID_INPUT);
    expect(unequal.count('Bls12381FrFromU256')).toBe(3);
    expect(unequal.charges.at(-1)).toEqual([`Bls12381${tag}Msm`, 2n]);
  });

  it('msm: every point must be in the subgroup', () => {
    expect(outcome(() => msm([gen, offSubgroup, gen], [1n, 2n, 3n], recordingMeter()))).toBe(INVALID_INPUT);
  });
});
