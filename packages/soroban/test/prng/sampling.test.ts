/**
 * rand 0.8's samplers as the host uses them: `Uniform<u64>` for `prng_u64_in_inclusive_range` and
 * `SliceRandom::shuffle` (u32 `gen_range`) for `prng_vec_shuffle`. Scripted draws pin down which
 * draws each rejects; the soroban-sdk's own tests (`soroban-sdk/src/tests/crypto.rs`, run against an
 * env whose PRNG seeds were neither unbiased nor advanced) pin down whole runs on ChaCha20.
 */
import { describe, expect, it } from 'vitest';
import { ChaCha20Rng } from '../../src/host/prng/chacha20.js';
import { type RandomWords, shuffle, u64InInclusiveRange } from '../../src/host/prng/sampling.js';

const MAX = (1n << 64n) - 1n;

/** Hands out the given words in order and counts what was drawn. */
function scripted(u64s: bigint[], u32s: number[] = []): RandomWords & { drawn: number } {
  const source = {
    drawn: 0,
    nextU64() {
      source.drawn++;
      const next = u64s.shift();
      if (next === undefined) throw new Error('script ran out of u64s');
      return next;
    },
    nextU32() {
      source.drawn++;
      const next = u32s.shift();
      if (next === undefined) throw new Error('script ran out of u32s');
      return next;
    },
  };
  return source;
}

describe('u64 in an inclusive range (Uniform::new_inclusive, then sample)', () => {
  it.each([
    {
      name: 'the top of the draw scales to the range',
      lo: 10n,
      hi: 19n,
      draws: [1n << 63n],
      want: 15n,
      drawn: 1,
    },
    { name: 'a zero draw is the low end', lo: 12345n, hi: 78910n, draws: [0n], want: 12345n, drawn: 1 },
    { name: 'the largest draw is the high end', lo: 0n, hi: 9n, draws: [MAX], want: 9n, drawn: 1 },
    // range 3: 2^64 mod 3 = 1, so only the product whose low half is 2^64-1 is rejected.
    {
      name: 'a draw in the rejected zone is drawn again',
      lo: 0n,
      hi: 2n,
      draws: [MAX / 3n, 0n],
      want: 0n,
      drawn: 2,
    },
    {
      name: 'just below the rejected zone is kept',
      lo: 0n,
      hi: 2n,
      draws: [MAX / 3n - 1n],
      want: 0n,
      drawn: 1,
    },
    {
      name: 'the whole u64 range takes the draw as it is',
      lo: 0n,
      hi: MAX,
      draws: [123456789n],
      want: 123456789n,
      drawn: 1,
    },
    { name: 'a single value still draws once', lo: 7n, hi: 7n, draws: [MAX], want: 7n, drawn: 1 },
    { name: 'the range ending at u64::MAX', lo: MAX - 1n, hi: MAX, draws: [MAX], want: MAX, drawn: 1 },
  ])('$name', ({ lo, hi, draws, want, drawn }) => {
    const source = scripted([...draws]);
    expect(u64InInclusiveRange(source, lo, hi)).toBe(want);
    expect(source.drawn).toBe(drawn);
  });
});

describe('shuffle (Fisher-Yates from the end, u32 gen_range per index)', () => {
  it.each([
    // Two elements: one index below 2; the draw's top bit decides.
    { name: 'two elements, low draw swaps', items: [1, 2], draws: [0], want: [2, 1], drawn: 1 },
    { name: 'two elements, high draw keeps', items: [1, 2], draws: [0x8000_0000], want: [1, 2], drawn: 1 },
    // Bound 3: zone (3 << 30) - 1 = 0xbfffffff, so 0x55555555 (product 0xffffffff) is rejected
    // even though an exact modulus would keep it.
    {
      name: 'a draw past the conservative zone is drawn again',
      items: [1, 2, 3],
      // index 2 swaps with 0 ([3, 2, 1]), then index 1 with 0.
      draws: [0x5555_5555, 0, 0],
      want: [2, 3, 1],
      drawn: 3,
    },
    { name: 'one element draws nothing', items: [1], draws: [], want: [1], drawn: 0 },
    { name: 'no elements draw nothing', items: [], draws: [], want: [], drawn: 0 },
  ])('$name', ({ items, draws, want, drawn }) => {
    const source = scripted([], [...draws]);
    const copy = [...items];
    shuffle(source, copy);
    expect(copy).toEqual(want);
    expect(source.drawn).toBe(drawn);
  });
});

describe("on ChaCha20, the soroban-sdk's expected values", () => {
  /** The n-th PRNG (0-based) derived, by a 32-byte draw, from a ChaCha20 keyed with zeros. */
  function derived(n: number): ChaCha20Rng {
    const base = new ChaCha20Rng(new Uint8Array(32));
    const seed = new Uint8Array(32);
    for (let i = 0; i <= n; i++) base.fillBytes(seed);
    return new ChaCha20Rng(seed);
  }

  it.each([
    { name: 'test_u64_in_inclusive_range: first frame, 0..=9', frame: 0, want: 6n },
    { name: 'test_prng_reseed: third frame (the second reseeded its own), 0..=9', frame: 2, want: 8n },
  ])('$name', ({ frame, want }) => {
    expect(u64InInclusiveRange(derived(frame), 0n, 9n)).toBe(want);
  });

  it('test_vec_shuffle: [1, 2, 3] in the first frame is [2, 3, 1]', () => {
    const items = [1, 2, 3];
    shuffle(derived(0), items);
    expect(items).toEqual([2, 3, 1]);
  });
});
