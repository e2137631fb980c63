// The sandbox hashes through node:crypto: the bytes of the SDK's `hash`, and a network starts
// (genesis, friendbot's keys and set-up transaction, the first close) without running the SDK's
// SHA-256 in JavaScript (counted through the digest of the class that library hashes with).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { hash } from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/core/sha256.js';
import { startNetworkWithFriendbot } from './support/network-start.js';

describe('sha256', () => {
  it.each([
    ['empty bytes', new Uint8Array()],
    ['bytes', Uint8Array.from({ length: 200 }, (_, i) => i)],
    ['text, as UTF-8', 'Standalone Network ; February 2017 ü'],
  ])('%s: the SDK hash, as a Uint8Array', (_, data) => {
    const ours = sha256(data);
    expect(ours.constructor).toBe(Uint8Array);
    expect(Buffer.from(ours)).toEqual(Buffer.from(hash(data as Uint8Array)));
  });
});

describe('a network and its friendbot at start', () => {
  type Digest = (this: unknown, ...args: unknown[]) => unknown;
  // The SDK's SHA-256 class, as the SDK resolves it (the same module instance).
  let sha256Class: { prototype: { digestInto: Digest } };
  let calls = 0;
  beforeAll(async () => {
    const sdk = createRequire(import.meta.url).resolve('@stellar/stellar-sdk');
    const noble = await import(pathToFileURL(createRequire(sdk).resolve('@noble/hashes/sha2.js')).href);
    sha256Class = noble._SHA256;
    const inherited = sha256Class.prototype.digestInto;
    sha256Class.prototype.digestInto = function (...args: unknown[]) {
      calls++;
      return inherited.apply(this, args);
    };
  });
  afterAll(() => {
    delete (sha256Class.prototype as { digestInto?: Digest }).digestInto;
  });

  it('hash without the SDK SHA-256', () => {
    calls = 0;
    startNetworkWithFriendbot();
    expect(calls).toBe(0);
    // The count sees the library: the SDK's hash goes through it.
    hash(new Uint8Array(1));
    expect(calls).toBeGreaterThan(0);
  });
});
