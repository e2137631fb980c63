/**
 * ECDSA signatures over 256-bit curves as `ecdsa_signature_from_bytes` (`crypto/mod.rs`) reads them:
 * 64 bytes r || s, both in [1, n-1] (the `ecdsa` crate's `Signature::try_from`), and s in the low
 * half (`s <= n/2`), since the host refuses the malleable high-S twin.
 */
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { invalidInput } from './errors.js';
import type { CryptoMeter } from './meter.js';

const SIGNATURE_BYTES = 64;

export interface EcdsaSignature {
  readonly r: bigint;
  readonly s: bigint;
}

/** Decodes a compact signature for a curve of order `order`, charged `DecodeEcdsaCurve256Sig`. */
export function decodeEcdsaSignature(bytes: Uint8Array, order: bigint, meter: CryptoMeter): EcdsaSignature {
  meter.charge('DecodeEcdsaCurve256Sig');
  if (bytes.length !== SIGNATURE_BYTES) throw invalidInput(`invalid ECDSA signature length ${bytes.length}`);
  const r = bytesToNumberBE(bytes.subarray(0, 32));
  const s = bytesToNumberBE(bytes.subarray(32));
  if (r === 0n || r >= order || s === 0n || s >= order) throw invalidInput('invalid ECDSA signature');
  if (s > order >> 1n) throw invalidInput("ECDSA signature 's' part is not normalized to low form");
  return { r, s };
}
