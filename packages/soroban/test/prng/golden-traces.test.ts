/**
 * The Rust host's prng tests (`soroban-env-host/src/test/prng.rs`) run again here, each against
 * its golden trace (observations-23/test__prng__*.json): every `prng_*` call must give the result
 * the trace prints (the u64s drawn, Void, an object of the right type) at the same CPU and memory
 * cost, and the test's own assertions must hold.
 */
import { describe, expect, it } from 'vitest';
import { sorobanData } from '../support/shared.js';
import { PrngDriver, tracePrngCalls } from './prng-host.js';

const ZERO_SEED = new Uint8Array(32);
const SEED_LEN = 32n;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const u32 = (n: number) => (BigInt(n) << 32n) | 4n; // a U32Val

/** `prng_test`: two byte draws, two range draws, a shuffle, and two identical reseeded draws. */
function prngTest(driver: PrngDriver) {
  const bytesNew = () => driver.frame(() => driver.call('prng_bytes_new', u32(32)));
  const bytes0 = bytesNew();
  const bytes1 = bytesNew();
  expect(hex(driver.bytesOf(bytes0))).not.toBe(hex(driver.bytesOf(bytes1)));
  const range = () => driver.frame(() => driver.call('prng_u64_in_inclusive_range', 12345n, 78910n));
  const [u0, u1] = [range(), range()];
  expect(u0).not.toBe(u1);
  const original = [1, 2, 3, 4, 5, 6, 7, 8];
  const shuffled = driver.i32s(driver.frame(() => driver.call('prng_vec_shuffle', driver.i32Vec(original))));
  expect(shuffled).not.toEqual(original);
  expect([...shuffled].sort()).toEqual(original);
  const reseeded = () =>
    driver.frame(() => {
      driver.call('prng_reseed', bytes0);
      return hex(driver.bytesOf(driver.call('prng_bytes_new', u32(Number(SEED_LEN)))));
    });
  expect(reseeded()).toBe(reseeded());
}

/** `try_until_chosen_number`: a frame per draw in 0..=100 until 42 comes up. */
function tryUntilChosenNumber(driver: PrngDriver) {
  for (let i = 0; i < 10_000; i++)
    if (driver.frame(() => driver.call('prng_u64_in_inclusive_range', 0n, 100n)) === 42n) return;
  throw new Error('42 never came up');
}

/** `commit_reveal`: commit a drawn seed, then every reveal reseeds with it and draws the same. */
function commitReveal(driver: PrngDriver) {
  const committed = driver.bytesOf(driver.frame(() => driver.call('prng_bytes_new', u32(32))));
  const reveal = () =>
    driver.frame(() => {
      // The trace's reseed argument is the seed read back from instance storage: a new object.
      const seed = driver.host.objects.add({ kind: 'Bytes', value: Uint8Array.from(committed) });
      driver.call('prng_reseed', seed);
      return driver.call('prng_u64_in_inclusive_range', 0n, 100n);
    });
  const first = reveal();
  for (let i = 0; i < 100; i++) expect(reveal()).toBe(first);
}

const cases: { trace: string; seed: Uint8Array; run: (driver: PrngDriver) => void }[] = [
  { trace: 'test__prng__prng_test', seed: ZERO_SEED, run: prngTest },
  ...[ZERO_SEED, ZERO_SEED, new Uint8Array(32).fill(2)].flatMap((seed, i) => [
    {
      trace: `test__prng__base_prng_seed_${i}`,
      seed,
      run: (d: PrngDriver) => d.frame(() => d.call('prng_u64_in_inclusive_range', 0n, 90n)),
    },
    {
      trace: `test__prng__base_prng_seed_bytes_${i}`,
      seed,
      run: (d: PrngDriver) => d.frame(() => d.call('prng_bytes_new', u32(32))),
    },
  ]),
  { trace: 'test__prng__try_until_chosen_number', seed: ZERO_SEED, run: tryUntilChosenNumber },
  { trace: 'test__prng__commit_reveal', seed: ZERO_SEED, run: commitReveal },
];

describe.skipIf(!sorobanData)('golden traces of the prng tests', () => {
  it.each(cases)('$trace: each prng call with its result, CPU and memory', ({ trace, seed, run }) => {
    const driver = new PrngDriver(seed);
    run(driver);
    const want = tracePrngCalls(trace);
    expect(driver.calls.length).toBe(want.length);
    for (const [i, call] of driver.calls.entries()) expect({ i, ...call }).toEqual({ i, ...want[i] });
  });

  it('base_prng_seed: the same seed draws the same, another seed draws otherwise', () => {
    const draw = (seed: Uint8Array) => {
      const d = new PrngDriver(seed);
      return d.frame(() => ({
        u64: d.call('prng_u64_in_inclusive_range', 0n, 90n),
      }));
    };
    expect([draw(ZERO_SEED).u64, draw(ZERO_SEED).u64, draw(new Uint8Array(32).fill(2)).u64]).toEqual([
      33n,
      33n,
      81n,
    ]);
  });

  it('check_caller_and_callee_seed_always_different: 75 base seeds, caller and callee PRNGs differ', () => {
    const driver = new PrngDriver(ZERO_SEED);
    const seedOf = () => hex(driver.host.prngs.current(driver.host.frames.current, driver.host.budget).seed);
    const base = new Uint8Array(32);
    for (let i = 0; i < 75; i++) {
      base[0] = i;
      driver.host.setBasePrngSeed(base);
      const caller = driver.frame(seedOf);
      const callee = driver.frame(() => driver.frame(seedOf));
      expect(callee).not.toBe(caller);
    }
  });
});
