/**
 * `verify_sig_ecdsa_secp256r1` (protocol 21, `host.rs`, `crypto/mod.rs`): the key must be an
 * uncompressed SEC-1 point (tag 0x04, 65 bytes, on the curve), the signature low-S, the digest 32 bytes.
 */
import { p256 } from '@noble/curves/nist.js';
import { decodeEcdsaSignature } from './ecdsa-signature.js';
import { invalidInput } from './errors.js';
import { digestBytes } from './fixed-bytes.js';
import { type CryptoInput, type CryptoMeter, readInput } from './meter.js';

const ORDER = p256.Point.Fn.ORDER;
const UNCOMPRESSED_TAG = 0x04;
const UNCOMPRESSED_BYTES = 65;

/**
 * `secp256r1_decode_sec1_uncompressed_pubkey`, charged `Sec1DecodePointUncompressed`: a compressed,
 * identity or unknown tag, a wrong length or a point off the curve are all `(Crypto, InvalidInput)`.
 */
export function decodeSecp256r1PublicKey(bytes: Uint8Array, meter: CryptoMeter): Uint8Array {
  meter.charge('Sec1DecodePointUncompressed');
  if (bytes[0] !== UNCOMPRESSED_TAG || bytes.length !== UNCOMPRESSED_BYTES) {
    throw invalidInput('invalid ECDSA public key');
  }
  try {
    p256.Point.fromBytes(bytes);
  } catch {
    throw invalidInput('invalid ECDSA public key');
  }
  return bytes.slice();
}

/** Returns normally when the signature verifies; every refusal is an error, as in the host. */
export function verifySigEcdsaSecp256r1(
  publicKey: CryptoInput,
  msgDigest: CryptoInput,
  signature: CryptoInput,
  meter: CryptoMeter,
): void {
  // The key read first, then the signature, then the digest (`verify_sig_ecdsa_secp256r1`).
  const key = decodeSecp256r1PublicKey(readInput(publicKey), meter);
  const sig = readInput(signature);
  decodeEcdsaSignature(sig, ORDER, meter);
  const digest = digestBytes('msg_digest', readInput(msgDigest), meter);
  meter.charge('VerifyEcdsaSecp256r1Sig');
  if (!p256.verify(sig, digest, key, { prehash: false, lowS: false })) {
    throw invalidInput('failed secp256r1 verification');
  }
}
