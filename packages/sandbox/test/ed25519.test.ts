// ed25519 checks answer as the strict verifier (and libsodium, which stellar-core uses) does,
// although node:crypto checks first: OpenSSL accepts signatures forged for keys of small order
// or keys encoded out of range, which must stay refused.
import { createPublicKey, verify } from 'node:crypto';
import { hash, Keypair, Operation, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/core/bounded-cache.js';
import { verifyEd25519 } from '../src/core/tx/ed25519.js';
import { Harness, type RawTx } from './harness.js';

const signer = Keypair.fromRawEd25519Seed(hash(new TextEncoder().encode('ed25519 test signer')));
const other = Keypair.fromRawEd25519Seed(hash(new TextEncoder().encode('ed25519 test other')));
const message = hash(new TextEncoder().encode('a transaction hash'));
const signature = new Uint8Array(signer.sign(Buffer.from(message)));

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const littleEndian = (n: bigint) =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const fromLittleEndian = (bytes: Uint8Array) => bytes.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);

/** `signature` with S replaced by S + L: the same point equation, a non-canonical S. */
const withBigS = Uint8Array.from([
  ...signature.subarray(0, 32),
  ...littleEndian(fromLittleEndian(signature.subarray(32)) + L),
]);
const flipped = Uint8Array.from(signature, (b, i) => (i === 40 ? b ^ 1 : b));

// With A of small order, [k]A vanishes: R = [1]B and S = 1 pass OpenSSL's check for any message.
const BASE_POINT = Buffer.from('5866666666666666666666666666666666666666666666666666666666666666', 'hex');
const forged = Uint8Array.from([...BASE_POINT, 1, ...new Uint8Array(31)]);
const identity = Uint8Array.from([1, ...new Uint8Array(31)]);
const identityWithSignBit = Uint8Array.from([1, ...new Uint8Array(30), 0x80]);
/** p + 1, which reduces to the identity's y = 1 (RFC 8032 refuses y ≥ p). */
const identityOutOfRange = Buffer.from(`ee${'ff'.repeat(30)}7f`, 'hex');

const opensslAccepts = (publicKey: Uint8Array, sig: Uint8Array, data: Uint8Array) =>
  verify(
    null,
    data,
    createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]),
      format: 'der',
      type: 'spki',
    }),
    sig,
  );

describe('verifyEd25519', () => {
  it.each([
    ['the signer’s signature', signer.rawPublicKey(), signature, message, true],
    ['another message', signer.rawPublicKey(), signature, hash(new TextEncoder().encode('other')), false],
    ['a flipped bit', signer.rawPublicKey(), flipped, message, false],
    ['another key', other.rawPublicKey(), signature, message, false],
    ['S + L (not canonical)', signer.rawPublicKey(), withBigS, message, false],
    ['a 31-byte key', signer.rawPublicKey().subarray(1), signature, message, false],
    ['a 63-byte signature', signer.rawPublicKey(), signature.subarray(1), message, false],
    ['forged for the identity', identity, forged, message, false],
    ['forged for the identity, sign bit set', identityWithSignBit, forged, message, false],
    ['forged for the identity encoded as p + 1', identityOutOfRange, forged, message, false],
  ])('%s', (_name, publicKey, sig, data, want) => {
    expect(verifyEd25519(publicKey, sig, data)).toBe(want);
    // The same answer the second time, from the cache.
    expect(verifyEd25519(publicKey, sig, data)).toBe(want);
  });

  // node:crypto alone accepts some of these on OpenSSL 3.0 (Node 20) and not all on later ones:
  // whatever it says, the verifier refuses them.
  it('refuses forged signatures of small-order keys, whatever node:crypto alone would say', () => {
    const accepted = [identity, identityWithSignBit, identityOutOfRange].filter((key) =>
      opensslAccepts(key, forged, message),
    );
    if (process.versions.node.startsWith('20.')) expect(accepted.length).toBeGreaterThan(0);
    for (const key of [identity, identityWithSignBit, identityOutOfRange]) {
      expect(verifyEd25519(key, forged, message)).toBe(false);
    }
  });
});

describe('a transaction from an account whose key is the identity', () => {
  it('is refused with txBAD_AUTH when its signature is forged', () => {
    const h = new Harness();
    const address = StrKey.encodeEd25519PublicKey(Buffer.from(identity));
    h.apply(h.tx(h.ledger.root, [Operation.createAccount({ destination: address, startingBalance: '10' })]));
    const source = Keypair.fromPublicKey(address);
    const tx = new xdr.Transaction({
      sourceAccount: source.xdrMuxedAccount(),
      fee: 100,
      seqNum: h.nextSeq(source),
      cond: xdr.Preconditions.precondNone(),
      memo: xdr.Memo.memoNone(),
      operations: [Operation.bumpSequence({ bumpTo: '0' })],
      ext: xdr.TransactionExt.v0(),
    });
    const signatures = [new xdr.DecoratedSignature({ hint: identity.subarray(28), signature: forged })];
    const envelope = xdr.TransactionEnvelope.envelopeTypeTx(
      new xdr.TransactionV1Envelope({ tx, signatures }),
    );
    const raw: RawTx = { envelope: envelope.toXdr('base64'), hash: '', tx };
    const outcome = h.outcome(raw);
    expect([outcome.where, outcome.code]).toEqual(['rejected', 'txBadAuth']);
  });
});

describe('BoundedCache', () => {
  it('computes a value once and forgets the oldest past its size', () => {
    const cache = new BoundedCache<number>(2);
    let computed = 0;
    const value = (key: string, n: number) =>
      cache.get(key, () => {
        computed++;
        return n;
      });
    expect([value('a', 1), value('a', 9), value('b', 2)]).toEqual([1, 1, 2]);
    expect(computed).toBe(2);
    expect(value('c', 3)).toBe(3); // 'a' is forgotten
    expect(cache.size).toBe(2);
    expect(value('a', 4)).toBe(4);
    expect(value('c', 9)).toBe(3);
  });
});
