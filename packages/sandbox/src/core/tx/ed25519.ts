/**
 * ed25519 signature checks (stellar-core PubKeyUtils::verifySig). The answer is the SDK's
 * strict verifier's (`Keypair.verify`: RFC 8032 decoding, small-order keys refused, as
 * libsodium refuses them); two things make it cheap without changing it:
 *
 * - node:crypto (OpenSSL) checks the signature first. When it accepts, for a canonical key that
 *   is not of small order and a canonical `S`, the strict verifier accepts too (OpenSSL's `R` is
 *   the canonical encoding of `[S]B - [k]A`, so the strict equation holds); every other case,
 *   every refusal included, goes to the SDK.
 * - Answers are cached, as stellar-core caches them (`gVerifySigCache`, 0xffff entries): one
 *   signature is checked at submission, again when applied, and once per operation each time.
 */
import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { Keypair, StrKey } from '@stellar/stellar-sdk/base';
import { BoundedCache } from '../bounded-cache.js';

const CACHE_SIZE = 0xffff;
const P = 2n ** 255n - 19n;
/** The order of the base point. */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
/** The y coordinates of the eight points of small order (libsodium `has_small_order`). */
const SMALL_ORDER_Y = new Set([
  0n,
  1n,
  P - 1n,
  0x05fc536d880238b13933c6d305acdfd5f098eff289f4c345b027b2c28f95e826n,
  0x7a03ac9277fdc74ec6cc392cfa53202a0f67100d760b3cba4fd84d3d706a17c7n,
]);

function littleEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}

const keyObjects = new BoundedCache<KeyObject | null>(CACHE_SIZE);
const answers = new BoundedCache<boolean>(CACHE_SIZE);

/** OpenSSL's key, or null where its answer may differ from the strict verifier's. */
function opensslKey(publicKey: Uint8Array): KeyObject | null {
  return keyObjects.get(Buffer.from(publicKey).toString('base64'), () => {
    const y = littleEndian(publicKey) & ((1n << 255n) - 1n);
    if (y >= P || SMALL_ORDER_Y.has(y)) return null;
    try {
      // A JWK is read straight into a key; DER goes through OpenSSL 3's decoders, 15 times slower.
      const x = Buffer.from(publicKey).toString('base64url');
      return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    } catch {
      return null;
    }
  });
}

function strictVerify(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): boolean {
  try {
    return Keypair.fromPublicKey(StrKey.encodeEd25519PublicKey(publicKey)).verify(data, signature);
  } catch {
    return false;
  }
}

/** For a 32-byte key and a 64-byte signature. */
function check(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): boolean {
  const key = opensslKey(publicKey);
  if (key && littleEndian(signature.subarray(32)) < L && verify(null, data, key, signature)) return true;
  return strictVerify(publicKey, signature, data);
}

/** Whether `signature` is `publicKey`'s over `data`. */
export function verifyEd25519(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): boolean {
  // Keys and signatures of other lengths are refused by the verifier and never cached.
  if (publicKey.length !== 32 || signature.length !== 64) return strictVerify(publicKey, signature, data);
  // Keyed by a digest, as stellar-core's verifySigCacheKey: a full cache stays a few megabytes.
  const id = createHash('sha256').update(publicKey).update(signature).update(data).digest('base64');
  return answers.get(id, () => check(publicKey, signature, data));
}
