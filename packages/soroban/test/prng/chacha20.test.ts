/**
 * ChaCha20 as the host's PRNGs draw it: the block function against RFC 7539/8439's vectors (those the
 * Rust host's own `chacha_test_vectors` test checks `rand_chacha` against, and the RFC's block test),
 * and the word handling of `rand_core`'s BlockRng against OpenSSL's ChaCha20 keystream.
 */
import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChaCha20Rng, chachaBlock, chachaState } from '../../src/host/prng/chacha20.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const seedWith = (bytes: Record<number, number>) => {
  const seed = new Uint8Array(32);
  for (const [i, v] of Object.entries(bytes)) seed[Number(i)] = v;
  return seed;
};

/** 64 bytes of block `block` of a generator seeded with `seed` (earlier blocks drawn and dropped). */
function blockOf(seed: Uint8Array, block: number): string {
  const rng = new ChaCha20Rng(seed);
  const out = new Uint8Array(64);
  for (let i = 0; i <= block; i++) rng.fillBytes(out);
  return toHex(out);
}

/** OpenSSL's ChaCha20 keystream (counter 0, nonce 0): what encrypting zeros gives. */
function keystream(seed: Uint8Array, length: number): Uint8Array {
  const cipher = createCipheriv('chacha20', seed, Buffer.alloc(16));
  return Uint8Array.from(cipher.update(Buffer.alloc(length)));
}

describe('ChaCha20 block function', () => {
  // soroban-env-host/src/test/prng.rs, chacha_test_vectors (RFC 7539 appendix A.1).
  it.each([
    {
      name: 'zero seed, block 0',
      seed: seedWith({}),
      block: 0,
      want: '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586',
    },
    {
      name: 'zero seed, block 1',
      seed: seedWith({}),
      block: 1,
      want: '9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f',
    },
    {
      name: 'seed ending in 1, block 1',
      seed: seedWith({ 31: 1 }),
      block: 1,
      want: '3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0',
    },
    {
      name: 'seed with 0xff at byte 1, block 2',
      seed: seedWith({ 1: 0xff }),
      block: 2,
      want: '72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096',
    },
  ])('$name', ({ seed, block, want }) => {
    expect(blockOf(seed, block)).toBe(want);
  });

  it('puts the stream in words 14 and 15 (the vector with stream 0x0200000000000000)', () => {
    const state = chachaState(new Uint8Array(32));
    state[15] = 0x0200_0000;
    const out = new Uint32Array(16);
    chachaBlock(state, out);
    expect(toHex(new Uint8Array(out.buffer))).toBe(
      'c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d',
    );
  });

  it('matches RFC 8439 section 2.3.2 (key 00..1f, counter 1, nonce 000000090000004a00000000)', () => {
    const state = chachaState(hex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'));
    state.set([1, 0x09000000, 0x4a000000, 0], 12);
    const out = new Uint32Array(16);
    chachaBlock(state, out);
    expect(Array.from(out, (w) => w.toString(16).padStart(8, '0')).join(' ')).toBe(
      'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 ' +
        '466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2',
    );
  });
});

describe('drawing words as rand_core BlockRng does', () => {
  const seed = hex('a1'.repeat(16) + '5c'.repeat(16));
  const stream = keystream(seed, 1024);
  const word = (i: number) => BigInt(new DataView(stream.buffer).getUint32(i * 4, true));

  it('fills bytes straight from the keystream across four-block refills', () => {
    const rng = new ChaCha20Rng(seed);
    const out = new Uint8Array(700);
    rng.fillBytes(out);
    expect(toHex(out)).toBe(toHex(stream.slice(0, 700)));
  });

  it('drops the unused bytes of a partly used word', () => {
    const rng = new ChaCha20Rng(seed);
    const first = new Uint8Array(3);
    const next = new Uint8Array(4);
    rng.fillBytes(first);
    rng.fillBytes(next);
    expect([toHex(first), toHex(next)]).toEqual([toHex(stream.slice(0, 3)), toHex(stream.slice(4, 8))]);
  });

  it.each([
    { name: 'inside a buffer', before: 0, low: 0, high: 1 },
    { name: 'at the start of the next buffer', before: 64, low: 64, high: 65 },
    { name: 'straddling two buffers (low word last, high word first)', before: 63, low: 63, high: 64 },
  ])('reads a u64 as two words, low first: $name', ({ before, low, high }) => {
    const rng = new ChaCha20Rng(seed);
    for (let i = 0; i < before; i++) rng.nextU32();
    expect(rng.nextU64()).toBe((word(high) << 32n) | word(low));
    expect(BigInt(rng.nextU32())).toBe(word(high + 1));
  });

  it('reports the seed it was keyed with', () => {
    expect(toHex(new ChaCha20Rng(seed).seed)).toBe(toHex(seed));
  });
});
