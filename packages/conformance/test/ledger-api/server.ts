/**
 * A scripted Horizon-compatible provider for the ledger-api suite, on the generated server
 * adapter (which validates queries and answers bad ones with Horizon's problems). Its records
 * are the contract's examples, cloned with their own ids and paging tokens (25 per history
 * collection), served with real paging. Named deliberate breaks (see broken.yaml) each change
 * one behaviour so that one check must fail.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract, createRequestListener, document, type Handlers, validate } from '@starspec/ledger-api';
import type { HandlerRequest, HandlerResult } from '@starspec/runtime';
import { xdr } from '@stellar/stellar-sdk/base';
import { accountId } from '../../src/stellar/accounts.js';

type Json = Record<string, unknown>;

const examples = (document as unknown as { components: { examples: Record<string, { value: unknown }> } })
  .components.examples;
const example = (name: string): Json => structuredClone(examples[name]?.value) as Json;
const templates = (page: string) => ((example(page)._embedded as Json).records as Json[]).map((r) => r);

const hex = (seed: string) => createHash('sha256').update(seed).digest('hex');
const toid = (ledger: number, tx: number, op: number) =>
  ((BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(op)).toString();

/** The ledger every history record is in: 1000 + its index. */
const FIRST_LEDGER = 1000;

interface Family {
  page: string;
  count: number;
  make(record: Json, i: number): void;
  /** Paging tokens of this shape only; else 400 invalid_field cursor. */
  cursor: RegExp;
}

const NUMERIC = /^(\d+|now)$/;
const PAIR = /^(\d+(-\d+)?|now)$/;
const ANY = /^.+$/;

const FAMILIES: Record<string, Family> = {
  ledgers: {
    page: 'LedgerPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const sequence = FIRST_LEDGER + i;
      Object.assign(r, { id: hex(`ledger ${i}`), hash: hex(`ledger ${i}`), sequence });
      r.paging_token = (BigInt(sequence) << 32n).toString();
      if ('prev_hash' in r) r.prev_hash = hex(`ledger ${i - 1}`);
    },
  },
  transactions: {
    page: 'TransactionPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      Object.assign(r, { id: hex(`tx ${i}`), hash: hex(`tx ${i}`), ledger: FIRST_LEDGER + i });
      r.paging_token = toid(FIRST_LEDGER + i, 1, 0);
    },
  },
  operations: {
    page: 'OperationPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const id = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id, paging_token: id, transaction_hash: hex(`tx ${i}`) });
    },
  },
  payments: {
    page: 'PaymentPage',
    count: 25,
    cursor: NUMERIC,
    make(r, i) {
      const id = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id, paging_token: id, transaction_hash: hex(`tx ${i}`) });
    },
  },
  effects: {
    page: 'EffectPage',
    count: 25,
    cursor: PAIR,
    make(r, i) {
      const op = toid(FIRST_LEDGER + i, 1, 1);
      Object.assign(r, { id: `${op.padStart(19, '0')}-0000000001`, paging_token: `${op}-1` });
    },
  },
  trades: {
    page: 'TradePage',
    count: 25,
    cursor: PAIR,
    make(r, i) {
      const id = `${toid(FIRST_LEDGER + i, 1, 1)}-0`;
      Object.assign(r, { id, paging_token: id });
    },
  },
  accounts: {
    page: 'AccountPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = accountId(new Uint8Array(32).fill(i + 1));
      Object.assign(r, { id, account_id: id, paging_token: id });
    },
  },
  claimable_balances: {
    page: 'ClaimableBalancePage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = `00000000${hex(`balance ${i}`)}`;
      Object.assign(r, { id, paging_token: `${FIRST_LEDGER + i}-${id}` });
    },
  },
  liquidity_pools: {
    page: 'LiquidityPoolPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = hex(`pool ${i}`);
      Object.assign(r, { id, paging_token: id });
    },
  },
  offers: {
    page: 'OfferPage',
    count: 5,
    cursor: ANY,
    make(r, i) {
      const id = String(5000 + i);
      Object.assign(r, { id, paging_token: id });
    },
  },
};

/** The family each collection operation pages over. */
const COLLECTIONS: Record<string, keyof typeof FAMILIES> = {
  listLedgers: 'ledgers',
  listTransactions: 'transactions',
  listLedgerTransactions: 'transactions',
  listClaimableBalanceTransactions: 'transactions',
  listLiquidityPoolTransactions: 'transactions',
  listOperations: 'operations',
  listLedgerOperations: 'operations',
  listTransactionOperations: 'operations',
  listClaimableBalanceOperations: 'operations',
  listLiquidityPoolOperations: 'operations',
  listPayments: 'payments',
  listLedgerPayments: 'payments',
  listTransactionPayments: 'payments',
  listEffects: 'effects',
  listLedgerEffects: 'effects',
  listTransactionEffects: 'effects',
  listOperationEffects: 'effects',
  listLiquidityPoolEffects: 'effects',
  listTrades: 'trades',
  listOfferTrades: 'trades',
  listLiquidityPoolTrades: 'trades',
  listAccounts: 'accounts',
  listClaimableBalances: 'claimable_balances',
  listLiquidityPools: 'liquidity_pools',
  listOffers: 'offers',
};

