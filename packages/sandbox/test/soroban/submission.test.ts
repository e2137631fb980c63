// Soroban transactions refused at submission as stellar-core v23 refuses them
// (TransactionFrame::checkValid: XDRProvidesValidFee, commonValidPreSeqNum's
// checkSorobanResources and fee checks, the operations' doCheckValidForSoroban): built by hand,
// so no contract runs and no test data is needed.
import { hash, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Harness } from '../harness.js';
import { SETTINGS, sorobanTx } from './support.js';

const alice = Keypair.random();
const WASM = Buffer.from('not run at submission');

function codeKey(wasm: Buffer): xdr.LedgerKey {
  return xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(wasm) }));
}

function dataKey(durability: xdr.ContractDataDurability): xdr.LedgerKey {
  return xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract: xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32).fill(1))),
      key: xdr.ScVal.scvU32(1),
      durability,
    }),
  );
}

const persistent = dataKey(xdr.ContractDataDurability.persistent);
const temporary = dataKey(xdr.ContractDataDurability.temporary);
const offerKey = xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: alice.xdrAccountId(), offerId: 1n }));

interface Resources {
  readOnly?: xdr.LedgerKey[];
  readWrite?: xdr.LedgerKey[];
  instructions?: number;
  diskReadBytes?: number;
  writeBytes?: number;
  resourceFee?: bigint;
}

function sorobanData(r: Resources): xdr.SorobanTransactionData {
  return new xdr.SorobanTransactionData({
    ext: xdr.SorobanTransactionDataExt.v0(),
    resources: new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({ readOnly: r.readOnly ?? [], readWrite: r.readWrite ?? [] }),
      instructions: r.instructions ?? 1_000_000,
      diskReadBytes: r.diskReadBytes ?? 0,
      writeBytes: r.writeBytes ?? 1_000,
    }),
    resourceFee: r.resourceFee ?? 10_000_000n,
  });
}

const upload = (wasm = WASM) => Operation.uploadContractWasm({ wasm });
const extend = (extendTo = 1000) => Operation.extendFootprintTtl({ extendTo });
const restore = () => Operation.restoreFootprint({});

/** The same transaction with another fee or resource fee, signed again (the SDK's builder sums them). */
function rebuilt(h: Harness, op: xdr.Operation, data: xdr.SorobanTransactionData, fee: number): string {
  const envelope = sorobanTx(h, alice, op, sorobanData({ readWrite: [codeKey(WASM)] })).toEnvelope();
  if (envelope.type !== 'envelopeTypeTx') throw new Error(envelope.type);
  const tx = envelope.v1.tx;
  const changed = new xdr.Transaction({
    sourceAccount: tx.sourceAccount,
    fee,
    seqNum: tx.seqNum,
    cond: tx.cond,
    memo: tx.memo,
    operations: tx.operations,
    ext: xdr.TransactionExt.sorobanData(data),
  });
  const payload = new xdr.TransactionSignaturePayload({
    networkId: h.ledger.networkId,
    taggedTransaction: xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTx(changed),
  });
  const signature = alice.signDecorated(hash(payload.toXdr()));
  return xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx: changed, signatures: [signature] }),
  ).toXdr('base64');
}

const many = (n: number) => Array.from({ length: n }, (_, i) => codeKey(Buffer.from(`code ${i}`)));

