/** Paging and errors of the REST face, as the seed and Horizon define them, on the sandbox. */
import http from 'node:http';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type Json } from '../support/json.js';
import { runWorkload } from '../support/workload.js';

let sandbox: Sandbox;
const errors: unknown[] = [];

const get = (path: string) => getJson(sandbox.url, path);

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  await runWorkload(sandbox, { rounds: 4, accounts: 6 });
  await sandbox.indexed();
});
afterAll(async () => {
  await sandbox.stop();
  expect(errors).toEqual([]);
});

describe('paging', () => {
  it('walks a collection with next and comes back with prev, with the same limit', async () => {
    const first = await get('/transactions?limit=3');
    expect(first.type).toMatch(/^application\/hal\+json/);
    const records = first.body._embedded.records;
    expect(records).toHaveLength(3);
    const next = new URL(first.body._links.next.href);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      cursor: records[2].paging_token,
      limit: '3',
      order: 'asc',
    });
    expect(next.origin).toBe(sandbox.url);
    const second = await get(`${next.pathname}${next.search}`);
    const prev = new URL(second.body._links.prev.href);
    expect(Object.fromEntries(prev.searchParams)).toEqual({
      cursor: second.body._embedded.records[0].paging_token,
      limit: '3',
      order: 'desc',
    });
    const back = await get(`${prev.pathname}${prev.search}`);
    expect(back.body._embedded.records.map((r: Json) => r.hash)).toEqual(
      records.map((r: Json) => r.hash).reverse(),
    );
  });

  it('builds links from the origin the client used', async () => {
    // fetch sends the host it connects to: ask through node:http to name another one.
    const body = await new Promise<Json>((resolve, reject) => {
      const request = http.get(
        `${sandbox.url}/ledgers?limit=1`,
        { headers: { host: 'horizon.example:8443', 'x-forwarded-proto': 'https' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      request.on('error', reject);
    });
    expect(body._links.self.href).toBe('https://horizon.example:8443/ledgers?cursor=&limit=1&order=asc');
  });

  it('defaults to 10 records in ascending order', async () => {
    const page = await get('/operations?include_failed=true');
    expect(page.body._embedded.records).toHaveLength(10);
    const tokens = page.body._embedded.records.map((r: Json) => BigInt(r.paging_token));
    expect([...tokens].sort((a, b) => (a < b ? -1 : 1))).toEqual(tokens);
  });

  it('lists failed transactions only when asked', async () => {
    const all = await get('/transactions?include_failed=true&limit=200');
    const successful = await get('/transactions?limit=200');
    const failed = all.body._embedded.records.filter((r: Json) => !r.successful);
    expect(failed.length).toBeGreaterThan(0);
    expect(successful.body._embedded.records).toHaveLength(all.body._embedded.records.length - failed.length);
  });
});

describe('fee stats', () => {
  it('are read again once a ledger is ingested (and kept until then)', async () => {
    const before = await get('/fee_stats');
    expect(await get('/fee_stats')).toEqual(before);
    sandbox.closeLedger();
    await sandbox.indexed();
    const after = await get('/fee_stats');
    expect(Number(after.body.last_ledger)).toBe(Number(before.body.last_ledger) + 1);
  });
});

describe('errors', () => {
  it.each([
    { given: '/ledgers?limit=0', field: 'limit' },
    { given: '/ledgers?limit=201', field: 'limit' },
    { given: '/ledgers?order=up', field: 'order' },
    { given: '/transactions?cursor=-5', field: 'cursor' },
    { given: '/operations?cursor=abc', field: 'cursor' },
  ])('$given → 400 with extras.invalid_field $field', async ({ given, field }) => {
    const answer = await get(given);
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.extras.invalid_field).toBe(field);
    expect(answer.body.extras.reason).toEqual(expect.any(String));
  });

  // Horizon's LiquidityPoolsQuery.Validate, word for word; empty entries are skipped.
  it.each([
    { given: 'native,native,native', want: 'reserves exceeds maximum length of 2' },
    // Horizon counts entries by commas before it skips the empty ones.
    { given: 'native,,', want: 'reserves exceeds maximum length of 2' },
    { given: 'bad', want: 'Invalid reserves, should be comma-separated list of assets in canonical form' },
    {
      given: 'native,USD',
      want: 'Invalid reserves, should be comma-separated list of assets in canonical form',
    },
  ])('/liquidity_pools?reserves=$given → 400: $want', async ({ given, want }) => {
    const answer = await get(`/liquidity_pools?reserves=${given}`);
    expect(answer.status).toBe(400);
    expect(answer.body.extras).toEqual({ invalid_field: 'reserves', reason: want });
  });

  it.each(['native,', ','])('/liquidity_pools?reserves=%s skips the empty entries', async (given) => {
    expect((await get(`/liquidity_pools?reserves=${given}`)).status).toBe(200);
  });

  it.each([
    '/ledgers/999999',
    `/transactions/${'ab'.repeat(32)}`,
    `/transactions/${'ab'.repeat(32)}/operations`,
    // An operation of a ledger not closed yet: one before the oldest ledger is 410 (retention.test.ts).
    `/operations/${999999n << 32n}`,
  ])('%s → 404', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('https://stellar.org/horizon-errors/not_found');
  });

  it('answers 410 for a descending page from before the oldest ledger', async () => {
    const answer = await get(`/transactions?order=desc&cursor=${1n << 32n}`);
    expect(answer.status).toBe(410);
    expect(answer.body.type).toBe('https://stellar.org/horizon-errors/before_history');
    expect((await get(`/transactions?order=asc&cursor=${1n << 32n}`)).status).toBe(200);
  });
});
