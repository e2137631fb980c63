import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { unbiasPrngSeed } from '../../src/crypto/prng-seed.js';
import { hex, recordingMeter, toHex } from './support.js';

describe('unbias_prng_seed', () => {
  const salt = sha256(new TextEncoder().encode('Public Global Stellar Network ; September 2015'));
  const seeds = [new Uint8Array(32), new Uint8Array(32).fill(0xff), hex('01'.repeat(32))];
  it.each(seeds)('is HMAC-SHA256 keyed with the public network id (seed %#)', (seed) => {
    expect(toHex(unbiasPrngSeed(seed, recordingMeter()))).toBe(toHex(hmac(sha256, salt, seed)));
  });

  it('charges two SHA-256 runs over 64 bytes', () => {
    const meter = recordingMeter();
    unbiasPrngSeed(new Uint8Array(32), meter);
    expect(meter.charges).toEqual([
      ['ComputeSha256Hash', 64n],
      ['ComputeSha256Hash', 64n],
    ]);
  });
});
