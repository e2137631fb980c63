// Each JSON-RPC error class with stellar-rpc's messages, and sendTransaction's four statuses,
// on a sandbox that closes ledgers only when asked.
import {
  Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fund, result, signed, type TestSandbox, testSandbox } from '../support/sandbox.js';

let t: TestSandbox;
const alice = Keypair.random();
const bob = Keypair.random();

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, alice, bob);
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

/** A well-formed envelope followed by four more bytes. */
function withTrailingBytes(): string {
  const tx = new TransactionBuilder(new Account(Keypair.random().publicKey(), '1'), {
    fee: '100',
    networkPassphrase: 'Standalone Network ; February 2017',
  })
    .addOperation(Operation.bumpSequence({ bumpTo: '0' }))
    .setTimeout(TimeoutInfinite)
    .build();
  return Buffer.concat([Buffer.from(tx.toXdr(), 'base64'), Buffer.alloc(4)]).toString('base64');
}

async function raw(body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(t.net.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, json: await response.json() };
}

describe('the error classes', () => {
  it.each([
    ['-32700 a body that is not JSON', '{"jsonrpc":', { code: -32700, message: 'invalid request value' }],
    [
      '-32600 a wrong version marker',
      '{"jsonrpc":"1.0","id":1,"method":"getHealth"}',
      { code: -32600, message: 'invalid version marker' },
    ],
    [
      '-32600 extra members',
      '{"jsonrpc":"2.0","id":1,"method":"getHealth","x":1}',
      { code: -32600, message: 'extra fields in request', data: ['x'] },
    ],
    [
      '-32601 an unknown method',
      '{"jsonrpc":"2.0","id":1,"method":"getBalance"}',
      { code: -32601, message: 'method not found', data: 'getBalance' },
    ],
    [
      '-32602 array params',
      '{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["ab"]}',
      { code: -32602, message: 'invalid parameters' },
    ],
  ])('%s', async (_name, body, want) => {
    const answer = await raw(body);
    expect(answer.status).toBe(200);
    expect((answer.json as { error: unknown }).error).toMatchObject(want);
  });

  it('-32603 an unhealthy node: the last close too long ago', async () => {
    let clock = 1_800_000_000;
    const slow = await testSandbox({ closeEvery: 60_000, now: () => clock });
    expect((await call(slow.net, 'getHealth')).result?.status).toBe('healthy');
    clock += 200;
    expect((await call(slow.net, 'getHealth')).error).toEqual({
      code: -32603,
      message: 'latency (3m20s) since last known ledger closed is too high (>2m0s)',
    });
    await slow.net.stop();
  });
});

describe('sendTransaction', () => {
  const pay = async (fee = '100', account?: Account) =>
    signed(
      t,
      alice,
      [Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' })],
      {
        fee,
        account,
      },
    );

  it.each([
    ['bytes that are not an envelope', 'AAAA', { code: -32602, message: 'invalid_xdr' }],
    ['an empty envelope', '', { code: -32602, message: 'invalid_xdr' }],
    ['an envelope with bytes after it', withTrailingBytes(), { code: -32602, message: 'invalid_xdr' }],
    ['text that is not base64', 'not base64!', { code: -32602, message: 'invalid parameters' }],
  ])('malformed XDR, %s: -32602', async (_name, transaction, want) => {
    expect((await call(t.net, 'sendTransaction', { transaction })).error).toMatchObject(want);
  });

  it('PENDING, then DUPLICATE for the same envelope and TRY_AGAIN_LATER for another from its source', async () => {
    const first = await pay();
    const second = await pay('200');
    const latest = t.net.ledger.latestSequence;
    const answers = [];
    for (const tx of [first, first, second]) {
      answers.push(await result(t.net, 'sendTransaction', { transaction: tx.toXdr() }));
    }
    expect(answers.map((a) => a.status)).toEqual(['PENDING', 'DUPLICATE', 'TRY_AGAIN_LATER']);
    expect(answers.map((a) => a.hash)).toEqual(
      [first, first, second].map((tx) => Buffer.from(tx.hash()).toString('hex')),
    );
    expect(answers[0]).toMatchObject({
      latestLedger: latest,
      latestLedgerCloseTime: expect.stringMatching(/^\d+$/),
    });
    t.net.closeLedger();
  });

  it('ERROR with the TransactionResult: a sequence number already used', async () => {
    const current = await t.server.getAccount(alice.publicKey());
    const stale = await pay(
      '100',
      new Account(alice.publicKey(), String(BigInt(current.sequenceNumber()) - 1n)),
    );
    const answer = await result(t.net, 'sendTransaction', { transaction: stale.toXdr() });
    expect(answer.status).toBe('ERROR');
    expect(xdr.TransactionResult.fromXdr(answer.errorResultXdr as string, 'base64').result.type).toBe(
      'txBadSeq',
    );
  });
});

describe('getTransaction', () => {
  it('NOT_FOUND carries the range and zero values', async () => {
    const hash = 'ab'.repeat(32);
    const health = await result(t.net, 'getHealth');
    expect(await result(t.net, 'getTransaction', { hash })).toEqual({
      status: 'NOT_FOUND',
      txHash: hash,
      latestLedger: health.latestLedger,
      latestLedgerCloseTime: health.latestLedgerCloseTime,
      oldestLedger: health.oldestLedger,
      oldestLedgerCloseTime: health.oldestLedgerCloseTime,
      applicationOrder: 0,
      feeBump: false,
      events: {},
      ledger: 0,
      createdAt: '0',
    });
  });

  it.each([
    ['too short', 'abc'],
    ['not hex', 'g'.repeat(64)],
  ])('a hash %s: -32602', async (_name, hash) => {
    expect((await call(t.net, 'getTransaction', { hash })).error?.code).toBe(-32602);
  });
});

describe('getLedgerEntries', () => {
  const accountKey = (kp: Keypair) =>
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() })).toXdr('base64');

  it('found entries in request order, missing ones left out', async () => {
    const keys = [accountKey(bob), accountKey(Keypair.random()), accountKey(alice)];
    const answer = await result<{ entries: { key: string; xdr: string; lastModifiedLedgerSeq: number }[] }>(
      t.net,
      'getLedgerEntries',
      { keys },
    );
    expect(answer.entries.map((e) => e.key)).toEqual([keys[0], keys[2]]);
    const data = xdr.LedgerEntryData.fromXdr(answer.entries[0]?.xdr as string, 'base64');
    expect(data.type === 'account' && data.account.accountId.toXdr('base64')).toBe(
      bob.xdrAccountId().toXdr('base64'),
    );
  });

  it.each([
    ['more than 200 keys', { keys: Array.from({ length: 201 }, () => 'AAAAAA==') }, 'invalid parameters'],
    ['a key that is not a LedgerKey', { keys: ['AAAA'] }, 'cannot unmarshal key value AAAA at index 0'],
    [
      'a TTL key',
      {
        keys: [
          xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: new Uint8Array(32) as never })).toXdr('base64'),
        ],
      },
      'ledger ttl entries cannot be queried directly',
    ],
  ])('%s: -32602', async (_name, params, message) => {
    expect((await call(t.net, 'getLedgerEntries', params)).error).toMatchObject({ code: -32602, message });
  });
});

