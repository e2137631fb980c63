// The envelopes the submission checks send: one is not XDR, the other a well-formed unsigned
// transaction from a fresh account, which no network can apply.
import { Keypair, StrKey, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { MALFORMED_ENVELOPE, unfundedEnvelope } from '../../src/index.js';
import { compareTokens } from '../../src/stellar/paging-tokens.js';

describe('the submission envelopes', () => {
  it('MALFORMED_ENVELOPE is base64 that is no TransactionEnvelope', () => {
    expect(Buffer.from(MALFORMED_ENVELOPE, 'base64').length).toBeGreaterThan(0);
    expect(() => xdr.TransactionEnvelope.fromXdr(MALFORMED_ENVELOPE, 'base64')).toThrow();
  });

  it('unfundedEnvelope is an unsigned v1 transaction with one bump-sequence operation', () => {
    const key = Keypair.random();
    const envelope = unfundedEnvelope(key.rawPublicKey());
    const tx = TransactionBuilder.fromXdr(envelope, 'Test SDF Network ; September 2015');
    expect(tx.toEnvelope().toXdr('base64')).toBe(envelope);
    expect('source' in tx && tx.source).toBe(key.publicKey());
    expect(StrKey.isValidEd25519PublicKey(key.publicKey())).toBe(true);
    expect(tx.fee).toBe('100');
    expect(tx.signatures).toEqual([]);
    expect(tx.operations).toEqual([expect.objectContaining({ type: 'bumpSequence', bumpTo: '2' })]);
  });

  it('uses a fresh account each time', () => {
    expect(unfundedEnvelope()).not.toBe(unfundedEnvelope());
  });
});

describe('compareTokens', () => {
  it('orders TOIDs and pair tokens numerically, part by part', () => {
    expect(compareTokens('9', '10')).toBeLessThan(0);
    expect(compareTokens('4294967296', '4294967296')).toBe(0);
    expect(compareTokens('12884905985-2', '12884905985-10')).toBeLessThan(0);
    expect(compareTokens('12884905986-1', '12884905985-10')).toBeGreaterThan(0);
    expect(compareTokens('GB', 'GA')).toBeGreaterThan(0);
  });
});
