/**
 * BN254 over bytes against the Rust host's own tests (soroban-env-host v26.0.0 src/test/bn254.rs):
 * go-ethereum's add/mul/pairing vectors, evm.codes' hardcoded points, the encoding refusals, MSM
 * and Fr identities, and the charges in the host's order.
 */
import { readFileSync } from 'node:fs';
import { bn254 } from '@noble/curves/bn254.js';
import { describe, expect, it } from 'vitest';
import {
  BN254_FR,
  bn254FrAdd,
  bn254FrInv,
  bn254FrMul,
  bn254FrPow,
  bn254FrSub,
  bn254G1Add,
  bn254G1IsOnCurve,
  bn254G1Msm,
  bn254G1Mul,
  bn254MultiPairingCheck,
} from '../../src/crypto/index.js';
import { hex, INVALID_INPUT, outcome, recordingMeter, toHex } from './support.js';

interface Vector {
  name: string;
  input: string;
  want: string;
}
const VECTORS = JSON.parse(readFileSync(new URL('./bn254-vectors.json', import.meta.url), 'utf8')) as Record<
  'add' | 'mul' | 'pairing',
  Vector[]
>;
const P26 = 26;
const meter = () => recordingMeter();
const chunks = (bytes: Uint8Array, sizes: number[]) => {
  const out: Uint8Array[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
};
const seq = <T>(items: T[]) => ({ length: items.length, at: (i: number) => items[i] });
const G = hex(`${'0'.repeat(63)}1${'0'.repeat(63)}2`);
const TWO_G =
  '030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4';
const ZERO = new Uint8Array(64);
const P = bn254.fields.Fp.ORDER;
const be32 = (n: bigint) => hex(n.toString(16).padStart(64, '0'));

describe('go-ethereum vectors', () => {
  it.each(VECTORS.add)('adds $name', ({ input, want }) => {
    const [a, b] = chunks(hex(input), [64, 64]) as [Uint8Array, Uint8Array];
    expect(toHex(bn254G1Add(a, b, P26, meter()))).toBe(want);
  });
  it.each(VECTORS.mul)('multiplies $name', ({ input, want }) => {
    const [point, scalar] = chunks(hex(input), [64, 32]) as [Uint8Array, Uint8Array];
    const s = BigInt(`0x${toHex(scalar)}`);
    expect(toHex(bn254G1Mul(point, s, P26, meter()))).toBe(want);
  });
  it.each(VECTORS.pairing)('pairs $name', ({ input, want }) => {
    const bytes = hex(input);
    const n = bytes.length / 192;
    const pairs = Array.from({ length: n }, (_, i) => chunks(bytes.subarray(i * 192), [64, 128]));
    const g1s = seq(pairs.map(([g1]) => g1 as Uint8Array));
    const g2s = seq(pairs.map(([, g2]) => g2 as Uint8Array));
    expect(bn254MultiPairingCheck(g1s, g2s, P26, meter())).toBe(want.endsWith('1'));
  });
});

describe('points', () => {
  it('G + G = 2G = G * 2; G + 0 = G (evm.codes)', () => {
    expect(toHex(bn254G1Add(G, G, P26, meter()))).toBe(TWO_G);
    expect(toHex(bn254G1Mul(G, 2n, P26, meter()))).toBe(TWO_G);
    expect(toHex(bn254G1Add(G, ZERO, P26, meter()))).toBe(toHex(G));
  });

  const notOnCurve = hex(`${'0'.repeat(63)}1${'0'.repeat(63)}3`);
  const withFlag = (flag: number) => {
    const bytes = Uint8Array.from(G);
    bytes[0] = (bytes[0] as number) | flag;
    return bytes;
  };
  it.each([
    { name: 'too many bytes', bytes: new Uint8Array(65) },
    { name: 'too few bytes', bytes: new Uint8Array(63) },
    { name: 'the y-sign flag', bytes: withFlag(0x80) },
    { name: 'the infinity flag', bytes: withFlag(0x40) },
    { name: 'a coordinate not below p', bytes: Uint8Array.from([...be32(P), ...be32(2n)]) },
    { name: 'a point off the curve', bytes: notOnCurve },
  ])('refuses $name as (Crypto, InvalidInput)', ({ bytes }) => {
    expect(outcome(() => bn254G1Add(bytes, G, P26, meter()))).toBe(INVALID_INPUT);
  });

  it('answers is_on_curve without failing for a point off the curve; infinity is on it', () => {
    expect(bn254G1IsOnCurve(G, P26, meter())).toBe(true);
    expect(bn254G1IsOnCurve(ZERO, P26, meter())).toBe(true);
    expect(bn254G1IsOnCurve(notOnCurve, P26, meter())).toBe(false);
    expect(outcome(() => bn254G1IsOnCurve(new Uint8Array(63), P26, meter()))).toBe(INVALID_INPUT);
    expect(outcome(() => bn254G1IsOnCurve(Uint8Array.from([...be32(P), ...be32(2n)]), P26, meter()))).toBe(
      INVALID_INPUT,
    );
  });

  it('refuses a G2 point outside the r-order subgroup', () => {
    // A point on the twist that is not a multiple of the generator: found by trying x = 1, 2, ...
    const { Fp2 } = bn254.fields;
    const b = bn254.G2.Point.CURVE().b;
    let x = Fp2.ONE;
    let point: InstanceType<typeof bn254.G2.Point> | undefined;
    for (let i = 0; i < 50 && !point; i++, x = Fp2.add(x, Fp2.ONE)) {
      try {
        const y = Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b));
        const candidate = bn254.G2.Point.fromAffine({ x, y });
        if (!candidate.isTorsionFree()) point = candidate;
      } catch {}
    }
    if (!point) throw new Error('no point found');
    const { x: px, y: py } = point.toAffine();
    const g2 = Uint8Array.from([...be32(px.c1), ...be32(px.c0), ...be32(py.c1), ...be32(py.c0)]);
    expect(outcome(() => bn254MultiPairingCheck(seq([G]), seq([g2]), P26, meter()))).toBe(INVALID_INPUT);
  });
});