/** Orders paging tokens part by part, numerically when both parts are digits. */
function compare(a: string, b: string): number {
  const x = a.split('-');
  const y = b.split('-');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (/^\d+$/.test(p) && /^\d+$/.test(q)) {
      if (BigInt(p) !== BigInt(q)) return BigInt(p) < BigInt(q) ? -1 : 1;
    } else if (p !== q) {
      return p < q ? -1 : 1;
    }
  }
  return 0;
}

function dataset(family: Family): Json[] {
  const shapes = templates(family.page);
  const records = Array.from({ length: family.count }, (_, i) => {
    const record = structuredClone(shapes[i % shapes.length]) as Json;
    family.make(record, i);
    return record;
  });
  return records.sort((a, b) => compare(String(a.paging_token), String(b.paging_token)));
}

const DATA: Record<string, Json[]> = Object.fromEntries(
  Object.entries(FAMILIES).map(([name, family]) => [name, dataset(family)]),
);

const PROBLEM = 'application/problem+json; charset=utf-8';
const problem = (status: number, type: string, title: string, extras?: Json): HandlerResult => ({
  status,
  headers: { 'content-type': PROBLEM },
  body: {
    type: `https://stellar.org/horizon-errors/${type}`,
    title,
    status,
    detail: `${title}.`,
    ...(extras ? { extras } : {}),
  },
});
const NOT_FOUND = () => problem(404, 'not_found', 'Resource Missing');

/** TransactionResult: fee 0, txNO_ACCOUNT (-8), no ext. */
const NO_ACCOUNT_RESULT = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 248, 0, 0, 0, 0]).toString(
  'base64',
);

export interface LedgerServer {
  url: string;
  close(): Promise<void>;
}

/** Removes fields of the first record (or the body) until the answer no longer validates. */
function corrupt(operationId: string, body: Json): Json {
  const out = structuredClone(body);
  const records = (out._embedded as Json | undefined)?.records as Json[] | undefined;
  const target = records?.[0] ?? out;
  for (const key of Object.keys(target)) {
    const saved = target[key];
    delete target[key];
    if (!validate.response(operationId as never, 200, out).ok) return out;
    target[key] = saved;
  }
  out._links = 5;
  return out;
}

function given(raw: IncomingMessage, name: string): boolean {
  return new URL(raw.url ?? '/', 'http://localhost').searchParams.has(name);
}

