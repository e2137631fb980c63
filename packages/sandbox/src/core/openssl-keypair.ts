/**
 * Keypairs of the sandbox's own accounts (the root, friendbot's channels) that derive their
 * public key and sign through node:crypto (OpenSSL) instead of the SDK's ed25519 in JavaScript,
 * whose first use builds a table of base-point multiples: about 100 ms of the start, then a
 * millisecond or more per key. Ed25519 signing (RFC 8032) is deterministic, so the keys and
 * signatures are the SDK's, byte for byte; everything else is the SDK's Keypair.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { Keypair } from '@stellar/stellar-sdk/base';
import { sha256 } from './sha256.js';

class OpenSslKeypair extends Keypair {
  readonly #privateKey: KeyObject;

  constructor(seed: Uint8Array) {
    // A JWK private key is the raw seed (`d`; node:crypto requires `x` to be a string and reads
    // only `d`): on Node 20 about ten times faster than decoding the same key as PKCS #8 DER,
    // which goes through OpenSSL's decoder look-up for every key.
    const privateKey = createPrivateKey({
      key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x: '' },
      format: 'jwk',
    });
    const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
    super({ type: 'ed25519', publicKey: Buffer.from(x as string, 'base64url') });
    this.#privateKey = privateKey;
    // What the SDK's secret(), rawSecretKey() and canSign() read.
    Object.assign(this, { _secretSeed: Uint8Array.from(seed), _secretKey: Uint8Array.from(seed) });
  }

  override sign(data: Uint8Array): Uint8Array {
    return Uint8Array.from(sign(null, data, this.#privateKey));
  }
}

/** `Keypair.fromRawEd25519Seed(seed)`. */
export function keypairFromSeed(seed: Uint8Array): Keypair {
  if (seed.length !== 32) throw new Error('secretKey length is invalid');
  return new OpenSslKeypair(seed);
}

/** `Keypair.master(passphrase)`: the root account of the network. */
export function masterKeypair(passphrase: string): Keypair {
  return keypairFromSeed(sha256(Buffer.from(passphrase)));
}
