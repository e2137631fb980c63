/**
 * Whose PRNG a call draws from, and what a failing call leaves behind (`with_current_prng`,
 * `host/frame.rs`; `prng_reseed` and `Prng::u64_in_inclusive_range`, `host.rs` and `host/prng.rs`).
 */
import { describe, expect, it } from 'vitest';
import { PrngDriver } from './prng-host.js';

const u32 = (n: number) => (BigInt(n) << 32n) | 4n;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const outcome = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { short?: string }).short ?? String(error);
  }
};

describe('the frame PRNG', () => {
  it.each([
    { name: 'outside any frame', seeded: true, inFrame: false, want: 'Error(Context, InternalError)' },
    {
      name: 'in a frame of an unseeded host',
      seeded: false,
      inFrame: true,
      want: 'Error(Context, InternalError)',
    },
    { name: 'in a frame of a seeded host', seeded: true, inFrame: true, want: 'ok' },
  ])('a draw $name: $want', ({ seeded, inFrame, want }) => {
    const driver = new PrngDriver(seeded ? new Uint8Array(32) : undefined);
    const draw = () => driver.call('prng_u64_in_inclusive_range', 0n, 9n);
    expect(outcome(inFrame ? () => driver.frame(draw) : draw)).toBe(want);
  });

  it('is the same PRNG for every call in a frame, and a new one in the next frame', () => {
    const driver = new PrngDriver(new Uint8Array(32));
    const seedOf = () => hex(driver.host.prngs.current(driver.host.frames.current, driver.host.budget).seed);
    const [a, b] = driver.frame(() => [seedOf(), seedOf()]);
    expect(a).toBe(b);
    expect(driver.frame(seedOf)).not.toBe(a);
  });

  it('a reseed changes only its own frame: a nested frame still derives from the base PRNG', () => {
    const reseeded = new PrngDriver(new Uint8Array(32));
    const plain = new PrngDriver(new Uint8Array(32));
    const nestedDraw = (d: PrngDriver, reseed: boolean) =>
      d.frame(() => {
        if (reseed)
          d.call('prng_reseed', d.host.objects.add({ kind: 'Bytes', value: new Uint8Array(32).fill(5) }));
        else d.call('prng_bytes_new', u32(1)); // derives this frame's PRNG, as the reseed does
        return d.frame(() => d.call('prng_u64_in_inclusive_range', 0n, 1_000_000n));
      });
    expect(nestedDraw(reseeded, true)).toBe(nestedDraw(plain, false));
  });

  it('an inverted range fails after deriving the frame PRNG, charging only that derivation', () => {
    const driver = new PrngDriver(new Uint8Array(32));
    expect(outcome(() => driver.frame(() => driver.call('prng_u64_in_inclusive_range', 5n, 4n)))).toBe(
      'Error(Value, InvalidInput)',
    );
    // ChaCha20DrawBytes(32) and MemCpy(32) at the default parameters: 1183 + 46.
    expect(driver.calls).toEqual([
      { name: 'prng_u64_in_inclusive_range', result: 'Err(Error(Value, InvalidInput))', cpu: 1229, mem: 0 },
    ]);
  });

  it('a reseed of the wrong size is charged its copy, and leaves the frame PRNG underived', () => {
    const driver = new PrngDriver(new Uint8Array(32));
    const short = driver.host.objects.add({ kind: 'Bytes', value: new Uint8Array(31) });
    expect(outcome(() => driver.frame(() => driver.call('prng_reseed', short)))).toBe(
      'Error(Value, UnexpectedSize)',
    );
    // VisitObject twice (the integrity check and the visit), MemCpy(32): 61 + 61 + 46.
    expect(driver.calls.map((c) => c.cpu)).toEqual([168]);
  });

  it('bytes of length 0 are an empty object; shuffling an empty vector gives an empty vector', () => {
    const driver = new PrngDriver(new Uint8Array(32));
    const empty = driver.frame(() => driver.bytesOf(driver.call('prng_bytes_new', u32(0))));
    expect(empty.length).toBe(0);
    expect(driver.i32s(driver.frame(() => driver.call('prng_vec_shuffle', driver.i32Vec([]))))).toEqual([]);
  });
});