export function startLedgerServer(options: { breaks?: readonly string[] } = {}): Promise<LedgerServer> {
  const breaks = new Set(options.breaks ?? []);
  const on = (name: string) => breaks.has(name);
  let requests = 0;

  const page = (operationId: string, request: HandlerRequest): HandlerResult => {
    const family = FAMILIES[COLLECTIONS[operationId] as string] as Family;
    const all = DATA[COLLECTIONS[operationId] as string] as Json[];
    const query = request.query as { cursor?: string; order: 'asc' | 'desc'; limit: number };
    let order = query.order;
    let limit = query.limit;
    if (on('default-desc') && !given(request.raw, 'order')) order = 'desc';
    if (on('default-limit-20') && !given(request.raw, 'limit')) limit = 20;
    if (on('limit-capped-5')) limit = Math.min(limit, 5);
    let cursor = query.cursor === '' ? undefined : query.cursor;
    if (cursor !== undefined && !family.cursor.test(cursor)) {
      if (on('bad-cursor-ignored')) cursor = undefined;
      else
        return problem(400, 'bad_request', 'Bad Request', {
          invalid_field: 'cursor',
          reason: 'cursor: invalid value',
        });
    }
    const sorted = order === 'asc' ? all : [...all].reverse();
    const start =
      cursor === undefined
        ? sorted
        : cursor === 'now'
          ? order === 'asc'
            ? []
            : sorted
          : sorted.filter((r) => {
              const c = compare(String(r.paging_token), cursor as string);
              return order === 'asc' ? c > 0 : c < 0;
            });
    const records = start.slice(0, limit);
    const host = request.headers.host ?? 'localhost';
    const url = new URL(request.raw.url ?? '/', `http://${host}`);
    const href = (c: string | undefined, o: string) => {
      const params = new URLSearchParams(url.searchParams);
      params.set('cursor', c ?? '');
      params.set('limit', String(limit));
      params.set('order', o);
      params.sort();
      return { href: `http://${host}${url.pathname}?${params}` };
    };
    const tokens = records.map((r) => String(r.paging_token));
    const lastToken = on('next-repeats-page') ? tokens[0] : tokens[tokens.length - 1];
    const back = on('prev-keeps-order') ? order : order === 'asc' ? 'desc' : 'asc';
    return {
      status: 200,
      body: {
        _links: {
          self: href(cursor, order),
          next: href(lastToken ?? cursor, order),
          prev: href(tokens[0] ?? cursor, back),
        },
        _embedded: { records: on('unsorted') ? [...records].reverse() : records },
      },
    };
  };

  const find = (family: string, field: string, value: unknown) =>
    (DATA[family] as Json[]).find((r) => String(r[field]) === String(value));
  const one = (record: Json | undefined): HandlerResult =>
    record ? { status: 200, body: record } : NOT_FOUND();

  const submit = (async: boolean, request: HandlerRequest): HandlerResult => {
    const tx = String((request.body as Json | undefined)?.tx ?? '');
    let decoded = true;
    try {
      xdr.TransactionEnvelope.fromXdr(tx, 'base64');
    } catch {
      decoded = false;
    }
    const hash = hex(`submitted ${tx}`);
    if (async) {
      if ((!decoded && on('async-malformed-pending')) || (decoded && on('async-rejected-pending'))) {
        return { status: 201, body: { tx_status: 'PENDING', hash } };
      }
      if (!decoded)
        return problem(400, 'transaction_malformed', 'Transaction Malformed', { envelope_xdr: tx });
      return { status: 400, body: { tx_status: 'ERROR', hash, error_result_xdr: NO_ACCOUNT_RESULT } };
    }
    if (!decoded) {
      if (on('malformed-envelope-500'))
        return problem(500, 'transaction_submission_exception', 'Transaction Submission Exception');
      return problem(400, 'transaction_malformed', 'Transaction Malformed', { envelope_xdr: tx });
    }
    const extras: Json = { envelope_xdr: tx };
    if (!on('rejected-without-result-codes')) {
      Object.assign(extras, {
        result_xdr: NO_ACCOUNT_RESULT,
        result_codes: { transaction: 'tx_no_source_account' },
      });
    }
    return problem(400, 'transaction_failed', 'Transaction Failed', extras);
  };

  const singles: Record<string, (request: HandlerRequest) => HandlerResult> = {
    getRoot: () => ({ status: 200, body: example('Root') }),
    getFeeStats: () => ({ status: 200, body: example('FeeStats') }),
    getLedger: ({ path }) => one(find('ledgers', 'sequence', path.sequence)),
    getTransaction: ({ path }) => {
      const record = find('transactions', 'hash', path.hash);
      if (!record && on('unknown-hash-500')) return problem(500, 'server_error', 'Internal Server Error');
      return one(record);
    },
    getOperation: ({ path }) => one(find('operations', 'id', path.id)),
    getAccount: ({ path }) => ({
      status: 200,
      body: { ...example('Account'), id: path.account_id, account_id: path.account_id },
    }),
    getClaimableBalance: ({ path }) => one(find('claimable_balances', 'id', path.id)),
    getLiquidityPool: ({ path }) => one(find('liquidity_pools', 'id', path.id)),
    getOffer: ({ path }) => one(find('offers', 'id', path.id)),
    submitTransaction: (request) => submit(false, request),
    submitTransactionAsync: (request) => submit(true, request),
  };

  const handlers = Object.fromEntries(
    Object.keys(contract.operations).map((operationId) => [
      operationId,
      (request: HandlerRequest): HandlerResult => {
        const single = singles[operationId] as (request: HandlerRequest) => HandlerResult;
        const result = COLLECTIONS[operationId] ? page(operationId, request) : single(request);
        if (result.status === 200 && on(`corrupt:${operationId}`))
          return { ...result, body: corrupt(operationId, result.body as Json) };
        return result;
      },
    ]),
  );
  const listener = createRequestListener(handlers as unknown as Handlers, {
    validateResponses: false,
    onError: () => undefined,
  });

  const server: Server = createServer((req, res) => {
    requests += 1;
    const remaining = on('ratelimit-remaining-above-limit') ? 150 : Math.max(0, 100 - (requests % 100));
    res.setHeader('X-Ratelimit-Limit', '101');
    res.setHeader('X-Ratelimit-Remaining', String(remaining));
    res.setHeader('X-Ratelimit-Reset', '1');
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Breaks that get past the adapter's query validation.
    const limit = url.searchParams.get('limit');
    if (on('limit-clamped') && limit !== null && !/^([1-9]\d?|1\d\d|200)$/.test(limit))
      url.searchParams.delete('limit');
    const order = url.searchParams.get('order');
    if (on('bad-order-ignored') && order !== null && order !== 'asc' && order !== 'desc')
      url.searchParams.delete('order');
    req.url = `${url.pathname}${url.search}`;
    listener(req, res);
  });
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export { DATA, FAMILIES };