const cases: { given: string; envelope: (h: Harness) => string; want: [string, string[]] }[] = [
  {
    given: 'an upload within every limit',
    envelope: (h) => sorobanTx(h, alice, upload(), sorobanData({ readWrite: [codeKey(WASM)] })).toXdr(),
    want: ['PENDING', []],
  },
  {
    given: 'more instructions than txMaxInstructions',
    envelope: (h) =>
      sorobanTx(
        h,
        alice,
        upload(),
        sorobanData({ readWrite: [codeKey(WASM)], instructions: 100_000_001 }),
      ).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'more disk read bytes than txMaxDiskReadBytes',
    envelope: (h) =>
      sorobanTx(
        h,
        alice,
        upload(),
        sorobanData({ readWrite: [codeKey(WASM)], diskReadBytes: 200_001 }),
      ).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'more write bytes than txMaxWriteBytes',
    envelope: (h) =>
      sorobanTx(h, alice, upload(), sorobanData({ readWrite: [codeKey(WASM)], writeBytes: 132_097 })).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'more written entries than txMaxWriteLedgerEntries',
    envelope: (h) => sorobanTx(h, alice, upload(), sorobanData({ readWrite: many(51) })).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'a key both read-only and read-write',
    envelope: (h) =>
      sorobanTx(
        h,
        alice,
        upload(),
        sorobanData({ readOnly: [codeKey(WASM)], readWrite: [codeKey(WASM)] }),
      ).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'an offer in the footprint',
    envelope: (h) => sorobanTx(h, alice, upload(), sorobanData({ readOnly: [offerKey] })).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'a resource fee below the resources it declares',
    envelope: (h) =>
      sorobanTx(h, alice, upload(), sorobanData({ readWrite: [codeKey(WASM)], resourceFee: 1n })).toXdr(),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'a resource fee above the full fee',
    envelope: (h) => rebuilt(h, upload(), sorobanData({ readWrite: [codeKey(WASM)] }), 5_000_000),
    want: ['txSorobanInvalid', []],
  },
  {
    given: 'a negative resource fee (XDRProvidesValidFee)',
    envelope: (h) => rebuilt(h, upload(), sorobanData({ readWrite: [codeKey(WASM)], resourceFee: -1n }), 100),
    want: ['txMalformed', []],
  },
  {
    given: 'an inclusion fee below the base fee',
    envelope: (h) => sorobanTx(h, alice, upload(), sorobanData({ readWrite: [codeKey(WASM)] }), 99).toXdr(),
    want: ['txInsufficientFee', []],
  },
  {
    given: 'Wasm over the network maximum contract size',
    envelope: (h) => {
      const wasm = Buffer.alloc(SETTINGS.contractMaxSizeBytes + 1);
      return sorobanTx(h, alice, upload(wasm), sorobanData({ readWrite: [codeKey(wasm)] })).toXdr();
    },
    want: ['txFailed', ['invokeHostFunctionMalformed']],
  },
  {
    given: 'an extension with a read-write footprint',
    envelope: (h) => sorobanTx(h, alice, extend(), sorobanData({ readWrite: [persistent] })).toXdr(),
    want: ['txFailed', ['extendFootprintTtlMalformed']],
  },
  {
    given: 'an extension of an account',
    envelope: (h) =>
      sorobanTx(
        h,
        alice,
        extend(),
        sorobanData({
          readOnly: [xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: alice.xdrAccountId() }))],
        }),
      ).toXdr(),
    want: ['txFailed', ['extendFootprintTtlMalformed']],
  },
  {
    given: 'an extension past maxEntryTtl - 1',
    envelope: (h) =>
      sorobanTx(
        h,
        alice,
        extend(SETTINGS.stateArchival.maxEntryTtl),
        sorobanData({ readOnly: [persistent] }),
      ).toXdr(),
    want: ['txFailed', ['extendFootprintTtlMalformed']],
  },
  {
    given: 'a restore with a read-only footprint',
    envelope: (h) => sorobanTx(h, alice, restore(), sorobanData({ readOnly: [persistent] })).toXdr(),
    want: ['txFailed', ['restoreFootprintMalformed']],
  },
  {
    given: 'a restore of a temporary entry',
    envelope: (h) => sorobanTx(h, alice, restore(), sorobanData({ readWrite: [temporary] })).toXdr(),
    want: ['txFailed', ['restoreFootprintMalformed']],
  },
];

describe('Soroban transactions at submission', () => {
  it.each(cases)('$given: $want', ({ envelope, want }) => {
    // A network of its own: the queue takes one transaction per source account.
    const h = Harness.funded('1000', alice);
    const submitted = h.submit(envelope(h));
    if (submitted.status === 'PENDING') {
      expect([submitted.status, []]).toEqual(want);
      return;
    }
    const result = submitted.errorResult as xdr.TransactionResult;
    const r = result.result;
    const ops =
      r.type === 'txFailed'
        ? r.results.map((op) => (op.type === 'opInner' ? (op.tr.value as { type: string }).type : op.type))
        : [];
    expect([r.type, ops]).toEqual(want);
  });
});
