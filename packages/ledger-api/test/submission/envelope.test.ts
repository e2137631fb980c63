import { Account, Keypair, Networks, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../src/index.js';
import { feeBumped, NETWORK, signedPayment } from './fixtures.js';

describe('readEnvelope', () => {
  it('reads a Transaction: base64, hash, maxTime', () => {
    const { tx } = signedPayment(1_900_000_000);
    const envelope = readEnvelope(tx);
    expect(envelope.xdr).toBe(tx.toEnvelope().toXDR('base64'));
    expect(envelope.hash()).toBe(tx.hash().toString('hex'));
    expect(envelope.maxTime).toBe(1_900_000_000);
  });

  it("takes a fee bump's time bounds from its inner transaction, and its own hash", () => {
    const { tx } = signedPayment(1_800_000_000);
    const bump = feeBumped(tx);
    const envelope = readEnvelope(bump);
    expect(envelope.maxTime).toBe(1_800_000_000);
    expect(envelope.hash()).toBe(bump.hash().toString('hex'));
    expect(envelope.hash()).not.toBe(tx.hash().toString('hex'));
    expect(readEnvelope(bump.toEnvelope().toXDR('base64')).maxTime).toBe(1_800_000_000);
  });

  it('has no maxTime without an upper bound', () => {
    expect(readEnvelope(signedPayment().tx).maxTime).toBeUndefined();
  });

  it('reads time bounds from V2 preconditions (time bounds together with ledger bounds)', () => {
    const source = Keypair.random();
    const tx = new TransactionBuilder(new Account(source.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: NETWORK,
    })
      .addOperation(Operation.bumpSequence({ bumpTo: '10' }))
      .setTimebounds(0, 1_700_000_123)
      .setLedgerbounds(5, 500)
      .build();
    expect(tx.toEnvelope().v1().tx().cond().switch().name).toBe('precondV2');
    expect(readEnvelope(tx.toEnvelope().toXDR('base64')).maxTime).toBe(1_700_000_123);
  });

  it('hashes a base64 envelope only with the network passphrase, and the passphrase matters', () => {
    const { tx } = signedPayment(1_900_000_000);
    const base64 = tx.toEnvelope().toXDR('base64');
    expect(readEnvelope(base64).hash()).toBeUndefined();
    expect(readEnvelope(base64, NETWORK).hash()).toBe(tx.hash().toString('hex'));
    expect(readEnvelope(base64, Networks.PUBLIC).hash()).not.toBe(tx.hash().toString('hex'));
    expect(readEnvelope(xdr.TransactionEnvelope.fromXDR(base64, 'base64'), NETWORK).xdr).toBe(base64);
  });

  it('refuses what is not an envelope', () => {
    expect(() => readEnvelope('AAAA')).toThrow(TypeError);
  });
});
