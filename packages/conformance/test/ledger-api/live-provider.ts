/**
 * A live Horizon-compatible provider for the checks on the suite's own records: the REST face of
 * the file's sandbox (test/support/sandbox.ts) behind a proxy that applies one named break (see
 * broken.yaml) to the JSON answers of the paths it names. The root document's friendbot link
 * still leads to the sandbox's own friendbot.
 */
import { createServer, type Server } from 'node:http';
import { listenForTest, type TestServer } from '../support/listen.js';
import { sharedSandbox } from '../support/sandbox.js';

type Json = Record<string, unknown>;

const recordsOf = (body: Json) => (body._embedded as { records: Json[] }).records;
const set = (field: string, value: unknown) => (body: Json) => {
  body[field] = value;
};
const keep = (body: Json, wanted: (record: Json) => boolean) => {
  (body._embedded as { records: Json[] }).records = recordsOf(body).filter(wanted);
};

/** Each break: the paths whose answers it changes, and how. */
const BREAKS: Record<string, { path: RegExp; change(body: Json): void }> = {
  // The offer as it was made: the taker's crossing never reached it.
  'offer-not-crossed': { path: /^\/offers\/\d+$/, change: set('amount', '100.0000000') },
  'offer-trades-none': { path: /^\/offers\/\d+\/trades$/, change: (b) => keep(b, () => false) },
  'balance-other-id': {
    path: /^\/claimable_balances\/[0-9a-f]+$/,
    change: set('id', `00000000${'ab'.repeat(32)}`),
  },
  'balance-transactions-none': {
    path: /^\/claimable_balances\/[^/]+\/transactions$/,
    change: (b) => keep(b, () => false),
  },
  'balance-operations-none': {
    path: /^\/claimable_balances\/[^/]+\/operations$/,
    change: (b) => keep(b, () => false),
  },
  'pool-other-id': { path: /^\/liquidity_pools\/[0-9a-f]+$/, change: set('id', 'cd'.repeat(32)) },
  // Only the transaction that made the pool: the path payment through it is missing.
  'pool-transactions-first-only': {
    path: /^\/liquidity_pools\/[^/]+\/transactions$/,
    change: (b) => keep(b, (r) => r === recordsOf(b)[0]),
  },
  'pool-operations-without-deposit': {
    path: /^\/liquidity_pools\/[^/]+\/operations$/,
    change: (b) => keep(b, (r) => r.type !== 'liquidity_pool_deposit'),
  },
  'pool-effects-without-trade': {
    path: /^\/liquidity_pools\/[^/]+\/effects$/,
    change: (b) => keep(b, (r) => r.type !== 'liquidity_pool_trade'),
  },
  'pool-trades-none': { path: /^\/liquidity_pools\/[^/]+\/trades$/, change: (b) => keep(b, () => false) },
};

export const LIVE_BREAKS = Object.keys(BREAKS);

/** Starts a proxy to the shared sandbox's REST face that applies `breaks` (none: the face as it is). */
export async function startLiveLedgerProvider(
  options: { breaks?: readonly string[] } = {},
): Promise<TestServer> {
  const net = await sharedSandbox();
  const breaks = (options.breaks ?? []).map((name) => {
    const found = BREAKS[name];
    if (!found) throw new Error(`no live break named ${name}`);
    return found;
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const type = req.headers['content-type'];
      const upstream = await fetch(new URL(req.url ?? '/', net.url), {
        method: req.method ?? 'GET',
        headers: { accept: req.headers.accept ?? '*/*', ...(type ? { 'content-type': type } : {}) },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      let text = await upstream.text();
      const applied = breaks.filter((b) => b.path.test(path));
      if (upstream.status === 200 && applied.length > 0) {
        const body = JSON.parse(text) as Json;
        for (const { change } of applied) change(body);
        text = JSON.stringify(body);
      }
      const answerType = upstream.headers.get('content-type');
      res.writeHead(upstream.status, answerType ? { 'content-type': answerType } : {}).end(text);
    });
  });
  return listenForTest(server);
}
