// xdrFormat json, method by method: the same call answered in base64 and in json, where each json
// field encodes back (@stellar/stellar-xdr-json) to the bytes of its base64 twin and the answer is
// inside the contract; bad formats refused as before; the converter loaded only when json is asked.
import { validate } from '@starspec/ledger-rpc/validate';
import { Account, Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRpcHandlers } from '../../src/index.js';
import { call, fund, result, signed, submit, type TestSandbox, testSandbox } from '../support/sandbox.js';
import { expectJsonTwin, jsonFieldNames } from '../support/xdr-json.js';

const converterImports = vi.hoisted(() => ({ count: 0 }));
vi.mock(import('@stellar/stellar-xdr-json'), async (importOriginal) => {
  converterImports.count++;
  return importOriginal();
});

let t: TestSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
const issuer = Keypair.random();
const usd = new Asset('USD', issuer.publicKey());
/** The hashes and ledgers of the transactions the tables read back. */
const seen = { mint: '', mintLedger: 0, failed: '' };

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, alice, bob, issuer);
  await submit(t, await signed(t, bob, [Operation.changeTrust({ asset: usd })]));
  const mint = [Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '50' })];
  const minted = await submit(t, await signed(t, issuer, mint));
  const unfunded = Keypair.random().publicKey();
  const pay = [Operation.payment({ destination: unfunded, asset: Asset.native(), amount: '1' })];
  const failed = await submit(t, await signed(t, alice, pay));
  expect([minted.status, failed.status]).toEqual(['SUCCESS', 'FAILED']);
  Object.assign(seen, { mint: minted.txHash, mintLedger: minted.ledger, failed: failed.txHash });
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

describe('loading the converter', () => {
  it('base64 answers load nothing; the first json answer loads @stellar/stellar-xdr-json', async () => {
    // Test files share their worker's modules (isolate: false), and another file may have loaded
    // the converter already: fresh copies of the handlers start with none loaded.
    vi.resetModules();
    const { createRpcHandlers: freshHandlers } = await import('../../src/rpc/handlers.js');
    const handlers = freshHandlers({ network: t.net.network });
    const request = { method: 'getTransaction', id: 1, notification: false };
    const before = converterImports.count;
    await handlers.getTransaction({ hash: seen.mint }, request);
    await handlers.getLedgers({ startLedger: seen.mintLedger, xdrFormat: 'base64' }, request);
    expect(converterImports.count).toBe(before);
    await handlers.getTransaction({ hash: seen.mint, xdrFormat: 'json' }, request);
    await handlers.getTransaction({ hash: seen.failed, xdrFormat: 'json' }, request);
    expect(converterImports.count).toBe(before + 1);
  });
});

const accountKey = (kp: Keypair) =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() })).toXdr('base64');
const trustLineKey = (kp: Keypair, asset: Asset) =>
  xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({ accountId: kp.xdrAccountId(), asset: asset.toTrustLineXDRObject() }),
  ).toXdr('base64');

/** An envelope of alice's that core rejects (a sequence number already used): ERROR both times. */
async function staleEnvelope(): Promise<string> {
  const current = BigInt((await t.server.getAccount(alice.publicKey())).sequenceNumber());
  const account = new Account(alice.publicKey(), String(current - 1n));
  const pay = Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' });
  return (await signed(t, alice, [pay], { account })).toXdr();
}

/** A call of the native asset's contract: simulateTransaction answers that contracts do not run. */
async function contractCall(): Promise<string> {
  const contract = Asset.native().contractId(t.net.passphrase);
  const call = Operation.invokeContractFunction({ contract, function: 'decimals', args: [] });
  return (await signed(t, alice, [call])).toXdr();
}

type Method = Parameters<typeof validate.result>[0];

