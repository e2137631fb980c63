/**
 * Nothing missed by the wake rule: over a workload that makes every kind of record (payments,
 * crossed offers, a pool, claimable balances, sponsorship, data entries, a merge), replayed one
 * ledger at a time, every ledger that adds a record to a stream's collection, or changes its
 * resource, is one that stream's rule accepts, for every streamable operation and every subject
 * the index knows. What a ledger adds is asked of the REST face itself (a page from the end of the
 * ledger before), not of the summary.
 */
import type { OperationId } from '@starspec/ledger-api';
import type { HandlerRequest } from '@starspec/runtime/http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Ingester } from '../../src/ingest/ingester.js';
import type { LedgerSummary } from '../../src/ingest/ledger-summary.js';
import { cursorNow } from '../../src/rest/pages.js';
import { wakeRule } from '../../src/rest/stream-wake.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { runWorkload } from '../support/effects-workload.js';
import { serveFace, type TestFace } from '../support/face.js';
import { testLedger } from '../support/ledger.js';

/** A stream: its operation, its request's path and query, and the URL of its page. */
interface Probe {
  op: OperationId;
  path?: Record<string, string>;
  query?: Record<string, string>;
  url: string;
}

/** A ledger that holds something for a probe's stream. */
interface Due {
  probe: Probe;
  ledger: number;
}

let face: TestFace;
let store: IndexStore;
const summaries = new Map<number, LedgerSummary>();
const due: Due[] = [];

