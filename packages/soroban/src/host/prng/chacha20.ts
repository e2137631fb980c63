/**
 * ChaCha20 as a random number generator, drawn the way `rand_chacha` 0.3's `ChaCha20Rng` (with
 * `rand_core` 0.6's `BlockRng`) draws it, which is what the host's PRNGs are: the 32-byte seed is
 * the key, the nonce ("stream") is 0, the 64-bit block counter starts at 0, and the keystream is
 * read as little-endian 32-bit words from a buffer refilled four blocks at a time. How words are
 * taken from that buffer decides every value the host hands out, so it follows `BlockRng` exactly:
 * a u64 is two words (low first, even across a refill), and filling bytes uses whole words,
 * dropping the unused bytes of the last one.
 */

const BLOCK_WORDS = 16;
/** `rand_chacha` computes four blocks per refill. */
const BUFFER_BLOCKS = 4;
const BUFFER_WORDS = BLOCK_WORDS * BUFFER_BLOCKS;
/** "expand 32-byte k" as four little-endian words. */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

export const CHACHA_SEED_BYTES = 32;

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  // Each step as in RFC 8439 section 2.1; `>>> 0` keeps the words unsigned.
  x[a] = ((x[a] as number) + (x[b] as number)) >>> 0;
  x[d] = rotl((x[d] as number) ^ (x[a] as number), 16);
  x[c] = ((x[c] as number) + (x[d] as number)) >>> 0;
  x[b] = rotl((x[b] as number) ^ (x[c] as number), 12);
  x[a] = ((x[a] as number) + (x[b] as number)) >>> 0;
  x[d] = rotl((x[d] as number) ^ (x[a] as number), 8);
  x[c] = ((x[c] as number) + (x[d] as number)) >>> 0;
  x[b] = rotl((x[b] as number) ^ (x[c] as number), 7);
}

const rotl = (v: number, n: number): number => ((v << n) | (v >>> (32 - n))) >>> 0;

/**
 * One ChaCha20 block (RFC 8439 section 2.3) into `out` at `offset`. `input` is the 16-word state:
 * constants, key, then words 12 to 15 (the counter and nonce, laid out by the caller).
 */
export function chachaBlock(input: Uint32Array, out: Uint32Array, offset = 0): void {
  const x = input.slice();
  for (let round = 0; round < 10; round++) {
    quarterRound(x, 0, 4, 8, 12);
    quarterRound(x, 1, 5, 9, 13);
    quarterRound(x, 2, 6, 10, 14);
    quarterRound(x, 3, 7, 11, 15);
    quarterRound(x, 0, 5, 10, 15);
    quarterRound(x, 1, 6, 11, 12);
    quarterRound(x, 2, 7, 8, 13);
    quarterRound(x, 3, 4, 9, 14);
  }
  for (let i = 0; i < BLOCK_WORDS; i++) out[offset + i] = ((x[i] as number) + (input[i] as number)) >>> 0;
}

/** The block state for a key (8 words) with words 12 to 15 left at 0. */
export function chachaState(key: Uint8Array): Uint32Array {
  if (key.length !== CHACHA_SEED_BYTES) throw new RangeError(`ChaCha20 key of ${key.length} bytes`);
  const state = new Uint32Array(BLOCK_WORDS);
  state.set(SIGMA);
  const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
  for (let i = 0; i < 8; i++) state[4 + i] = view.getUint32(i * 4, true);
  return state;
}

export class ChaCha20Rng {
  readonly #seed: Uint8Array;
  readonly #state: Uint32Array;
  /** The next block's 64-bit counter (words 12 and 13; the stream, words 14 and 15, stays 0). */
  #counter = 0n;
  readonly #buffer = new Uint32Array(BUFFER_WORDS);
  /** The next unread word of the buffer; BUFFER_WORDS when it is used up (as a fresh generator is). */
  #index = BUFFER_WORDS;

  constructor(seed: Uint8Array) {
    this.#seed = Uint8Array.from(seed);
    this.#state = chachaState(this.#seed);
  }

  /** The key the generator was seeded with (`get_seed`). */
  get seed(): Uint8Array {
    return Uint8Array.from(this.#seed);
  }

  #refill(index: number): void {
    for (let block = 0; block < BUFFER_BLOCKS; block++) {
      this.#state[12] = Number(this.#counter & 0xffff_ffffn);
      this.#state[13] = Number(this.#counter >> 32n);
      chachaBlock(this.#state, this.#buffer, block * BLOCK_WORDS);
      this.#counter = BigInt.asUintN(64, this.#counter + 1n);
    }
    this.#index = index;
  }

  #word(i: number): number {
    return this.#buffer[i] as number;
  }

  nextU32(): number {
    if (this.#index >= BUFFER_WORDS) this.#refill(0);
    const value = this.#word(this.#index);
    this.#index += 1;
    return value;
  }

  nextU64(): bigint {
    const index = this.#index;
    if (index < BUFFER_WORDS - 1) {
      this.#index += 2;
      return (BigInt(this.#word(index + 1)) << 32n) | BigInt(this.#word(index));
    }
    if (index >= BUFFER_WORDS) {
      this.#refill(2);
      return (BigInt(this.#word(1)) << 32n) | BigInt(this.#word(0));
    }
    // One word left: it is the low half, the first word of the next buffer the high half.
    const low = BigInt(this.#word(BUFFER_WORDS - 1));
    this.#refill(1);
    return (BigInt(this.#word(0)) << 32n) | low;
  }

  fillBytes(dest: Uint8Array): void {
    let filled = 0;
    while (filled < dest.length) {
      if (this.#index >= BUFFER_WORDS) this.#refill(0);
      const word = this.#word(this.#index);
      this.#index += 1;
      for (let shift = 0; shift < 32 && filled < dest.length; shift += 8)
        dest[filled++] = (word >>> shift) & 0xff;
    }
  }
}