describe('the json answer is the base64 answer in the stellar-xdr JSON form', () => {
  const transaction = ['envelopeJson', 'resultJson', 'resultMetaJson', 'transactionEventsJson'];
  it.each<[string, Method, () => Promise<Record<string, unknown>>, string[]]>([
    [
      'a successful transaction',
      'getTransaction',
      async () => ({ hash: seen.mint }),
      ['contractEventsJson', ...transaction],
    ],
    ['a failed transaction', 'getTransaction', async () => ({ hash: seen.failed }), transaction],
    ['NOT_FOUND', 'getTransaction', async () => ({ hash: 'ab'.repeat(32) }), []],
    [
      'a page of transactions',
      'getTransactions',
      async () => ({ startLedger: 2, pagination: { limit: 10 } }),
      ['contractEventsJson', ...transaction],
    ],
    [
      'a page of ledgers',
      'getLedgers',
      async () => ({ startLedger: seen.mintLedger, pagination: { limit: 2 } }),
      ['headerJson', 'metadataJson'],
    ],
    [
      'an account and a trust line (a missing key left out)',
      'getLedgerEntries',
      async () => ({ keys: [accountKey(alice), accountKey(Keypair.random()), trustLineKey(bob, usd)] }),
      ['dataJson', 'extJson', 'keyJson'],
    ],
    [
      'transfer, mint and fee events',
      'getEvents',
      async () => ({ startLedger: 2, pagination: { limit: 100 } }),
      ['topicJson', 'valueJson'],
    ],
    [
      'events of one topic filter',
      'getEvents',
      async () => ({ startLedger: seen.mintLedger, filters: [{ topics: [['*', '**']] }] }),
      ['topicJson', 'valueJson'],
    ],
    [
      'a rejected envelope (ERROR)',
      'sendTransaction',
      async () => ({ transaction: await staleEnvelope() }),
      ['errorResultJson'],
    ],
    [
      'a contract call (its error in the result, with the diagnostic events of where it arose)',
      'simulateTransaction',
      async () => ({ transaction: await contractCall() }),
      ['eventsJson'],
    ],
  ])('%s: %s', async (_name, method, given, want) => {
    const params = await given();
    const base64 = await result(t.net, method, params);
    const json = await result(t.net, method, { ...params, xdrFormat: 'json' });
    expect(jsonFieldNames(json)).toEqual(want);
    await expectJsonTwin(method, base64, json);
    expect(validate.result(method, json).errors).toEqual([]);
  });
});

describe('a format that is neither base64 nor json', () => {
  it.each<[Method, Record<string, unknown>]>([
    ['getTransaction', { hash: 'ab'.repeat(32) }],
    ['getTransactions', { startLedger: 2 }],
    ['getLedgers', { startLedger: 2 }],
    ['getLedgerEntries', { keys: [] }],
    ['getEvents', { startLedger: 2 }],
    ['sendTransaction', { transaction: 'AAAA' }],
    ['simulateTransaction', { transaction: 'AAAA' }],
  ])('%s: -32602 from the contract, as before', async (method, params) => {
    expect((await call(t.net, method, { ...params, xdrFormat: 'xml' })).error).toEqual({
      code: -32602,
      message: 'invalid parameters',
      data: 'params.xdrFormat must be one of: base64, json',
    });
  });

  // Handlers called without the contract's check answer as stellar-rpc (protocol.IsValidFormat).
  const bad = "got 'xml': expected base64, json for optional 'xdrFormat'";
  it.each<[Method, number, Record<string, unknown>]>([
    ['getTransaction', -32602, { hash: 'ab'.repeat(32) }],
    ['getTransactions', -32600, { startLedger: 2 }],
    ['getLedgers', -32600, { startLedger: 2 }],
    ['getLedgerEntries', -32602, { keys: [] }],
    ['getEvents', -32602, { startLedger: 2 }],
    ['sendTransaction', -32602, { transaction: 'AAAA' }],
  ])('%s, handler alone: %d with the server message', async (method, code, params) => {
    const handlers = createRpcHandlers({ network: t.net.network }) as Record<
      Method,
      (params: unknown) => unknown
    >;
    await expect(async () => handlers[method]({ ...params, xdrFormat: 'xml' })).rejects.toMatchObject({
      code,
      message: bad,
    });
  });

  it('simulateTransaction, handler alone: the server message in the result', async () => {
    const { simulateTransaction } = createRpcHandlers({ network: t.net.network });
    const params = { transaction: 'AAAA', xdrFormat: 'xml' as 'json' };
    expect(
      await simulateTransaction(params, { method: 'simulateTransaction', id: 1, notification: false }),
    ).toEqual({
      latestLedger: 0,
      error: bad,
    });
  });
});
