import { Account, Keypair, Networks, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { expectUnionVariant } from '@stellar/stellar-sdk/xdr';
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../src/index.js';
import { feeBumped, hashHex, NETWORK, signedPayment } from './fixtures.js';

describe('readEnvelope', () => {
  it('reads a Transaction: base64, hash, maxTime', () => {
    const { tx } = signedPayment(1_900_000_000);
    const envelope = readEnvelope(tx);
    expect(envelope.xdr).toBe(tx.toEnvelope().toXdr('base64'));
    expect(envelope.hash()).toBe(hashHex(tx));
    expect(envelope.maxTime).toBe(1_900_000_000);
  });

  it("takes a fee bump's time bounds from its inner transaction, and its own hash", () => {
    const { tx } = signedPayment(1_800_000_000);
    const bump = feeBumped(tx);
    const envelope = readEnvelope(bump);
    expect(envelope.maxTime).toBe(1_800_000_000);
    expect(envelope.hash()).toBe(hashHex(bump));
    expect(envelope.hash()).not.toBe(hashHex(tx));
    expect(readEnvelope(bump.toEnvelope().toXdr('base64')).maxTime).toBe(1_800_000_000);
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
    expect(expectUnionVariant(tx.toEnvelope(), 'envelopeTypeTx').v1.tx.cond.type).toBe('precondV2');
    expect(readEnvelope(tx.toEnvelope().toXdr('base64')).maxTime).toBe(1_700_000_123);
  });

  it('hashes a base64 envelope only with the network passphrase, and the passphrase matters', () => {
    const { tx } = signedPayment(1_900_000_000);
    const base64 = tx.toEnvelope().toXdr('base64');
    expect(readEnvelope(base64).hash()).toBeUndefined();
    expect(readEnvelope(base64, NETWORK).hash()).toBe(hashHex(tx));
    expect(readEnvelope(base64, Networks.PUBLIC).hash()).not.toBe(hashHex(tx));
    expect(readEnvelope(xdr.TransactionEnvelope.fromXdr(base64, 'base64'), NETWORK).xdr).toBe(base64);
  });

  // SCV_EXECUTABLE_TAG (ScValType 22) came with CAP-85; an XDR library from before it throws
  // "unknown ScValType member for value 22" on an envelope carrying one.
  it('reads an envelope whose contract call passes a CAP-85 executable tag', () => {
    const source = Keypair.random();
    const tx = new TransactionBuilder(new Account(source.publicKey(), '7'), {
      fee: '100',
      networkPassphrase: NETWORK,
    })
      .addOperation(
        Operation.invokeContractFunction({
          contract: 'CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC',
          function: 'deploy',
          args: [xdr.ScVal.scvExecutableTag('wasm')],
        }),
      )
      .setTimebounds(0, 1_900_000_321)
      .build();
    tx.sign(source);
    const base64 = tx.toEnvelope().toXdr('base64');
    const envelope = readEnvelope(base64, NETWORK);
    expect(envelope.maxTime).toBe(1_900_000_321);
    expect(envelope.hash()).toBe(hashHex(tx));
  });

  it('refuses what is not an envelope', () => {
    expect(() => readEnvelope('AAAA')).toThrow(TypeError);
  });
});
