/**
 * SHA-256 and Keccak-256 as the host computes them (`crypto/mod.rs`): the digest's 32-byte vector is
 * charged first (`charge_bulk_init_cpy`), then the hash by input length.
 */
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { type CryptoMeter, chargeByteVecInit } from './meter.js';

const DIGEST_BYTES = 32;

/** `sha256_hash_from_bytes_raw`: the hash alone, charged `ComputeSha256Hash` by input length. */
export function sha256Raw(bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  meter.charge('ComputeSha256Hash', BigInt(bytes.length));
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

/** `compute_hash_sha256`. */
export function computeHashSha256(bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  chargeByteVecInit(meter, DIGEST_BYTES);
  return sha256Raw(bytes, meter);
}

/** `keccak256_hash_from_bytes_raw`: the hash alone, charged `ComputeKeccak256Hash` by input length. */
export function keccak256Raw(bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  meter.charge('ComputeKeccak256Hash', BigInt(bytes.length));
  return keccak_256(bytes);
}

/** `compute_hash_keccak256`. */
export function computeHashKeccak256(bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  chargeByteVecInit(meter, DIGEST_BYTES);
  return keccak256Raw(bytes, meter);
}