describe('getEvents, getLedgers and getTransactions refusals', () => {
  it.each([
    ['getEvents', {}, -32602, 'startLedger must be positive'],
    [
      'getEvents',
      { startLedger: 2, pagination: { cursor: '0000000008589934592-0000000000' } },
      -32602,
      'ledger ranges and cursor cannot both be set',
    ],
    ['getEvents', { startLedger: 2, pagination: { limit: 10_001 } }, -32602, 'invalid parameters'],
    ['getEvents', { startLedger: 2, filters: [{ topics: [['AAAA']] }] }, -32602, 'invalid parameters'],
    ['getEvents', { startLedger: 2, filters: [{ type: 'diagnostic' }] }, -32602, 'invalid parameters'],
    [
      'getLedgers',
      { startLedger: 2, pagination: { cursor: '2' } },
      -32600,
      'startLedger (2) and cursor (2) cannot both be set',
    ],
    [
      'getLedgers',
      { pagination: { cursor: '99999999999' } },
      -32602,
      'strconv.ParseUint: parsing "99999999999": value out of range',
    ],
    [
      'getTransactions',
      { startLedger: 2, pagination: { cursor: '1' } },
      -32600,
      'startLedger (2) and cursor (1) cannot both be set',
    ],
    [
      'getTransactions',
      { pagination: { cursor: '99999999999999999999' } },
      -32602,
      'strconv.ParseInt: parsing "99999999999999999999": value out of range',
    ],
    ['getTransactions', { startLedger: 2, pagination: { limit: 201 } }, -32602, 'invalid parameters'],
  ])('%s %j: %d', async (method, params, code, message) => {
    expect((await call(t.net, method, params)).error).toMatchObject({ code, message });
  });
});

describe('simulateTransaction', () => {
  const envelope = (op: xdr.Operation) =>
    new TransactionBuilder(new Account(alice.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: t.net.passphrase,
    })
      .addOperation(op)
      .setTimeout(TimeoutInfinite)
      .build()
      .toXdr();

  it.each([
    [
      'bytes that are not an envelope',
      () => 'AAAA',
      { latestLedger: 0, error: 'Could not unmarshal transaction' },
    ],
    [
      'a classic operation',
      () => envelope(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' })),
      // validateAuthMode meets a classic operation first, in its own lower-case words.
      { latestLedger: 0, error: 'transaction contains unsupported operation type: OperationTypePayment' },
    ],
  ])('%s: the error in the result', async (_name, transaction, want) => {
    expect(await result(t.net, 'simulateTransaction', { transaction: transaction() })).toEqual(want);
  });

  it('a call of a contract the ledger does not hold: the host error, at the latest ledger', async () => {
    const contract = Asset.native().contractId(t.net.passphrase);
    const op = Operation.invokeContractFunction({ contract, function: 'decimals', args: [] });
    const answer = await result(t.net, 'simulateTransaction', { transaction: envelope(op) });
    expect(answer.latestLedger).toBe(t.net.ledger.latestSequence);
    expect(answer.error).toMatch(/^HostError: Error\(Storage, MissingValue\)\n/);
  });
});
