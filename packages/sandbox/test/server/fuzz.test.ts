// 6,000 hostile requests on the sandbox's one port: raw HTTP from @starspec/http-fuzz on every
// route, and JSON-RPC calls of every method with malformed XDR (random bytes, truncated and
// bit-flipped envelopes, keys and topics) and hostile values. No 5xx, no hang, no failure the
// server had to report, every result inside the contract, and the sandbox alive afterwards.
import { fuzz, generateRequests, HOSTILE_VALUES, type Random, random } from '@starspec/http-fuzz';
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
import { testVolume } from '../../../../scripts/test-volume.mjs';
import { call, type TestSandbox, testSandbox } from '../support/sandbox.js';

let t: TestSandbox;
let port: number;
beforeAll(async () => {
  t = await testSandbox({ closeEvery: 100 });
  port = Number(new URL(t.net.url).port);
});
afterAll(async () => {
  await t.net.stop();
});

const METHODS = [
  'getHealth',
  'getNetwork',
  'getVersionInfo',
  'getLatestLedger',
  'getFeeStats',
  'getLedgers',
  'getTransaction',
  'getTransactions',
  'getEvents',
  'sendTransaction',
  'simulateTransaction',
  'getLedgerEntries',
  'getBalance',
];

function samples(): { envelopes: string[]; keys: string[]; topics: string[] } {
  const kp = Keypair.random();
  const envelopes = [
    Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }),
    Operation.changeTrust({ asset: new Asset('USD', kp.publicKey()) }),
    Operation.manageSellOffer({
      selling: Asset.native(),
      buying: new Asset('USD', kp.publicKey()),
      amount: '1',
      price: '1',
    }),
    Operation.invokeContractFunction({ contract: Asset.native().contractId('x'), function: 'f', args: [] }),
  ].map((op) => {
    const tx = new TransactionBuilder(new Account(kp.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: 'x',
    })
      .addOperation(op)
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(kp);
    return tx.toXdr();
  });
  const keys = [
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() })).toXdr('base64'),
    xdr.LedgerKey.data(new xdr.LedgerKeyData({ accountId: kp.xdrAccountId(), dataName: 'name' })).toXdr(
      'base64',
    ),
  ];
  const topics = [xdr.ScVal.scvSymbol('transfer').toXdr('base64'), xdr.ScVal.scvU32(7).toXdr('base64')];
  return { envelopes, keys, topics };
}

/** A value that is XDR-shaped but broken: random bytes, or a valid value cut short or with a flipped bit. */
function brokenXdr(r: Random, valid: string[]): string {
  const bytes = Buffer.from(r.pick(valid), 'base64');
  switch (r.int(4)) {
    case 0:
      return Buffer.from(Array.from({ length: r.int(120) }, () => r.int(256))).toString('base64');
    case 1:
      return bytes.subarray(0, r.int(bytes.length)).toString('base64');
    case 2: {
      const flipped = Buffer.from(bytes);
      const at = r.int(flipped.length);
      flipped[at] = (flipped[at] as number) ^ (1 << r.int(8));
      return flipped.toString('base64');
    }
    default:
      return r.pick(valid);
  }
}

function value(r: Random, valid: string[]): unknown {
  switch (r.int(6)) {
    case 0:
      return r.pick(HOSTILE_VALUES);
    case 1:
      return r.pick([-1, 0, 1, 2, 4_294_967_295, 4_294_967_296, 1e20, 1.5, Number.MAX_SAFE_INTEGER]);
    case 2:
      return r.pick([null, true, [], {}, [[]], { cursor: '1' }]);
    default:
      return brokenXdr(r, valid);
  }
}

function params(r: Random, method: string, s: ReturnType<typeof samples>): unknown {
  const xdrOf = (valid: string[]) => (r.chance(0.8) ? brokenXdr(r, valid) : value(r, valid));
  const cursor = r.pick([
    '1',
    '0000000008589934592-0000000001',
    '99999999999999999999',
    String(r.int(1 << 30)),
    'x',
  ]);
  const pagination = r.chance(0.5)
    ? { cursor, limit: r.pick([0, 1, 5, 200, 201, 10_001]) }
    : { limit: r.int(300) };
  const byMethod: Record<string, () => unknown> = {
    sendTransaction: () => ({ transaction: xdrOf(s.envelopes) }),
    simulateTransaction: () => ({
      transaction: xdrOf(s.envelopes),
      ...(r.chance(0.2) ? { authMode: 'record' } : {}),
    }),
    getLedgerEntries: () => ({ keys: Array.from({ length: r.int(4) }, () => xdrOf(s.keys)) }),
    getTransaction: () => ({ hash: r.chance(0.5) ? 'ab'.repeat(32) : value(r, s.keys) }),
    getLedgers: () => ({
      ...(r.chance(0.7) ? { startLedger: r.int(40) } : {}),
      ...(r.chance(0.6) ? { pagination } : {}),
    }),
    getTransactions: () => ({
      ...(r.chance(0.7) ? { startLedger: r.int(40) } : {}),
      ...(r.chance(0.6) ? { pagination } : {}),
    }),
    getEvents: () => ({
      ...(r.chance(0.7) ? { startLedger: r.int(40) } : {}),
      ...(r.chance(0.3) ? { endLedger: r.int(60) } : {}),
      filters: [
        {
          type: r.pick(['contract', 'system', 'diagnostic', '']),
          topics: [[xdrOf(s.topics), r.pick(['*', '**'])]],
        },
      ],
      ...(r.chance(0.5) ? { pagination } : {}),
    }),
  };
  if (r.chance(0.1)) return value(r, s.envelopes);
  return (byMethod[method] ?? (() => (r.chance(0.5) ? {} : undefined)))();
}

function rpcRequests(seed: number, count: number): Buffer[] {
  const r = random(seed);
  const s = samples();
  return Array.from({ length: count }, (_, id) => {
    const method = r.pick(METHODS);
    const call = { jsonrpc: '2.0', id, method, params: params(r, method, s) };
    const body = r.chance(0.05) ? JSON.stringify([call, call]) : JSON.stringify(call);
    return Buffer.from(
      `POST /rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

const RAW_REQUESTS = testVolume(3000);
const RPC_CALLS = testVolume(3000);

describe('fuzz', () => {
  it(`${RAW_REQUESTS} raw requests on every route and ${RPC_CALLS} JSON-RPC calls with malformed XDR: no 5xx, no hang`, async () => {
    const paths = [
      '/rpc',
      `/friendbot?addr=${Keypair.random().publicKey()}`,
      '/friendbot?addr=G',
      '/_sandbox/close',
      '/',
    ];
    const requests = [
      ...generateRequests({ seed: 0x5a4d, count: RAW_REQUESTS, paths }),
      ...rpcRequests(0xb0b, RPC_CALLS),
    ];
    const { statuses, failures } = await fuzz(port, requests, { concurrency: 8 });
    expect(failures).toEqual([]);
    // Every JSON-RPC call answers 200 (its error in the body), and some raw requests too.
    expect(statuses['200']).toBeGreaterThan(RPC_CALLS);
    expect(t.errors).toEqual([]);
    expect((await call(t.net, 'getHealth')).result?.status).toBe('healthy');
  });
});
