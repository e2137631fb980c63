/**
 * A host PRNG with the host's charges (`host/prng.rs`, `Prng`): the base PRNG a host is seeded
 * with, and each frame's own, all ChaCha20. What each draw is charged follows the Rust host, which
 * over-charges the rejection samplers on purpose (two draws' worth per sample).
 */

import { chargeByteVecInit } from '../../crypto/meter.js';
import { PRNG_SEED_BYTES, unbiasPrngSeed } from '../../crypto/prng-seed.js';
import { HostError } from '../../errors/host-error.js';
import type { Meter } from '../meter.js';
import { ChaCha20Rng } from './chacha20.js';
import * as sampling from './sampling.js';

/** A u64's declared size (`declared_size.rs`). */
const U64_BYTES = 8n;

/** `chacha20_fill_bytes` (`crypto/mod.rs`): charged by the bytes drawn, then drawn. */
function drawBytes(rng: ChaCha20Rng, dest: Uint8Array, meter: Meter): void {
  meter.charge('ChaCha20DrawBytes', BigInt(dest.length));
  rng.fillBytes(dest);
}

export class Prng {
  readonly #rng: ChaCha20Rng;

  private constructor(rng: ChaCha20Rng) {
    this.#rng = rng;
  }

  /** `new_from_seed`: a seed from outside is unbiased first (HMAC-SHA256 with the public salt). */
  static fromSeed(seed: Uint8Array, meter: Meter): Prng {
    return new Prng(new ChaCha20Rng(unbiasPrngSeed(seed, meter)));
  }

  /** The key this PRNG's ChaCha20 runs with (what the Rust tests read with `get_seed`). */
  get seed(): Uint8Array {
    return this.#rng.seed;
  }

  /** `u64_in_inclusive_range`: Error(Value, InvalidInput) when lo > hi. */
  u64InInclusiveRange(lo: bigint, hi: bigint, meter: Meter): bigint {
    if (lo > hi) throw new HostError('Value', 'InvalidInput', 'u64 range with lo above hi');
    meter.charge('ChaCha20DrawBytes', 2n * U64_BYTES);
    return sampling.u64InInclusiveRange(this.#rng, lo, hi);
  }

  /**
   * `vec_shuffle` after its clone (the caller clones and charges that): two u64 draws' worth per
   * element and a byte copy per swap are charged, then the clone is shuffled in place.
   */
  shuffle<T>(items: T[], meter: Meter): void {
    const len = BigInt(items.length);
    meter.charge('ChaCha20DrawBytes', 16n * len);
    meter.charge('MemCpy', len);
    sampling.shuffle(this.#rng, items);
  }

  /** `bytes_new`: a byte vector of `size` initialised, then filled from the stream. */
  bytesNew(size: number, meter: Meter): Uint8Array {
    chargeByteVecInit(meter, size);
    const bytes = new Uint8Array(size);
    drawBytes(this.#rng, bytes, meter);
    return bytes;
  }

  /** `sub_prng`: a new PRNG keyed by 32 bytes of this one's stream (no unbiasing: they are already uniform). */
  subPrng(meter: Meter): Prng {
    const seed = new Uint8Array(PRNG_SEED_BYTES);
    drawBytes(this.#rng, seed, meter);
    meter.charge('MemCpy', BigInt(PRNG_SEED_BYTES));
    return new Prng(new ChaCha20Rng(seed));
  }

  /** `unmetered_raw_sub_prng`: the same draw, uncharged, for the host's own PRNGs. */
  unmeteredRawSubPrng(): ChaCha20Rng {
    const seed = new Uint8Array(PRNG_SEED_BYTES);
    this.#rng.fillBytes(seed);
    return new ChaCha20Rng(seed);
  }
}

/**
 * `Host::set_base_prng_seed`: the base PRNG from the embedder's seed. The Rust host then draws two
 * PRNGs of its own from it, whether or not its build keeps them, so the base stream has always
 * moved on by those 64 bytes before a frame draws: the first makes recording mode's auth nonces,
 * the second serves its tests.
 */
export function seedHostPrngs(seed: Uint8Array, meter: Meter): { base: Prng; recordingNonces: ChaCha20Rng } {
  const base = Prng.fromSeed(seed, meter);
  const recordingNonces = base.unmeteredRawSubPrng();
  base.unmeteredRawSubPrng();
  return { base, recordingNonces };
}

/** The base PRNG of `seedHostPrngs` alone. */
export function seedBasePrng(seed: Uint8Array, meter: Meter): Prng {
  return seedHostPrngs(seed, meter).base;
}
