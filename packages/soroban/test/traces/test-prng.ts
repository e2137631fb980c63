/**
 * The Rust tests' own randomness (testutils.rs): `set_test_prng` seeds the base PRNG with
 * `Host::TEST_PRNG_SEED`, and `set_base_prng_seed` draws two raw sub-PRNGs from it, the first for
 * recording auth's nonces, the second the test PRNG. `generate_bytes_array`, `generate_account_id`
 * and `generate_signing_key` each take 32 bytes of that stream, unmetered, so every key, salt and
 * contract id a test makes with them is known here.
 */
import { Keypair } from '@stellar/stellar-sdk/base';
import { type Meter, UNMETERED } from '../../src/host/meter.js';
import type { ChaCha20Rng } from '../../src/host/prng/chacha20.js';
import { Prng } from '../../src/host/prng/prng.js';

/** `Host::TEST_PRNG_SEED`. */
export const TEST_PRNG_SEED = Buffer.from('12345678901234567890123456789012', 'latin1');

/** The test PRNG, its seed's unbiasing charged to `meter` (the host's budget, before the trace begins). */
export function testPrng(meter: Meter = UNMETERED): ChaCha20Rng {
  const base = Prng.fromSeed(TEST_PRNG_SEED, meter);
  base.unmeteredRawSubPrng();
  return base.unmeteredRawSubPrng();
}

/** `generate_bytes_array`: the next 32 bytes. */
export function draw32(prng: ChaCha20Rng): Buffer {
  const bytes = Buffer.alloc(32);
  prng.fillBytes(bytes);
  return bytes;
}

/**
 * `chacha.gen_range(0..=i64::MAX)` (rand's `UniformInt::sample_single_inclusive`): the range is
 * 2^63, so a u64 draw is kept when its widening product's low half is within the zone, that is
 * when it is even, and the value is its high half.
 */
export function drawNonce(prng: ChaCha20Rng): bigint {
  for (;;) {
    const draw = prng.nextU64();
    if ((draw & 1n) === 0n) return draw >> 1n;
  }
}

/** A test's draws from its PRNG, in order: a signing key (32 bytes) or an auth entry's nonce. */
export type TestDraw = 'key' | 'nonce';

export interface TestSigningKey {
  secret: Buffer;
  publicHex: string;
}

/**
 * The signing keys of a test that draws in this order (nonces between keys move the stream on):
 * ed25519-dalek's `SigningKey::generate` takes the 32 secret bytes from the PRNG.
 */
export function testKeysOf(draws: readonly TestDraw[]): TestSigningKey[] {
  const prng = testPrng();
  const keys: TestSigningKey[] = [];
  for (const draw of draws) {
    if (draw === 'nonce') {
      drawNonce(prng);
      continue;
    }
    const secret = draw32(prng);
    keys.push({
      secret,
      publicHex: Buffer.from(Keypair.fromRawEd25519Seed(secret).rawPublicKey()).toString('hex'),
    });
  }
  return keys;
}

/** The public keys (hex) and secret seeds of the first `count` `generate_signing_key` calls of a test. */
export function testSigningKeys(count: number): TestSigningKey[] {
  return testKeysOf(Array.from({ length: count }, () => 'key' as const));
}
