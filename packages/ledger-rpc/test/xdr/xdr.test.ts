// XDR fields decoded on request, with real XDR built by @stellar/stellar-sdk.
import {
  Account,
  Address,
  Asset,
  Keypair,
  Networks,
  nativeToScVal,
  Operation,
  scValToNative,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { expectUnionVariant } from '@stellar/stellar-sdk/xdr';
import { describe, expect, it } from 'vitest';
import {
  decodeLedgerCloseMeta,
  decodeLedgerEntryData,
  decodeScVal,
  decodeTransactionEnvelope,
  decodeTransactionMeta,
  decodeXdr,
  document,
  XDR_TYPES,
  XdrDecodeError,
  xdrFields,
  xdrFieldsOf,
} from '../../src/index.js';

const source = Keypair.fromRawEd25519Seed(new Uint8Array(32).fill(1));
const destination = Keypair.fromRawEd25519Seed(new Uint8Array(32).fill(2)).publicKey();
const CONTRACT = 'CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC';

function envelope(): string {
  const tx = new TransactionBuilder(new Account(source.publicKey(), '41'), {
    fee: '100',
    networkPassphrase: Networks.TESTNET,
  })
    .addOperation(Operation.payment({ destination, asset: Asset.native(), amount: '12.5' }))
    .setTimeout(30)
    .build();
  tx.sign(source);
  return tx.toEnvelope().toXdr('base64');
}

const transactionMeta = () =>
  xdr.TransactionMeta.v1(new xdr.TransactionMetaV1({ txChanges: [], operations: [] })).toXdr('base64');

function ledgerCloseMeta(sequence: number): string {
  const zero = new Uint8Array(32);
  const header = new xdr.LedgerHeader({
    ledgerVersion: 23,
    previousLedgerHash: zero,
    scpValue: new xdr.StellarValue({
      txSetHash: zero,
      closeTime: 1_700_000_000n,
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: zero,
    bucketListHash: zero,
    ledgerSeq: sequence,
    totalCoins: 1_000_000_000_000_000_000n,
    feePool: 0n,
    inflationSeq: 0,
    idPool: 0n,
    baseFee: 100,
    baseReserve: 5_000_000,
    maxTxSetSize: 1000,
    skipList: [zero, zero, zero, zero],
    ext: xdr.LedgerHeaderExt.v0(),
  });
  const meta = new xdr.LedgerCloseMetaV0({
    ledgerHeader: new xdr.LedgerHeaderHistoryEntry({
      hash: zero,
      header,
      ext: xdr.LedgerHeaderHistoryEntryExt.v0(),
    }),
    txSet: new xdr.TransactionSet({ previousLedgerHash: zero, txs: [] }),
    txProcessing: [],
    upgradesProcessing: [],
    scpInfo: [],
  });
  return xdr.LedgerCloseMeta.v0(meta).toXdr('base64');
}

const ledgerEntryData = () =>
  xdr.LedgerEntryData.contractData(
    new xdr.ContractDataEntry({
      ext: xdr.ExtensionPoint.v0(),
      contract: Address.fromString(CONTRACT).toScAddress(),
      key: nativeToScVal('balance', { type: 'symbol' }),
      durability: xdr.ContractDataDurability.persistent,
      val: nativeToScVal(42, { type: 'i128' }),
    }),
  ).toXdr('base64');

describe('typed decoders', () => {
  it('TransactionEnvelope: the payment comes back', () => {
    const decoded = decodeTransactionEnvelope(envelope());
    const { tx } = expectUnionVariant(decoded, 'envelopeTypeTx').v1;
    expect(tx.seqNum).toBe(42n);
    const body = tx.operations[0]?.body;
    expect(body?.type === 'payment' && body.paymentOp.amount).toBe(125_000_000n);
  });

  it('TransactionMeta', () => {
    expect(decodeTransactionMeta(transactionMeta()).type).toBe('v1');
  });

  it('LedgerCloseMeta: the ledger header comes back', () => {
    const meta = decodeLedgerCloseMeta(ledgerCloseMeta(4242));
    expect(expectUnionVariant(meta, 'v0').v0.ledgerHeader.header.ledgerSeq).toBe(4242);
  });

  it('LedgerEntryData: a contract data entry', () => {
    const data = expectUnionVariant(decodeLedgerEntryData(ledgerEntryData()), 'contractData').contractData;
    expect(scValToNative(data.key)).toBe('balance');
    expect(scValToNative(data.val)).toBe(42n);
  });

  it('ScVal', () => {
    expect(scValToNative(decodeScVal(nativeToScVal({ amount: 7 }).toXdr('base64')))).toEqual({ amount: 7n });
  });

  it('decodeXdr takes any known type by name', () => {
    const key = xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract: Address.fromString(CONTRACT).toScAddress(),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
      }),
    );
    expect(decodeXdr('LedgerKey', key.toXdr('base64')).type).toBe('contractData');
  });

  it('a value that is not that type throws XdrDecodeError naming type and place', () => {
    const error = (() => {
      try {
        decodeXdr('TransactionEnvelope', 'AAAA', '/envelopeXdr');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(XdrDecodeError);
    expect((error as Error).message).toContain('/envelopeXdr as TransactionEnvelope');
  });

  it('an unknown type name throws', () => {
    expect(() => decodeXdr('TransactionResultMeta', 'AAAA')).toThrow(/not one of/);
  });
});

describe('xdrFieldsOf: the XDR fields of a result, decoded on request', () => {
  const table = {
    getTransactions: {
      params: {},
      result: {
        '/transactions/*/envelopeXdr': 'TransactionEnvelope',
        '/transactions/*/resultMetaXdr': 'TransactionMeta',
      },
    },
    getLedgers: { params: {}, result: { '/ledgers/*/metadataXdr': 'LedgerCloseMeta' } },
    getEvents: { params: {}, result: { '/events/*/topic/*': 'ScVal', '/events/*/value': 'ScVal' } },
  };

  it('finds every marked value and decodes nothing until asked', () => {
    const result = {
      transactions: [
        { envelopeXdr: envelope(), resultMetaXdr: transactionMeta() },
        { envelopeXdr: envelope(), resultMetaXdr: '' },
      ],
    };
    const fields = xdrFieldsOf('getTransactions', result, 'result', table);
    expect(fields.map((f) => [f.pointer, f.type])).toEqual([
      ['/transactions/0/envelopeXdr', 'TransactionEnvelope'],
      ['/transactions/0/resultMetaXdr', 'TransactionMeta'],
      ['/transactions/1/envelopeXdr', 'TransactionEnvelope'],
    ]);
    const first = fields[0]?.decode() as xdr.TransactionEnvelope;
    expect(first.type).toBe('envelopeTypeTx');
    expect(fields[0]?.decode()).toBe(first); // decoded once
  });

  it('decodes ledgers and event topics', () => {
    const ledgers = xdrFieldsOf(
      'getLedgers',
      { ledgers: [{ metadataXdr: ledgerCloseMeta(7) }] },
      'result',
      table,
    );
    const meta = ledgers[0]?.decode() as xdr.LedgerCloseMeta;
    expect(expectUnionVariant(meta, 'v0').v0.ledgerHeader.header.ledgerSeq).toBe(7);
    const topic = [nativeToScVal('transfer', { type: 'symbol' }).toXdr('base64')];
    const events = xdrFieldsOf(
      'getEvents',
      { events: [{ topic, value: nativeToScVal(5).toXdr('base64') }] },
      'result',
      table,
    );
    expect(events.map((f) => f.pointer)).toEqual(['/events/0/topic/0', '/events/0/value']);
    expect(scValToNative(events[0]?.decode() as xdr.ScVal)).toBe('transfer');
  });

  it('a bad value fails only when decoded, naming its pointer', () => {
    const [field] = xdrFieldsOf('getLedgers', { ledgers: [{ metadataXdr: 'AAAA' }] }, 'result', table);
    expect(field?.pointer).toBe('/ledgers/0/metadataXdr');
    expect(() => field?.decode()).toThrow(/\/ledgers\/0\/metadataXdr as LedgerCloseMeta/);
  });
});

describe("the contract's XDR marks", () => {
  it('every x-xdr-type the contract names is a type the SDK decodes', () => {
    const named = new Set(
      Object.values(xdrFields).flatMap((m) => [...Object.values(m.params), ...Object.values(m.result)]),
    );
    for (const type of named) expect(XDR_TYPES as readonly string[]).toContain(type);
  });

  it('the real XDR in the contract’s examples decodes as the types the contract names', () => {
    type Example = { result?: { value?: Record<string, unknown> } };
    let decoded = 0;
    for (const method of document.methods as Array<{ name: 'getLatestLedger'; examples?: Example[] }>) {
      for (const example of method.examples ?? []) {
        const value = example.result?.value;
        if (!value) continue;
        for (const field of xdrFieldsOf(method.name, value)) {
          expect(() => field.decode(), `${method.name} ${field.pointer}`).not.toThrow();
          decoded++;
        }
      }
    }
    const marked = Object.values(xdrFields).some((m) => Object.keys(m.result).length > 0);
    if (marked) expect(decoded).toBeGreaterThan(0);
  });
});

// SCV_EXECUTABLE_TAG (ScValType 22) came with CAP-85; an XDR library from before it throws
// "unknown ScValType member for value 22" on it.
describe('CAP-85 executable tags', () => {
  const tag = xdr.ScVal.scvExecutableTag('wasm');
  const base64 = tag.toXdr('base64');

  it('is ScValType 22 on the wire', () => {
    expect(xdr.ScValType.fromName(tag.type).value).toBe(22);
    expect(Buffer.from(base64, 'base64').readUInt32BE(0)).toBe(22);
  });

  it.each([
    ['decodeScVal', () => decodeScVal(base64)],
    ['decodeXdr', () => decodeXdr('ScVal', base64)],
  ])('%s reads it', (_name, decode) => {
    const decoded = decode();
    expect(decoded.type).toBe('scvExecutableTag');
    expect(expectUnionVariant(decoded, 'scvExecutableTag').value).toBe('wasm');
    expect(decoded.equals(tag)).toBe(true);
  });

  it('xdrFieldsOf decodes it as an event topic and value, with the contract marks', () => {
    const fields = xdrFieldsOf('getEvents', { events: [{ topic: [base64], value: base64 }] });
    expect(fields.map((f) => f.pointer)).toEqual(['/events/0/topic/0', '/events/0/value']);
    for (const field of fields) expect((field.decode() as xdr.ScVal).type).toBe('scvExecutableTag');
  });
});
