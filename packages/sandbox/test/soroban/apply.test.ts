// Soroban transactions applied by the sandbox as stellar-core v23 applies them: the add_i32
// contract uploaded, created and called through submit + close, with the result codes, the meta's
// return value, events and fee breakdown, the entries and TTLs written, and the fee charged then
// refunded; the failures stellar-core gives when applying.
import { hash, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountKey } from '../../src/core/keys.js';
import { type Harness as H, Harness, successOf, type TxRecord } from '../harness.js';
import {
  callFunction,
  createFunction,
  HAS_SOROBAN_DATA,
  invokeTx,
  SETTINGS,
  testWasm,
  uploadFunction,
  withResources,
} from './support.js';

const alice = Keypair.random();
const salt = new Uint8Array(32).fill(7);

/** The TTL entry's live-until ledger of a contract entry's key. */
function liveUntil(h: H, key: xdr.LedgerKey): number | undefined {
  const ttl = h.ledger.entry(xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: hash(key.toXdr()) })));
  return ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined;
}

/** The success hash of an invocation that succeeded. */
function successHash(record: TxRecord): Buffer {
  const result = invokeResult(record);
  if (result.type !== 'invokeHostFunctionSuccess') throw new Error(result.type);
  return Buffer.from(result.success.toBytes());
}

function invokeResult(record: TxRecord): xdr.InvokeHostFunctionResult {
  const r = record.result.result;
  if (r.type !== 'txSuccess' && r.type !== 'txFailed') throw new Error(r.type);
  const op = r.results[0] as xdr.OperationResult;
  if (op.type !== 'opInner' || op.tr.type !== 'invokeHostFunction') throw new Error(op.type);
  return op.tr.invokeHostFunctionResult;
}

/** The fee the meta's fee events charge in all: the charge before, less the refund after every transaction. */
function feeEvents(record: TxRecord): { stage: string; amount: bigint }[] {
  return record.meta.events.map(({ stage, event }) => {
    const body = event.body.v0;
    const data = body.data;
    if (data.type !== 'scvI128') throw new Error('a fee event carries an i128');
    return { stage: stage.name, amount: (data.i128.hi << 64n) | data.i128.lo };
  });
}

function balance(h: H, kp: Keypair): bigint {
  const entry = h.ledger.entry(accountKey(kp.xdrAccountId()));
  if (entry?.data.type !== 'account') throw new Error('no account');
  return entry.data.account.balance;
}

