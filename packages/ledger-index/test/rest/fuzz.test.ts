/**
 * Bad input never gets a 5xx, a crash or a hang from the REST face: 5,000 mutated requests on
 * every path (real ids and hostile values in paths and queries, broken heads and bodies), and
 * 1,000 submissions of broken envelopes.
 */
import { fuzz, generateRequests, HOSTILE_VALUES, random } from '@starspec/http-fuzz';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { runWorkload } from '../support/workload.js';

let sandbox: Sandbox;
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual', onError: (e) => errors.push(e) });
  await runWorkload(sandbox, { rounds: 2, accounts: 4 });
  await sandbox.indexed();
});
afterAll(() => sandbox.stop());

async function first(path: string): Promise<Json> {
  return ((await (await fetch(`${sandbox.url}${path}`)).json()) as Json)._embedded.records[0];
}

function submissions(seed: number, count: number, envelope: string): Buffer[] {
  const r = random(seed);
  return Array.from({ length: count }, () => {
    const path = r.pick(['/transactions', '/transactions_async']);
    const cut = r.int(envelope.length);
    const tx = r.pick([
      envelope.slice(0, cut),
      `${envelope.slice(0, cut)}${r.pick(HOSTILE_VALUES)}${envelope.slice(cut)}`,
      Buffer.from(envelope, 'base64').subarray(0, cut).toString('base64'),
      r.pick(HOSTILE_VALUES),
    ]);
    const body = r.chance(0.8) ? `tx=${encodeURIComponent(tx)}` : JSON.stringify({ tx });
    const type = r.pick([
      'application/x-www-form-urlencoded',
      'application/json',
      'multipart/form-data',
      'text/plain',
    ]);
    return Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

describe('fuzz', () => {
  it('6,000 hostile requests: no 5xx, no hang, no failure on the server', async () => {
    const ledger = (await first('/ledgers?order=desc&limit=1')).sequence;
    const tx = await first('/transactions?order=desc&limit=1');
    const op = (await first('/operations?order=desc&limit=1')).id;
    const account = Keypair.random().publicKey();
    const paths = [
      '/',
      '/fee_stats',
      `/ledgers?cursor=${tx.paging_token}&limit=5&order=desc`,
      `/ledgers/${ledger}`,
      `/ledgers/${ledger}/transactions?include_failed=true`,
      `/ledgers/${ledger}/operations?join=transactions`,
      `/ledgers/${ledger}/payments`,
      `/ledgers/${ledger}/effects`,
      '/transactions?include_failed=true',
      `/transactions/${tx.hash}`,
      `/transactions/${tx.hash}/operations`,
      `/transactions/${tx.hash}/payments`,
      `/transactions/${tx.hash}/effects`,
      '/operations?join=transactions',
      `/operations/${op}`,
      `/operations/${op}/effects`,
      '/payments',
      '/effects',
      '/trades?trade_type=orderbook',
      `/trades?base_asset_type=native&counter_asset_type=credit_alphanum4&counter_asset_code=USD&counter_asset_issuer=${account}`,
      '/offers/1/trades',
      `/liquidity_pools/${'ab'.repeat(32)}/transactions`,
      `/liquidity_pools/${'ab'.repeat(32)}/effects`,
      `/claimable_balances/00000000${'ab'.repeat(32)}/operations`,
    ];
    const requests = [
      ...generateRequests({ seed: 0x1d3, count: 5000, paths }),
      ...submissions(0x5b, 1000, tx.envelope_xdr),
    ];
    const port = Number(new URL(sandbox.url).port);
    const { statuses, failures } = await fuzz(port, requests, { concurrency: 8 });
    expect(failures).toEqual([]);
    // Most mutated requests are refused; enough are whole to reach every handler.
    expect(statuses['200']).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    expect((await fetch(`${sandbox.url}/`)).status).toBe(200);
  });
});
