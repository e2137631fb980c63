/**
 * The account sub-resources (`/accounts/{account_id}/…`) on the sandbox: what each answers for a
 * known account, an account no ledger named and bad arguments, as Horizon's actions answer them.
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type Json } from '../support/json.js';
import { payments, runWorkload, type Step } from '../support/workload.js';

let sandbox: Sandbox;
let known: string;
const errors: unknown[] = [];
/** A valid address that no ledger named. */
const UNKNOWN = Keypair.random().publicKey();
const PATTERN = 'Account ID must start with `G` and contain 56 alphanum characters';

/** Each account sets a data entry `k<index>`. */
const data: Step = (_round, index) => [Operation.manageData({ name: `k${index}`, value: `value ${index}` })];

const get = (path: string) => getJson(sandbox.url, path);

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  const { accounts } = await runWorkload(sandbox, { rounds: 2, accounts: 3 }, [payments, data]);
  known = (accounts[0] as Keypair).publicKey();
  await sandbox.indexed();
});
afterAll(async () => {
  await sandbox.stop();
  expect(errors).toEqual([]);
});

const HISTORY = ['transactions', 'operations', 'payments', 'effects', 'trades'];

describe('a known account', () => {
  it.each([
    { given: 'transactions', want: (r: Json) => r.successful !== undefined },
    { given: 'operations', want: (r: Json) => typeof r.type === 'string' },
    { given: 'payments', want: (r: Json) => ['create_account', 'payment'].includes(r.type) },
    { given: 'effects', want: (r: Json) => r.account === known },
  ])('/accounts/{known}/$given → 200, a page of its records', async ({ given, want }) => {
    const answer = await get(`/accounts/${known}/${given}?limit=200`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/hal\+json/);
    const records = answer.body._embedded.records as Json[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every(want)).toBe(true);
    expect(answer.body._links.self.href).toContain(`/accounts/${known}/${given}?`);
  });

  it('/accounts/{known}/operations?join=transactions embeds each transaction', async () => {
    const answer = await get(`/accounts/${known}/operations?join=transactions`);
    expect(answer.body._embedded.records[0].transaction.hash).toEqual(expect.any(String));
  });

  it('/accounts/{known}/trades and /offers → 200, empty pages for an account without any', async () => {
    for (const sub of ['trades', 'offers']) {
      const answer = await get(`/accounts/${known}/${sub}`);
      expect(answer.status, sub).toBe(200);
      expect(answer.body._embedded.records, sub).toEqual([]);
    }
  });

  it('/accounts/{known}/data/k0 → 200 with the value in base64', async () => {
    const answer = await get(`/accounts/${known}/data/k0`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ value: Buffer.from('value 0').toString('base64') });
  });
});

describe('errors', () => {
  it.each([
    ...HISTORY.map((sub) => ({ given: `/accounts/{unknown}/${sub}`, want: 404 })),
    { given: '/accounts/{unknown}/data/k0', want: 404 },
    { given: '/accounts/{known}/data/missing', want: 404 },
    { given: '/accounts/{known}/data/k1', want: 404 },
  ])('$given → $want not_found', async ({ given, want }) => {
    // k1 is the second account's entry, not the first's.
    const path = given.replace('{unknown}', UNKNOWN).replace('{known}', known);
    const answer = await get(path);
    expect(answer.status).toBe(want);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.type).toMatch(/not_found$/);
  });

  it.each([
    ...[...HISTORY, 'offers'].map((sub) => ({
      given: `/accounts/GBAD/${sub}`,
      field: 'account_id',
      reason: PATTERN,
    })),
    { given: '/accounts/GBAD/data/k0', field: 'account_id', reason: PATTERN },
    { given: `/accounts/{known}/data/${'k'.repeat(65)}`, field: 'key', reason: undefined },
    // The paging arguments are checked before the account is looked up.
    ...HISTORY.map((sub) => ({
      given: `/accounts/{unknown}/${sub}?limit=0`,
      field: 'limit',
      reason: undefined,
    })),
    { given: '/accounts/{unknown}/transactions?cursor=abc', field: 'cursor', reason: undefined },
    { given: '/accounts/{known}/offers?order=up', field: 'order', reason: 'order: invalid value' },
    { given: '/accounts/{known}/trades?trade_type=all_of_them', field: 'trade_type', reason: undefined },
  ])('$given → 400 with extras.invalid_field $field', async ({ given, field, reason }) => {
    const answer = await get(given.replace('{unknown}', UNKNOWN).replace('{known}', known));
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.extras.invalid_field).toBe(field);
    expect(answer.body.extras.reason).toEqual(reason ?? expect.any(String));
  });

  it.each(HISTORY)('/accounts/{unknown}/%s descending from before history → 410 before 404', async (sub) => {
    const answer = await get(`/accounts/${UNKNOWN}/${sub}?order=desc&cursor=1`);
    expect(answer.status).toBe(410);
    expect(answer.body.type).toMatch(/before_history$/);
  });

  it('/accounts/{unknown}/offers → 200, an empty page (Horizon does not look the account up)', async () => {
    const answer = await get(`/accounts/${UNKNOWN}/offers`);
    expect(answer.status).toBe(200);
    expect(answer.body._embedded.records).toEqual([]);
  });
});
