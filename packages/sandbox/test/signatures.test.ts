// Signatures against signers and thresholds as stellar-core's SignatureChecker weighs them:
// multi-sig, pre-authorized transactions, hash-x preimages, ed25519 signed payloads, extra
// signers, and the sequence preconditions of protocol 19.
import {
  Account,
  hash,
  Keypair,
  Operation,
  StrKey,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Harness, type Outcome } from './harness.js';

const [alice, bob, cosigner] = [Keypair.random(), Keypair.random(), Keypair.random()];
let h: Harness;

beforeEach(() => {
  h = Harness.funded('100', alice, bob);
});

const bump = () => Operation.bumpSequence({ bumpTo: '0' });
function where(outcome: Outcome): [string, string, string[]] {
  return [outcome.where, outcome.code, outcome.ops];
}

describe('thresholds', () => {
  beforeEach(() => {
    // master 1, cosigner 1; low 1, medium 2, high 3
    h.outcome(
      h.tx(alice, [
        Operation.setOptions({ signer: { ed25519PublicKey: cosigner.publicKey(), weight: 1 } }),
        Operation.setOptions({ masterWeight: 1, lowThreshold: 1, medThreshold: 2, highThreshold: 3 }),
      ]),
    );
  });

  it('a low operation needs the low threshold', () => {
    expect(where(h.outcome(h.tx(alice, [bump()])))).toEqual(['ledger', 'txSuccess', ['bumpSequenceSuccess']]);
  });

  it('a medium operation with one signature: txFAILED opBAD_AUTH, when submitted', () => {
    expect(where(h.outcome(h.tx(alice, [Operation.manageData({ name: 'k', value: 'v' })])))).toEqual([
      'rejected',
      'txFailed',
      ['opBadAuth'],
    ]);
  });

  it('a medium operation with both signatures', () => {
    const outcome = h.outcome(
      h.tx(alice, [Operation.manageData({ name: 'k', value: 'v' })], { signers: [alice, cosigner] }),
    );
    expect(where(outcome)).toEqual(['ledger', 'txSuccess', ['manageDataSuccess']]);
  });

  it('a high operation (a signer change) with weight 2 of 3: opBAD_AUTH', () => {
    const op = Operation.setOptions({
      signer: { ed25519PublicKey: Keypair.random().publicKey(), weight: 1 },
    });
    expect(where(h.outcome(h.tx(alice, [op], { signers: [alice, cosigner] })))).toEqual([
      'rejected',
      'txFailed',
      ['opBadAuth'],
    ]);
  });

  it('the cosigner alone reaches the low threshold', () => {
    expect(where(h.outcome(h.tx(alice, [bump()], { signers: [cosigner] })))).toEqual([
      'ledger',
      'txSuccess',
      ['bumpSequenceSuccess'],
    ]);
  });
});

describe('signer kinds', () => {
  it('a pre-authorized transaction needs no signature and removes its signer when applied', () => {
    const seq = h.nextSeq(alice);
    const future = h.tx(alice, [bump()], { seq: seq + 1n, signers: [] });
    h.outcome(h.tx(alice, [Operation.setOptions({ signer: { preAuthTx: future.hash(), weight: 1 } })]));
    expect(h.account(alice)?.signers).toHaveLength(1);
    const outcome = h.outcome(future);
    expect(where(outcome)).toEqual(['ledger', 'txSuccess', ['bumpSequenceSuccess']]);
    expect(h.account(alice)?.signers).toHaveLength(0);
    expect(h.account(alice)?.numSubEntries).toBe(0);
  });

  it('a hash-x signer is satisfied by the preimage', () => {
    const preimage = new TextEncoder().encode('open sesame');
    h.outcome(
      h.tx(alice, [
        Operation.setOptions({ signer: { sha256Hash: hash(preimage), weight: 1 }, masterWeight: 0 }),
      ]),
    );
    const tx = h.tx(alice, [bump()], { signers: [] });
    tx.signHashX(preimage);
    expect(where(h.outcome(tx))).toEqual(['ledger', 'txSuccess', ['bumpSequenceSuccess']]);
    const wrong = h.tx(alice, [bump()], { signers: [] });
    wrong.signHashX(new TextEncoder().encode('open barley'));
    expect(where(h.outcome(wrong))[1]).toBe('txBadAuth');
  });

  it('an ed25519 signed payload signer is satisfied by a signature of the payload', () => {
    const payload = new Uint8Array([1, 2, 3, 4, 5]);
    const signedPayload = StrKey.encodeSignedPayload(
      new xdr.SignerKeyEd25519SignedPayload({ ed25519: cosigner.rawPublicKey(), payload }).toXdr(),
    );
    h.outcome(
      h.tx(alice, [Operation.setOptions({ signer: { ed25519SignedPayload: signedPayload, weight: 1 } })]),
    );
    const tx = h.tx(alice, [bump()], { signers: [] });
    tx.addDecoratedSignature(cosigner.signPayloadDecorated(payload));
    expect(where(h.outcome(tx))).toEqual(['ledger', 'txSuccess', ['bumpSequenceSuccess']]);
  });
});

describe('preconditions', () => {
  const build = (source: Keypair, options: Record<string, unknown>, seq = h.nextSeq(source)) => {
    const builder = new TransactionBuilder(new Account(source.publicKey(), (seq - 1n).toString()), {
      fee: '100',
      networkPassphrase: h.passphrase,
      ...options,
    });
    const tx = builder.addOperation(bump()).setTimeout(TimeoutInfinite).build();
    tx.sign(source);
    return tx;
  };

  it('extra signers must all sign', () => {
    const tx = build(alice, { extraSigners: [cosigner.publicKey()] });
    expect(where(h.outcome(tx))[1]).toBe('txBadAuth');
    const signed = build(alice, { extraSigners: [cosigner.publicKey()] });
    signed.sign(cosigner);
    expect(where(h.outcome(signed))[1]).toBe('txSuccess');
  });

  it('a minimum sequence number lets a later sequence number through', () => {
    const seq = h.nextSeq(alice);
    const tx = build(alice, { minAccountSequence: (seq - 1n).toString() }, seq + 10n);
    expect(where(h.outcome(tx))[1]).toBe('txSuccess');
    expect(h.account(alice)?.seqNum).toBe(seq + 10n);
  });

  it('a minimum sequence age not yet reached: txBAD_MIN_SEQ_AGE_OR_GAP', () => {
    h.outcome(h.tx(alice, [bump()]));
    expect(where(h.outcome(build(alice, { minAccountSequenceAge: 3600n })))[1]).toBe('txBadMinSeqAgeOrGap');
    expect(where(h.outcome(build(alice, { minAccountSequenceLedgerGap: 10 })))[1]).toBe(
      'txBadMinSeqAgeOrGap',
    );
    expect(where(h.outcome(build(alice, { minAccountSequenceLedgerGap: 1 })))[1]).toBe('txSuccess');
  });
});
