/**
 * `unbias_prng_seed` (`crypto/mod.rs`): a PRNG seed is run through HMAC-SHA256 keyed with a fixed
 * public salt (the randomness-extraction step of HKDF) before it seeds ChaCha20, so that a biased seed
 * (all zeros, one repeated byte) cannot weaken the stream. The salt is part of the protocol.
 */
import { createHmac } from 'node:crypto';
import { internalError } from '../errors/host-error.js';
import { type CryptoMeter, chargeTimes } from './meter.js';

export const PRNG_SEED_BYTES = 32;

/** sha256("Public Global Stellar Network ; September 2015"), the public network's id. */
const SEED_SALT = Buffer.from('7ac33997544e3175d266bd022439b22cdb16508c01163f26e5cb2a3e1045a979', 'hex');

/** Charged as two SHA-256 runs over 64 bytes (salt and seed), as the host charges it. */
export function unbiasPrngSeed(seed: Uint8Array, meter: CryptoMeter): Uint8Array {
  if (seed.length !== PRNG_SEED_BYTES) throw internalError(`PRNG seed of ${seed.length} bytes`);
  chargeTimes(meter, 'ComputeSha256Hash', 2, 64n);
  return new Uint8Array(createHmac('sha256', SEED_SALT).update(seed).digest());
}