async function get(url: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${face.url}${url}`);
  return { status: answer.status, body: await answer.json() };
}

/** The ledger of the first record after `ledger - 1` (undefined for none). */
async function firstLedgerFrom(url: string, ledger: number): Promise<number | undefined> {
  const separator = url.includes('?') ? '&' : '?';
  const { body } = await get(`${url}${separator}cursor=${cursorNow(ledger - 1)}&limit=1`);
  const token = (body as { _embedded?: { records: { paging_token: string }[] } })._embedded?.records[0]
    ?.paging_token;
  return token === undefined ? undefined : Number(BigInt(token.split('-')[0] as string) >> 32n);
}

beforeAll(async () => {
  const driver = openSqlite(':memory:');
  const work = await runWorkload(await testLedger({ driver }));
  const column = async (sql: string) => (await driver.query(sql)).map((row) => String(Object.values(row)[0]));
  const accounts = [
    ...new Set([
      ...(await column("SELECT DISTINCT subject FROM participants WHERE kind = 'account'")),
      ...(await column('SELECT DISTINCT account FROM effects')),
      ...(await column('SELECT DISTINCT account FROM trade_accounts')),
    ]),
  ];
  const balances = await column("SELECT DISTINCT subject FROM participants WHERE kind = 'claimable_balance'");
  const pools = [
    ...new Set([
      ...(await column("SELECT DISTINCT subject FROM participants WHERE kind = 'liquidity_pool'")),
      ...(await column('SELECT DISTINCT liquidity_pool FROM trades WHERE liquidity_pool IS NOT NULL')),
    ]),
  ];
  const offers = [
    ...new Set([
      ...(await column('SELECT DISTINCT base_offer_id FROM trades WHERE base_offer_id IS NOT NULL')),
      ...(await column('SELECT DISTINCT counter_offer_id FROM trades WHERE counter_offer_id IS NOT NULL')),
    ]),
  ];
  const transactions = await driver.query('SELECT hash, ledger FROM transactions');
  const operations = await column('SELECT DISTINCT operation_id FROM effects');
  const sequences = [...work.t.closeTimes.keys()].sort((a, b) => a - b);

  store = await IndexStore.open(openSqlite(':memory:'), work.t.network.passphrase);
  const ingester = new Ingester(store);
  ingester.onLedger((summary) => summaries.set(summary.sequence, summary));
  face = await serveFace(ingester);

  // The resources: compared after each ledger with what they were before it.
  const resources: Probe[] = accounts.flatMap((id) => [
    { op: 'getAccount', path: { account_id: id }, url: `/accounts/${id}` },
    { op: 'listAccountOffers', path: { account_id: id }, url: `/accounts/${id}/offers?limit=200` },
    ...['config', 'sponsored'].map((key) => ({
      op: 'getAccountData' as const,
      path: { account_id: id, key },
      url: `/accounts/${id}/data/${key}`,
    })),
  ]);
  const before = new Map<string, string>();
  for (const sequence of sequences) {
    const [record] = work.t.network.closed.range(sequence, sequence);
    await ingester.ingest(record?.closed.meta as never);
    for (const probe of resources) {
      const now = JSON.stringify(await get(probe.url));
      if (before.has(probe.url) && before.get(probe.url) !== now) due.push({ probe, ledger: sequence });
      before.set(probe.url, now);
    }
  }

  // The collections: the ledgers whose first record after the ledger before is in them.
  const collections: Probe[] = [
    { op: 'listLedgers', url: '/ledgers' },
    { op: 'listTransactions', url: '/transactions?include_failed=true' },
    { op: 'listOperations', url: '/operations?include_failed=true' },
    { op: 'listPayments', url: '/payments?include_failed=true' },
    { op: 'listEffects', url: '/effects' },
    { op: 'listTrades', url: '/trades' },
    ...accounts.flatMap((id): Probe[] => [
      {
        op: 'listAccountTransactions',
        path: { account_id: id },
        url: `/accounts/${id}/transactions?include_failed=true`,
      },
      {
        op: 'listAccountOperations',
        path: { account_id: id },
        url: `/accounts/${id}/operations?include_failed=true`,
      },
      {
        op: 'listAccountPayments',
        path: { account_id: id },
        url: `/accounts/${id}/payments?include_failed=true`,
      },
      { op: 'listAccountEffects', path: { account_id: id }, url: `/accounts/${id}/effects` },
      { op: 'listAccountTrades', path: { account_id: id }, url: `/accounts/${id}/trades` },
    ]),
    ...balances.flatMap((id): Probe[] => [
      {
        op: 'listClaimableBalanceTransactions',
        path: { id },
        url: `/claimable_balances/${id}/transactions?include_failed=true`,
      },
      {
        op: 'listClaimableBalanceOperations',
        path: { id },
        url: `/claimable_balances/${id}/operations?include_failed=true`,
      },
    ]),
    ...pools.flatMap((id): Probe[] => [
      {
        op: 'listLiquidityPoolTransactions',
        path: { id },
        url: `/liquidity_pools/${id}/transactions?include_failed=true`,
      },
      {
        op: 'listLiquidityPoolOperations',
        path: { id },
        url: `/liquidity_pools/${id}/operations?include_failed=true`,
      },
      { op: 'listLiquidityPoolEffects', path: { id }, url: `/liquidity_pools/${id}/effects` },
      { op: 'listLiquidityPoolTrades', path: { id }, url: `/liquidity_pools/${id}/trades` },
      { op: 'listTrades', query: { liquidity_pool_id: id }, url: `/trades?liquidity_pool_id=${id}` },
    ]),
    ...offers.flatMap((id): Probe[] => [
      { op: 'listOfferTrades', path: { id }, url: `/offers/${id}/trades` },
      { op: 'listTrades', query: { offer_id: id }, url: `/trades?offer_id=${id}` },
    ]),
  ];
  for (const probe of collections)
    for (const sequence of sequences)
      if ((await firstLedgerFrom(probe.url, sequence)) === sequence) due.push({ probe, ledger: sequence });

  // Records of one ledger, transaction or operation: due with that ledger when there are any.
  const scoped: Due[] = [
    ...sequences.flatMap((sequence) =>
      (['Transactions', 'Operations', 'Payments', 'Effects'] as const).map((kind) => ({
        probe: {
          op: `listLedger${kind}` as OperationId,
          path: { sequence: String(sequence) },
          url: `/ledgers/${sequence}/${kind.toLowerCase()}?limit=1${kind === 'Effects' ? '' : '&include_failed=true'}`,
        },
        ledger: sequence,
      })),
    ),
    ...transactions.flatMap(({ hash, ledger }) =>
      (['Operations', 'Payments', 'Effects'] as const).map((kind) => ({
        probe: {
          op: `listTransaction${kind}` as OperationId,
          path: { hash: String(hash) },
          url: `/transactions/${hash}/${kind.toLowerCase()}?limit=1`,
        },
        ledger: Number(ledger),
      })),
    ),
    ...operations.map((id) => ({
      probe: { op: 'listOperationEffects' as const, path: { id }, url: `/operations/${id}/effects?limit=1` },
      ledger: Number(BigInt(id) >> 32n),
    })),
  ];
  for (const one of scoped) {
    const { body } = await get(one.probe.url);
    if (((body as { _embedded?: { records: unknown[] } })._embedded?.records.length ?? 0) > 0) due.push(one);
  }
});

afterAll(async () => {
  await face?.stop();
  await store?.close();
});

it('wakes every stream at every ledger that holds something for it', () => {
  const missed = due.filter(({ probe, ledger }) => {
    const summary = summaries.get(ledger);
    if (!summary) throw new Error(`no summary of ledger ${ledger}`);
    const request = {
      path: probe.path ?? {},
      query: probe.query ?? {},
      headers: {},
    } as unknown as HandlerRequest;
    return !wakeRule(probe.op, request)(summary);
  });
  expect(missed.map(({ probe, ledger }) => `${probe.url} at ${ledger}`)).toEqual([]);
  // Not vacuous: every streamable operation had ledgers to be woken by.
  const woken = new Set(due.map(({ probe }) => probe.op));
  expect([...woken].sort()).toEqual(
    [
      'getAccount',
      'getAccountData',
      'listAccountEffects',
      'listAccountOffers',
      'listAccountOperations',
      'listAccountPayments',
      'listAccountTrades',
      'listAccountTransactions',
      'listClaimableBalanceOperations',
      'listClaimableBalanceTransactions',
      'listEffects',
      'listLedgerEffects',
      'listLedgerOperations',
      'listLedgerPayments',
      'listLedgerTransactions',
      'listLedgers',
      'listLiquidityPoolEffects',
      'listLiquidityPoolOperations',
      'listLiquidityPoolTrades',
      'listLiquidityPoolTransactions',
      'listOfferTrades',
      'listOperationEffects',
      'listOperations',
      'listPayments',
      'listTrades',
      'listTransactionEffects',
      'listTransactionOperations',
      'listTransactionPayments',
      'listTransactions',
    ].sort(),
  );
});
