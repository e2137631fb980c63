// The sandbox's own keys (the root, friendbot's channels) derive and sign through node:crypto:
// the same public keys, secrets and signatures as the SDK's Keypair, and a network starts
// without running the SDK's ed25519 in JavaScript, whose first use builds its tables (counted
// through the SHA-512 that every key derivation and signature of that library calls).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { hash, Keypair, Networks } from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keypairFromSeed, masterKeypair } from '../src/core/openssl-keypair.js';
import { startNetworkWithFriendbot } from './support/network-start.js';

const seeds = [
  Buffer.alloc(32),
  Buffer.alloc(32, 0xff),
  hash(Buffer.from('a seed')),
  Keypair.random().rawSecretKey(),
].map((seed) => Buffer.from(seed));
const message = Buffer.from('a transaction hash, 32 bytes....');

describe('keypairFromSeed', () => {
  it.each(seeds.map((seed) => [seed.toString('hex').slice(0, 8), seed]))(
    'seed %s: the SDK keypair, key, secret and signatures',
    (_, seed) => {
      const ours = keypairFromSeed(seed);
      const sdk = Keypair.fromRawEd25519Seed(seed);
      expect(ours).toBeInstanceOf(Keypair);
      expect(ours.publicKey()).toBe(sdk.publicKey());
      expect(ours.secret()).toBe(sdk.secret());
      expect(ours.canSign()).toBe(true);
      expect(Buffer.from(ours.sign(message))).toEqual(Buffer.from(sdk.sign(message)));
      expect(ours.signDecorated(message).toXDR('base64')).toBe(sdk.signDecorated(message).toXDR('base64'));
      expect(sdk.verify(message, ours.sign(message))).toBe(true);
    },
  );

  it('refuses a seed that is not 32 bytes, as the SDK does', () => {
    expect(() => keypairFromSeed(Buffer.alloc(31))).toThrow('secretKey length is invalid');
  });

  it('masterKeypair is Keypair.master', () => {
    for (const passphrase of [Networks.STANDALONE, Networks.TESTNET, 'a passphrase ü'])
      expect(masterKeypair(passphrase).secret()).toBe(Keypair.master(passphrase).secret());
  });
});

describe('a network and its friendbot at start', () => {
  // The SDK's ed25519 library, as the SDK resolves it (the same module instance).
  let noble: { hashes: { sha512: (message: Uint8Array) => Uint8Array } };
  let original: (message: Uint8Array) => Uint8Array;
  let calls = 0;
  beforeAll(async () => {
    const sdk = createRequire(import.meta.url).resolve('@stellar/stellar-sdk');
    noble = await import(pathToFileURL(createRequire(sdk).resolve('@noble/ed25519')).href);
    original = noble.hashes.sha512;
    noble.hashes.sha512 = (input) => {
      calls++;
      return original(input);
    };
  });
  afterAll(() => {
    noble.hashes.sha512 = original;
  });

  it('derive keys and sign the channels set-up without the SDK ed25519', () => {
    calls = 0;
    startNetworkWithFriendbot();
    expect(calls).toBe(0);
    // The count sees the library: a key of the SDK's own derives through it.
    Keypair.random();
    expect(calls).toBeGreaterThan(0);
  });
});
