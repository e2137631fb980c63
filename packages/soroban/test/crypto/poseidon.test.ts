/**
 * Poseidon and Poseidon2 against the Rust host's known-answer tests (soroban-env-host v26.0.0
 * src/test/poseidon/: the `kats` and `hadeshash_*` tests over its parameter sets), the parameter
 * refusals, and the metered operations.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BLS12_381_FR,
  BN254_FR,
  type MeteredScalarField,
  poseidon2Permutation,
  poseidonPermutation,
} from '../../src/crypto/index.js';
import { INVALID_INPUT, outcome, recordingMeter } from './support.js';

interface Instance {
  field: 'BN254' | 'BLS12_381';
  t: number;
  d: number;
  roundsF: number;
  roundsP: number;
  matrix: string[] | string[][];
  roundConstants: string[][];
}
const DATA = JSON.parse(readFileSync(new URL('./poseidon-vectors.json', import.meta.url), 'utf8')) as {
  instances: Record<string, Instance>;
  kats: { permutation: 'poseidon' | 'poseidon2'; instance: string; want: string[] }[];
};
const big = (h: string) => BigInt(`0x${h}`);
const fieldOf = (name: Instance['field']): MeteredScalarField => (name === 'BN254' ? BN254_FR : BLS12_381_FR);

function run(kind: 'poseidon' | 'poseidon2', instance: Instance, input: bigint[], meter = recordingMeter()) {
  const F = fieldOf(instance.field);
  const rc = instance.roundConstants.map((row) => row.map(big));
  if (kind === 'poseidon') {
    const mds = (instance.matrix as string[][]).map((row) => row.map(big));
    return poseidonPermutation(F, input, instance, mds, rc, meter);
  }
  return poseidon2Permutation(F, input, instance, (instance.matrix as string[]).map(big), rc, meter);
}
const counting = (instance: Instance) => Array.from({ length: instance.t }, (_, i) => BigInt(i));

describe('known answers', () => {
  it.each(DATA.kats)('$permutation over $instance', ({ permutation, instance, want }) => {
    const params = DATA.instances[instance] as Instance;
    expect(run(permutation, params, counting(params))).toEqual(want.map(big));
  });
});

describe('refusals, each (Crypto, InvalidInput)', () => {
  const bn = DATA.instances['poseidon_instance_bn254:POSEIDON_BN_PARAMS'] as Instance;
  const bn2 = DATA.instances['poseidon2_instance_bn254:POSEIDON2_BN254_PARAMS'] as Instance;
  it.each([
    { name: 'an s-box degree other than 5', change: { d: 3 } },
    { name: 'odd full rounds', change: { roundsF: 7, roundsP: 57 } },
    { name: 'round constants for another round count', change: { roundsP: 55 } },
    { name: 'a matrix for another t', change: { t: 2 } },
  ])('$name', ({ change }) => {
    for (const [kind, params] of [
      ['poseidon', bn],
      ['poseidon2', bn2],
    ] as const) {
      expect(outcome(() => run(kind, { ...params, ...change }, counting(params)))).toBe(INVALID_INPUT);
    }
  });
  it('an input of another length than t', () => {
    expect(outcome(() => run('poseidon', bn, [0n, 1n]))).toBe(INVALID_INPUT);
    expect(outcome(() => run('poseidon2', bn2, [0n, 1n]))).toBe(INVALID_INPUT);
  });
  it('round constant rows of another width than t', () => {
    const short = { ...bn, roundConstants: bn.roundConstants.map((row) => row.slice(0, 2)) };
    expect(outcome(() => run('poseidon', short, counting(bn)))).toBe(INVALID_INPUT);
  });
  it('a Poseidon2 state size it has no matrix for (t = 5)', () => {
    const params = {
      ...bn2,
      t: 5,
      matrix: ['1', '1', '2', '3', '4'],
      roundConstants: bn2.roundConstants.map(() => ['0', '0', '0', '0', '0']),
    };
    expect(outcome(() => run('poseidon2', params, [0n, 1n, 2n, 3n, 4n]))).toBe(INVALID_INPUT);
  });
});

describe('metering', () => {
  it('charges the field operations of the field asked for', () => {
    const bn2 = DATA.instances['poseidon2_instance_bn254:POSEIDON2_BN254_PARAMS'] as Instance;
    const meter = recordingMeter();
    run('poseidon2', bn2, counting(bn2), meter);
    // 8 full rounds of 3 s-boxes and 56 partial rounds of one; each x^5 is charged with 3 bits.
    expect(meter.count('Bn254FrPow')).toBe(8 * 3 + 56);
    expect(meter.charges.filter(([type]) => type === 'Bn254FrPow').every(([, input]) => input === 3n)).toBe(
      true,
    );
    expect(meter.count('Bls12381FrAddSub')).toBe(0);
    // internal matrix (t = 3): 2 adds for the sum, 3 adds and a double (clone + add) per partial round
    // round: 1 constant + 2 + 4 = 7 adds; the external matrix: 5 adds; full rounds add 3 constants.
    expect(meter.count('Bn254FrAddSub')).toBe(56 * 7 + 9 * 5 + 8 * 3);
    expect(meter.count('Bn254FrMul')).toBe(0);
  });
});
