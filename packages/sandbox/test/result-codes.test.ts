// Every transaction result code stellar-core can give a classic transaction (but
// txINTERNAL_ERROR), each from a real signed envelope: where it shows (rejected at submission,
// or in a ledger with its fee charged and sequence number consumed), and what it carries.
import { Networks, Transaction, xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  Asset,
  codeOf,
  Harness,
  hashOf,
  innerCodeOf,
  Keypair,
  Operation,
  opCodesOf,
  recordsOf,
} from './harness.js';

const [alice, bob, poor] = [Keypair.random(), Keypair.random(), Keypair.random()];
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob);
  h.fund('1', poor); // exactly the 2 × 0.5 XLM reserve: nothing left for a fee
});

const pay = (to: Keypair, amount = '1') =>
  Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount });

/** A V0 (pre-protocol-13) envelope of the same transaction, signed alike. */
function v0Envelope(source: Keypair): string {
  const tx = new xdr.TransactionV0({
    sourceAccountEd25519: source.rawPublicKey(),
    fee: 100,
    seqNum: h.nextSeq(source),
    timeBounds: null,
    memo: xdr.Memo.memoNone(),
    operations: [pay(bob)],
    ext: xdr.TransactionV0Ext.v0(),
  });
  const v1 = xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx: h.raw(source, [pay(bob)]).tx, signatures: [] }),
  );
  const signature = source.signDecorated(new Transaction(v1, h.passphrase).hash());
  return xdr.TransactionEnvelope.envelopeTypeTxV0(
    new xdr.TransactionV0Envelope({ tx, signatures: [signature] }),
  ).toXdr('base64');
}

const uploadWasm = () =>
  Operation.invokeHostFunction({
    func: xdr.HostFunction.hostFunctionTypeUploadContractWasm(new Uint8Array([0, 97, 115, 109])),
    auth: [],
  });

/** Protocol 19 preconditions with only `extraSigners`. */
const withExtraSigners = (extraSigners: xdr.SignerKey[]) =>
  xdr.Preconditions.precondV2(
    new xdr.PreconditionsV2({
      timeBounds: null,
      ledgerBounds: null,
      minSeqNum: null,
      minSeqAge: 0n,
      minSeqLedgerGap: 0,
      extraSigners,
    }),
  );

interface Case {
  code: string;
  name: string;
  envelope: () => string;
  /** Extra expectations on the result. */
  inner?: string;
  ops?: string[];
  fee?: bigint;
}

const rejected: Case[] = [
  {
    code: 'txFailed',
    name: 'an operation fails its checks (create_account to itself)',
    envelope: () =>
      h
        .tx(alice, [Operation.createAccount({ destination: alice.publicKey(), startingBalance: '1' })])
        .toXdr(),
    ops: ['createAccountMalformed'],
    fee: 100n,
  },
  {
    code: 'txTooEarly',
    name: 'min time after the ledger close time',
    envelope: () => h.tx(alice, [pay(bob)], { timebounds: { minTime: h.clock + 3600, maxTime: 0 } }).toXdr(),
  },
  {
    code: 'txTooEarly',
    name: 'min ledger after the next ledger',
    envelope: () => h.tx(alice, [pay(bob)], { ledgerbounds: { minLedger: 100, maxLedger: 0 } }).toXdr(),
  },
  {
    code: 'txTooLate',
    name: 'max time already past',
    envelope: () => h.tx(alice, [pay(bob)], { timebounds: { minTime: 0, maxTime: h.clock - 60 } }).toXdr(),
  },
  {
    code: 'txTooLate',
    name: 'max ledger not after the next ledger',
    envelope: () => h.tx(alice, [pay(bob)], { ledgerbounds: { minLedger: 0, maxLedger: 3 } }).toXdr(),
  },
  { code: 'txMissingOperation', name: 'no operation', envelope: () => h.raw(alice, []).envelope },
  {
    code: 'txBadSeq',
    name: 'a sequence number ahead of the next one',
    envelope: () => h.tx(alice, [pay(bob)], { seq: h.nextSeq(alice) + 1n }).toXdr(),
    fee: 100n,
  },
  {
    code: 'txBadAuth',
    name: 'signed by a key that is not a signer',
    envelope: () => h.tx(alice, [pay(bob)], { signers: [Keypair.random()] }).toXdr(),
  },
  {
    code: 'txBadAuth',
    name: 'signed for another network',
    envelope: () => {
      const tx = h.tx(alice, [pay(bob)], { signers: [] });
      const other = new Transaction(tx.toEnvelope(), Networks.TESTNET);
      other.sign(alice);
      return other.toXdr();
    },
  },
  {
    code: 'txInsufficientBalance',
    name: 'the fee would eat into the reserve',
    envelope: () => h.tx(poor, [Operation.bumpSequence({ bumpTo: '0' })]).toXdr(),
  },
  {
    code: 'txNoAccount',
    name: 'the source account does not exist',
    envelope: () => {
      const stranger = Keypair.random();
      return h.tx(stranger, [pay(bob)], { seq: 1n }).toXdr();
    },
  },
  {
    code: 'txInsufficientFee',
    name: 'a fee below the base fee × operations',
    envelope: () => h.tx(alice, [pay(bob), pay(bob)], { fee: 50 }).toXdr(),
  },
  {
    code: 'txBadAuthExtra',
    name: 'a signature no signer needed',
    envelope: () => h.tx(alice, [pay(bob)], { signers: [alice, Keypair.random()] }).toXdr(),
  },
  { code: 'txNotSupported', name: 'a V0 envelope (protocol 13 on)', envelope: () => v0Envelope(alice) },
  {
    code: 'txMalformed',
    name: 'a Soroban operation without SorobanTransactionData (XDRProvidesValidFee)',
    envelope: () => h.tx(alice, [uploadWasm()]).toXdr(),
  },
  {
    code: 'txMalformed',
    name: 'the same extra signer twice',
    envelope: () => {
      const signer = xdr.SignerKey.signerKeyTypeEd25519(bob.rawPublicKey());
      return h.raw(alice, [pay(bob)], alice, withExtraSigners([signer, signer])).envelope;
    },
  },
  {
    code: 'txMalformed',
    name: 'an extra signer of a signed payload that is empty',
    envelope: () => {
      const payload = new xdr.SignerKeyEd25519SignedPayload({
        ed25519: bob.rawPublicKey(),
        payload: new Uint8Array(0),
      });
      return h.raw(
        alice,
        [pay(bob)],
        alice,
        withExtraSigners([xdr.SignerKey.signerKeyTypeEd25519SignedPayload(payload)]),
      ).envelope;
    },
  },
  {
    code: 'txMalformed',
    name: 'a Soroban operation beside another one',
    envelope: () => h.raw(alice, [uploadWasm(), pay(bob)]).envelope,
  },
  {
    code: 'txFeeBumpInnerFailed',
    name: 'a fee bump whose inner transaction fails its checks',
    envelope: () => h.feeBump(bob, h.tx(alice, [pay(bob)], { seq: h.nextSeq(alice) + 5n }), 200).toXdr(),
    inner: 'txBadSeq',
  },
];