describe('msm and pairing lengths', () => {
  it('refuses empty and unequal vectors', () => {
    expect(outcome(() => bn254G1Msm(seq([]), seq([]), P26, meter()))).toBe(INVALID_INPUT);
    expect(outcome(() => bn254G1Msm(seq([G, G]), seq([1n, 2n, 3n]), P26, meter()))).toBe(INVALID_INPUT);
    expect(outcome(() => bn254MultiPairingCheck(seq([]), seq([]), P26, meter()))).toBe(INVALID_INPUT);
    expect(outcome(() => bn254MultiPairingCheck(seq([G]), seq([]), P26, meter()))).toBe(INVALID_INPUT);
  });
  it('sums the products: G*3 + 2G*5 = G*13; zero scalars give infinity', () => {
    const twoG = hex(TWO_G);
    expect(toHex(bn254G1Msm(seq([G, twoG]), seq([3n, 5n]), P26, meter()))).toBe(
      toHex(bn254G1Mul(G, 13n, P26, meter())),
    );
    expect(toHex(bn254G1Msm(seq([G, twoG]), seq([0n, 0n]), P26, meter()))).toBe(toHex(ZERO));
  });
});

describe('Fr', () => {
  const r = BN254_FR.Fr.ORDER;
  const a = 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
  const b = r - 5n;
  it.each([
    { name: 'a + 0 = a', got: () => bn254FrAdd(a, 0n, meter()), want: a },
    { name: 'a - a = 0', got: () => bn254FrSub(a, a, meter()), want: 0n },
    { name: 'a * 1 = a', got: () => bn254FrMul(a, 1n, meter()), want: a },
    { name: 'a^0 = 1', got: () => bn254FrPow(a, 0n, meter()), want: 1n },
    { name: 'a * inv(a) = 1', got: () => bn254FrMul(a, bn254FrInv(a, meter()), meter()), want: 1n },
    { name: '(r - 5) + 7 = 2', got: () => bn254FrAdd(b, 7n, meter()), want: 2n },
    { name: 'a U256 above r is taken mod r', got: () => bn254FrAdd(r + 3n, 0n, meter()), want: 3n },
  ])('$name', ({ got, want }) => {
    expect(got()).toBe(want);
  });
  it('refuses inv(0) before charging the inversion', () => {
    const m = meter();
    expect(outcome(() => bn254FrInv(0n, m))).toBe(INVALID_INPUT);
    expect(m.charges).toEqual([['Bn254FrFromU256']]);
  });
  it('charges pow by the exponent bit length', () => {
    const m = meter();
    bn254FrPow(a, 5n, m);
    expect(m.charges).toEqual([['Bn254FrFromU256'], ['Bn254FrPow', 3n], ['Bn254FrToU256']]);
  });
});

describe('charges', () => {
  it('charges g1_add in the host order, copying coordinates from protocol 26 on', () => {
    const decode = [
      ['MemCpy', 32n],
      ['Bn254DecodeFp'],
      ['MemCpy', 32n],
      ['Bn254DecodeFp'],
      ['Bn254G1CheckPointOnCurve'],
    ];
    const tail = [['Bn254G1Add'], ['Bn254G1ProjectiveToAffine'], ['Bn254EncodeFp'], ['Bn254EncodeFp']];
    const p26 = meter();
    bn254G1Add(G, G, 26, p26);
    const copies = [
      ['MemCpy', 32n],
      ['MemCpy', 32n],
    ];
    expect(p26.charges).toEqual([...copies, ...decode, ...copies, ...decode, ...tail]);
    const p25 = meter();
    bn254G1Add(G, G, 25, p25);
    expect(p25.charges).toEqual([...decode, ...decode, ...tail]);
  });
  it('reads infinity without a charge', () => {
    const m = meter();
    expect(bn254G1IsOnCurve(ZERO, P26, m)).toBe(true);
    expect(m.charges).toEqual([['Bn254G1CheckPointOnCurve']]);
  });
});
