/**
 * `recover_key_ecdsa_secp256k1` (`host.rs`, `crypto/mod.rs`): k256's `recover_from_prehash`, the key
 * returned as a 65-byte uncompressed SEC-1 point.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { decodeEcdsaSignature } from './ecdsa-signature.js';
import { invalidInput } from './errors.js';
import { digestBytes } from './fixed-bytes.js';
import { type CryptoInput, type CryptoMeter, readInput } from './meter.js';

const ORDER = secp256k1.Point.Fn.ORDER;
/** k256's `RecoveryId::MAX`: bit 0 is y's parity, bit 1 says r was reduced from x >= n. */
const MAX_RECOVERY_ID = 3;

/** `secp256k1_recovery_id_from_u32val`: 0..=3 (not charged). */
export function secp256k1RecoveryId(recoveryId: number): number {
  if (!Number.isInteger(recoveryId) || recoveryId < 0 || recoveryId > MAX_RECOVERY_ID) {
    throw invalidInput(`invalid ECDSA-secp256k1 recovery ID ${recoveryId}`);
  }
  return recoveryId;
}

/**
 * The signature is read first, then the recovery id, then the 32-byte digest; recovery fails
 * (`(Crypto, InvalidInput)`) when r (+ n for ids 2 and 3) is no curve point's x or the key is the
 * identity.
 */
export function recoverKeyEcdsaSecp256k1(
  msgDigest: CryptoInput,
  signature: CryptoInput,
  recoveryId: number,
  meter: CryptoMeter,
): Uint8Array {
  // The signature read first, then the recovery id, then the digest (`recover_key_ecdsa_secp256k1`).
  const { r, s } = decodeEcdsaSignature(readInput(signature), ORDER, meter);
  const rid = secp256k1RecoveryId(recoveryId);
  const digest = digestBytes('msg_digest', readInput(msgDigest), meter);
  meter.charge('RecoverEcdsaSecp256k1Key');
  let key: ReturnType<typeof secp256k1.Point.fromBytes>;
  try {
    key = new secp256k1.Signature(r, s, rid).recoverPublicKey(digest);
  } catch {
    throw invalidInput('ECDSA-secp256k1 signature recovery failed');
  }
  return key.toBytes(false);
}