describe('rejected at submission: status ERROR, never in a ledger', () => {
  it.each(rejected)('$code: $name', (c) => {
    const before = h.account(alice);
    const submitted = h.submit(c.envelope());
    expect(submitted.status).toBe('ERROR');
    const result = xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64');
    expect(codeOf(result)).toBe(c.code);
    if (c.inner) expect(innerCodeOf(result)).toBe(c.inner);
    if (c.ops) expect(opCodesOf(result)).toEqual(c.ops);
    if (c.fee !== undefined) expect(result.feeCharged).toBe(c.fee);
    expect(h.ledger.pending()).toEqual([]);
    const meta = h.close();
    expect(recordsOf(meta).size).toBe(0);
    expect(h.account(alice)).toEqual(before);
  });
});

describe('applied: in the ledger, fee charged, sequence number consumed', () => {
  const applied = [
    {
      code: 'txSuccess',
      name: 'a payment',
      build: () => h.tx(alice, [pay(bob)]),
      ops: ['paymentSuccess'],
    },
    {
      code: 'txFailed',
      name: 'an operation fails when applied (payment beyond the balance)',
      build: () => h.tx(alice, [pay(bob, '1'), pay(bob, '5000')]),
      ops: ['paymentSuccess', 'paymentUnderfunded'],
    },
    {
      code: 'txBadSponsorship',
      name: 'sponsoring future reserves without ending it',
      build: () => h.tx(alice, [Operation.beginSponsoringFutureReserves({ sponsoredId: bob.publicKey() })]),
    },
    {
      code: 'txFeeBumpInnerSuccess',
      name: 'a fee bump of a payment',
      build: () => h.feeBump(bob, h.tx(alice, [pay(bob)]), 200),
      inner: 'txSuccess',
    },
    {
      code: 'txFeeBumpInnerFailed',
      name: 'a fee bump whose inner payment fails when applied',
      build: () => h.feeBump(bob, h.tx(alice, [pay(bob, '5000')]), 200),
      inner: 'txFailed',
      ops: ['paymentUnderfunded'],
    },
  ];

  it.each(applied)('$code: $name', (c) => {
    const tx = c.build();
    const seq = h.nextSeq(alice);
    const { results } = h.apply(tx);
    const record = results.get(hashOf(tx));
    if (!record) throw new Error('the transaction is not in the ledger');
    expect(codeOf(record.result)).toBe(c.code);
    if (c.inner) expect(innerCodeOf(record.result)).toBe(c.inner);
    if (c.ops) expect(opCodesOf(record.result)).toEqual(c.ops);
    expect(record.result.feeCharged > 0n).toBe(true);
    expect(h.account(alice)?.seqNum).toBe(seq);
  });
});
