/**
 * Which PRNG a host function draws from (`Host::with_current_prng`, `host/frame.rs`): the innermost
 * frame's own. A frame has none until it first asks; then one is derived from the host's base PRNG
 * (charged), and it stays with the frame until the frame ends. So a caller's draws cannot predict a
 * callee's, and a frame that reseeds affects no other.
 */
import { HostError } from '../../errors/host-error.js';
import type { Frame } from '../frames.js';
import type { Meter } from '../meter.js';
import type { ChaCha20Rng } from './chacha20.js';
import { Prng, seedHostPrngs } from './prng.js';
import { nonNegativeI64 } from './sampling.js';

export class FramePrngs {
  #base: Prng | undefined;
  /** Recording mode's auth nonces (`recording_auth_nonce_prng`), once a seed was given. */
  #recordingNonces: ChaCha20Rng | undefined;
  /** Each live frame's PRNG; a frame's entry goes with the frame. */
  readonly #byFrame = new WeakMap<Frame, Prng>();

  constructor(base?: Prng) {
    this.#base = base;
  }

  /** `set_base_prng_seed`: a new base PRNG (frames that already drew keep theirs). */
  seedBase(seed: Uint8Array, meter: Meter): void {
    const { base, recordingNonces } = seedHostPrngs(seed, meter);
    this.#base = base;
    this.#recordingNonces = recordingNonces;
  }

  /** The next recording-mode auth nonce; undefined when no seed was given to this host. */
  recordingNonce(): bigint | undefined {
    return this.#recordingNonces && nonNegativeI64(this.#recordingNonces);
  }

  /** The frame's PRNG, derived from the base PRNG on first use. */
  current(frame: Frame | undefined, meter: Meter): Prng {
    if (!frame) throw new HostError('Context', 'InternalError', 'no contract running');
    const own = this.#byFrame.get(frame);
    if (own) return own;
    if (!this.#base) throw new HostError('Context', 'InternalError', 'host base PRNG was not seeded');
    const derived = this.#base.subPrng(meter);
    this.#byFrame.set(frame, derived);
    return derived;
  }

  /**
   * `prng_reseed`: the frame's PRNG replaced by one from `seed`. The frame's PRNG is derived first if
   * it has none (and that draw is charged), as the Rust host does before it runs the reseed.
   */
  reseed(frame: Frame | undefined, seed: Uint8Array, meter: Meter): void {
    this.current(frame, meter);
    this.#byFrame.set(frame as Frame, Prng.fromSeed(seed, meter));
  }
}
