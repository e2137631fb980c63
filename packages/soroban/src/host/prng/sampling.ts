/**
 * The unbiased sampling the host relies on from `rand` 0.8 (`distributions/uniform.rs`,
 * `seq/mod.rs`). Both reject draws by Lemire's widening multiply, but with different zones and word
 * sizes, so they take different draws from the generator and must each be followed as written:
 *
 * - `prng_u64_in_inclusive_range` builds a `Uniform<u64>` (`new_inclusive`, then `sample`): 64-bit
 *   draws, rejecting exactly the `2^64 mod range` lowest products.
 * - recording mode's auth nonces are `gen_range(0..=i64::MAX)` (`sample_single_inclusive` over
 *   u64 words, with the conservative zone): it keeps the even draws, halved.
 * - `prng_vec_shuffle` is `SliceRandom::shuffle`: Fisher-Yates from the end, each index by
 *   `gen_range(0..i+1)` over u32 (`sample_single_inclusive`): 32-bit draws with the faster,
 *   conservative zone `(range << leading_zeros(range)) - 1`.
 */

/** What the samplers draw from (a ChaCha20Rng; a scripted source in tests). */
export interface RandomWords {
  nextU32(): number;
  nextU64(): bigint;
}

const U64_MASK = (1n << 64n) - 1n;
const U64_SPAN = 1n << 64n;

/** A u64 uniform in [lo, hi] (lo ≤ hi, checked by the caller). */
export function u64InInclusiveRange(rng: RandomWords, lo: bigint, hi: bigint): bigint {
  const range = (hi - lo + 1n) & U64_MASK;
  // lo = 0, hi = u64::MAX: every draw is in range.
  if (range === 0n) return rng.nextU64();
  const zone = U64_MASK - ((U64_SPAN - range) % range);
  for (;;) {
    const product = rng.nextU64() * range;
    if ((product & U64_MASK) <= zone) return (lo + (product >> 64n)) & U64_MASK;
  }
}

/** An i64 uniform in [0, i64::MAX] as `gen_range(0..=i64::MAX)` draws it. */
export function nonNegativeI64(rng: RandomWords): bigint {
  const range = 1n << 63n;
  // `(range << range.leading_zeros()) - 1`: range's top bit is set, so no shift.
  const zone = range - 1n;
  for (;;) {
    const product = rng.nextU64() * range;
    if ((product & U64_MASK) <= zone) return product >> 64n;
  }
}

/** An index uniform in [0, bound) for bound in [1, 2^32) (`gen_index` with a u32 bound). */
function indexBelow(rng: RandomWords, bound: number): number {
  const range = BigInt(bound);
  const zone = BigInt(((bound << Math.clz32(bound)) - 1) >>> 0);
  for (;;) {
    const product = BigInt(rng.nextU32()) * range;
    if ((product & 0xffff_ffffn) <= zone) return Number(product >> 32n);
  }
}

/** Shuffles `items` in place as `SliceRandom::shuffle` does (lengths below 2^32, as a host vector's are). */
export function shuffle<T>(rng: RandomWords, items: T[]): void {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = indexBelow(rng, i + 1);
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  }
}
