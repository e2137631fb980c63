/**
 * `verify_sig_ed25519` (`crypto/mod.rs`): the host decodes the key as curve25519-dalek does (any
 * 255-bit y, reduced mod p), then runs ed25519-dalek's `verify_strict`: s must be canonical, neither
 * R nor A may have small order, and [s]B - [k]A must encode to exactly the signature's R bytes.
 */
import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, equalBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { invalidInput } from './errors.js';
import { fixedLengthBytes } from './fixed-bytes.js';
import { type CryptoInput, type CryptoMeter, readInput } from './meter.js';

type EdwardsPoint = ReturnType<typeof ed25519.Point.fromBytes>;

const Point = ed25519.Point;
const FIELD_PRIME = Point.Fp.ORDER;
const GROUP_ORDER = Point.Fn.ORDER;
const KEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
const SIGN_BIT = 0x80;

/** A decoded ed25519 public key: its point and the bytes it came from (hashed as given). */
export interface Ed25519PublicKey {
  readonly bytes: Uint8Array;
  readonly point: EdwardsPoint;
}

/**
 * curve25519-dalek's `CompressedEdwardsY::decompress`: y is the low 255 bits taken mod p, the top bit
 * picks x's sign (also for x = 0). Undefined when y is not on the curve.
 */
function decompress(bytes: Uint8Array): EdwardsPoint | undefined {
  const last = bytes[KEY_BYTES - 1] ?? 0;
  const y = bytesToNumberLE(bytes.subarray(0, KEY_BYTES - 1)) + (BigInt(last & ~SIGN_BIT) << 248n);
  const canonical = numberToBytesLE(y % FIELD_PRIME, KEY_BYTES);
  canonical[KEY_BYTES - 1] = (canonical[KEY_BYTES - 1] ?? 0) | (last & SIGN_BIT);
  try {
    // zip215 mode keeps "x = 0 with the sign bit set", which dalek accepts too.
    return Point.fromBytes(canonical, true);
  } catch {
    return undefined;
  }
}

/** `ed25519_pub_key_from_bytes`: charged `ComputeEd25519PubKey` before the length is even checked. */
export function decodeEd25519PublicKey(bytes: Uint8Array, meter: CryptoMeter): Ed25519PublicKey {
  meter.charge('ComputeEd25519PubKey');
  if (bytes.length !== KEY_BYTES) throw invalidInput(`invalid length of ed25519 public key: ${bytes.length}`);
  const point = decompress(bytes);
  if (!point) throw invalidInput('invalid ed25519 public key');
  return { bytes: bytes.slice(), point };
}

/** `verify_sig_ed25519_internal`: `verify_strict`, charged `VerifyEd25519Sig` by message length. */
export function verifyEd25519Strict(
  key: Ed25519PublicKey,
  message: Uint8Array,
  signature: Uint8Array,
  meter: CryptoMeter,
): void {
  meter.charge('VerifyEd25519Sig', BigInt(message.length));
  if (!strictlyValid(key, message, signature)) throw invalidInput('failed ED25519 verification');
}

function strictlyValid(key: Ed25519PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const rBytes = signature.subarray(0, 32);
  const s = bytesToNumberLE(signature.subarray(32, SIGNATURE_BYTES));
  if (s >= GROUP_ORDER) return false;
  const r = decompress(rBytes);
  if (!r || r.isSmallOrder() || key.point.isSmallOrder()) return false;
  const digest = createHash('sha512').update(rBytes).update(key.bytes).update(message).digest();
  const k = bytesToNumberLE(digest) % GROUP_ORDER;
  const expected = Point.BASE.multiplyUnsafe(s).add(key.point.negate().multiplyUnsafe(k));
  return equalBytes(expected.toBytes(), rBytes);
}

/**
 * `verify_sig_ed25519(k, x, s)`: the key first (`(Crypto, InvalidInput)`), then the signature's length
 * (`(Object, UnexpectedSize)`), then the verification (`(Crypto, InvalidInput)`).
 */
/**
 * `verify_sig_ed25519`: the key read and decoded, then the signature, then the message. Each input
 * is read (its object visited) only when its turn comes: a bad key fails before the others are read.
 */
export function verifySigEd25519(
  publicKey: CryptoInput,
  message: CryptoInput,
  signature: CryptoInput,
  meter: CryptoMeter,
): void {
  const key = decodeEd25519PublicKey(readInput(publicKey), meter);
  const sig = fixedLengthBytes('sig', readInput(signature), SIGNATURE_BYTES, meter);
  verifyEd25519Strict(key, readInput(message), sig, meter);
}