describe.skipIf(!HAS_SOROBAN_DATA)('add_i32 uploaded, created and called', () => {
  let h: Harness;
  let wasm: Buffer;
  let wasmHash: Uint8Array;
  let contract: xdr.ScAddress;

  beforeAll(async () => {
    h = Harness.funded('1000', alice);
    await h.ledger.sorobanReady();
    wasm = testWasm('wasm/20/example_add_i32.wasm');
    wasmHash = hash(wasm);
  });

  it('uploads the code: its hash returned, the code entry and its TTL written, the unused refundable fee refunded', () => {
    const { tx, simulated } = invokeTx(h, alice, uploadFunction(wasm));
    const before = balance(h, alice);
    const record = successOf(h.outcome(tx));
    const sequence = h.ledger.latestSequence;

    const returnValue = xdr.ScVal.scvBytes(Buffer.from(wasmHash));
    const result = invokeResult(record);
    expect(result.type).toBe('invokeHostFunctionSuccess');
    // stellar-core: SHA-256 of InvokeHostFunctionSuccessPreImage (the return value, no events).
    const preimage = new xdr.InvokeHostFunctionSuccessPreImage({ returnValue, events: [] });
    expect(successHash(record)).toEqual(Buffer.from(hash(preimage.toXdr())));
    expect(record.meta.sorobanMeta?.returnValue?.toXdr('base64')).toBe(returnValue.toXdr('base64'));

    const codeKey = xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: wasmHash }));
    const code = h.ledger.entry(codeKey);
    expect(code?.data.type).toBe('contractCode');
    expect(code?.lastModifiedLedgerSeq).toBe(sequence);
    expect(liveUntil(h, codeKey)).toBe(sequence + SETTINGS.stateArchival.minPersistentTtl - 1);

    // Charged the declared resource fee plus the inclusion fee, refunded what rent and events did not use.
    const declared = simulated.transactionData.resourceFee;
    const ext = record.meta.sorobanMeta?.ext;
    if (ext?.type !== 'v1') throw new Error('no fee breakdown');
    const {
      totalNonRefundableResourceFeeCharged: nonRefundable,
      totalRefundableResourceFeeCharged: refundable,
    } = ext.v1;
    expect(ext.v1.rentFeeCharged).toBeGreaterThan(0n);
    expect(refundable).toBeGreaterThanOrEqual(ext.v1.rentFeeCharged);
    const charged = nonRefundable + refundable + 100n;
    expect(record.result.feeCharged).toBe(charged);
    expect(before - balance(h, alice)).toBe(charged);
    expect(feeEvents(record)).toEqual([
      { stage: 'transactionEventStageBeforeAllTxs', amount: declared + 100n },
      { stage: 'transactionEventStageAfterAllTxs', amount: charged - declared - 100n },
    ]);
    expect(record.processing.postTxApplyFeeProcessing.map((c) => c.type)).toEqual([
      'ledgerEntryState',
      'ledgerEntryUpdated',
    ]);
  });

  it('creates the contract: its address returned, its instance written with a TTL', () => {
    const { tx } = invokeTx(h, alice, createFunction(alice, wasmHash, salt));
    const record = successOf(h.outcome(tx));
    const value = record.meta.sorobanMeta?.returnValue;
    if (value?.type !== 'scvAddress') throw new Error('no address returned');
    contract = value.address;
    const instanceKey = xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract,
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
      }),
    );
    expect(h.ledger.entry(instanceKey)?.data.type).toBe('contractData');
    expect(liveUntil(h, instanceKey)).toBe(
      h.ledger.latestSequence + SETTINGS.stateArchival.minPersistentTtl - 1,
    );
  });

  it('calls add(4, 7): 11 returned, its event in the operation meta and in the success hash', () => {
    const args = [xdr.ScVal.scvI32(4), xdr.ScVal.scvI32(7)];
    const { tx } = invokeTx(h, alice, callFunction(contract, 'add', args));
    const record = successOf(h.outcome(tx));
    const returnValue = record.meta.sorobanMeta?.returnValue;
    expect(returnValue?.toXdr('base64')).toBe(xdr.ScVal.scvI32(11).toXdr('base64'));

    const events = record.meta.operations[0]?.events ?? [];
    expect(events).toHaveLength(1);
    const event = events[0] as xdr.ContractEvent;
    expect(event.type.name).toBe('contract');
    expect(event.body.v0.topics.map((t) => t.toXdr('base64'))).toEqual([
      xdr.ScVal.scvSymbol('add').toXdr('base64'),
    ]);
    expect(event.body.v0.data.toXdr('base64')).toBe(xdr.ScVal.scvVec(args).toXdr('base64'));
    const preimage = new xdr.InvokeHostFunctionSuccessPreImage({
      returnValue: xdr.ScVal.scvI32(11),
      events: [event],
    });
    expect(successHash(record)).toEqual(Buffer.from(hash(preimage.toXdr())));
    // No rent to pay for a read: the refundable fee charged is the events fee alone.
    const ext = record.meta.sorobanMeta?.ext;
    expect(ext?.type === 'v1' && ext.v1.rentFeeCharged).toBe(0n);
  });

  it('takes a fee bump of a call: the fee source pays the resource fee and gets the refund', () => {
    const bob = Keypair.random();
    h.fund('100', bob);
    const args = [xdr.ScVal.scvI32(20), xdr.ScVal.scvI32(22)];
    const { tx: inner } = invokeTx(h, alice, callFunction(contract, 'add', args));
    const aliceBefore = balance(h, alice);
    const bobBefore = balance(h, bob);
    const outcome = h.outcome(h.feeBump(bob, inner, 200));
    expect(outcome.code).toBe('txFeeBumpInnerSuccess');
    const record = outcome.record as TxRecord;
    expect(record.meta.sorobanMeta?.returnValue?.toXdr('base64')).toBe(xdr.ScVal.scvI32(42).toXdr('base64'));
    const ext = record.meta.sorobanMeta?.ext;
    if (ext?.type !== 'v1') throw new Error('no fee breakdown');
    // The outer fee: the resource fee spent plus the base fee for the inner operation and the bump.
    const spent = ext.v1.totalNonRefundableResourceFeeCharged + ext.v1.totalRefundableResourceFeeCharged;
    expect(record.result.feeCharged).toBe(spent + 200n);
    expect(bobBefore - balance(h, bob)).toBe(record.result.feeCharged);
    expect(balance(h, alice)).toBe(aliceBefore);
  });

  const failures: {
    given: string;
    data: (data: xdr.SorobanTransactionData) => xdr.SorobanTransactionData;
    want: string;
  }[] = [
    {
      given: 'too few instructions declared',
      data: (data) => withResources(data, { instructions: 1000 }),
      want: 'invokeHostFunctionResourceLimitExceeded',
    },
    {
      given: "the contract's code missing from the footprint",
      data: (data) =>
        withResources(
          data,
          {},
          new xdr.LedgerFootprint({
            readOnly: data.resources.footprint.readOnly.filter((key) => key.type !== 'contractCode'),
            readWrite: data.resources.footprint.readWrite,
          }),
        ),
      want: 'invokeHostFunctionTrapped',
    },
  ];

  it.each(failures)('$given: txFAILED with $want, the whole refundable fee refunded', ({ data, want }) => {
    const args = [xdr.ScVal.scvI32(1), xdr.ScVal.scvI32(2)];
    const { tx } = invokeTx(h, alice, callFunction(contract, 'add', args), { data });
    const before = balance(h, alice);
    const outcome = h.outcome(tx);
    expect([outcome.where, outcome.code, outcome.ops]).toEqual(['ledger', 'txFailed', [want]]);
    const record = outcome.record as TxRecord;
    const ext = record.meta.sorobanMeta?.ext;
    if (ext?.type !== 'v1') throw new Error('no fee breakdown');
    expect(ext.v1.totalRefundableResourceFeeCharged).toBe(0n);
    expect(record.meta.sorobanMeta?.returnValue).toBeNull();
    expect(record.meta.operations).toEqual([]);
    expect(record.result.feeCharged).toBe(ext.v1.totalNonRefundableResourceFeeCharged + 100n);
    expect(before - balance(h, alice)).toBe(record.result.feeCharged);
  });
});
