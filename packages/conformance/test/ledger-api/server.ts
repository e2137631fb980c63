/**
 * A scripted Horizon-compatible provider for the ledger-api suite, on the generated server
 * adapter (which validates queries and answers bad ones with Horizon's problems). Its records
 * are the contract's examples, cloned with their own ids and paging tokens (25 per history
 * collection), served with real paging. Named deliberate breaks (see broken.yaml) each change
 * one behaviour so that one check must fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { contract, createRequestListener, type Handlers, validate } from '@starspec/ledger-api';
import type { HandlerRequest, HandlerResult } from '@starspec/runtime';
import { xdr } from '@stellar/stellar-sdk/base';
import { listenForTest, type TestServer } from '../support/listen.js';
import { COLLECTIONS, compare, DATA, example, FAMILIES, type Family, hex, type Json } from './data.js';

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

export type LedgerServer = TestServer;

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

export function startLedgerServer(
  options: {
    breaks?: readonly string[];
    /** Families (keys of FAMILIES) whose collections list no records, as on a fresh network. */
    unlisted?: readonly string[];
  } = {},
): Promise<LedgerServer> {
  const breaks = new Set(options.breaks ?? []);
  const unlisted = new Set(options.unlisted ?? []);
  const on = (name: string) => breaks.has(name);
  let requests = 0;

  const page = (operationId: string, request: HandlerRequest): HandlerResult => {
    const family = FAMILIES[COLLECTIONS[operationId] as string] as Family;
    const name = COLLECTIONS[operationId] as string;
    const all = unlisted.has(name) ? [] : (DATA[name] as Json[]);
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
    // Horizon's 410 for a descending cursor, though the cursor is after the elder ledger (2).
    if (on('desc-gone-early') && order === 'desc' && cursor !== undefined)
      return problem(410, 'before_history', 'Data Requested Is Before Recorded History');
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
    let records = start.slice(0, limit);
    // The oldest record of a descending page from a cursor goes missing, as if trimmed (it is not).
    if (on('desc-drops-oldest') && order === 'desc' && cursor !== undefined) records = records.slice(0, -1);
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
    getOrderBook: () => ({ status: 200, body: example('OrderBook') }),
    listAssets: () => ({ status: 200, body: example('AssetStatPage') }),
    listTradeAggregations: () => ({ status: 200, body: example('TradeAggregationPage') }),
    findStrictReceivePaths: () => ({ status: 200, body: example('StrictReceivePaths') }),
    findPaths: () => ({ status: 200, body: example('StrictReceivePaths') }),
    findStrictSendPaths: () => ({ status: 200, body: example('StrictSendPaths') }),
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
    getAccountData: ({ path }) => {
      const data = (example('Account') as Json).data as Record<string, string>;
      const value = data[String(path.key)];
      return value === undefined ? one(undefined) : { status: 200, body: { value } };
    },
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
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!(on('ratelimit-not-on-root') && url.pathname === '/')) {
      res.setHeader('X-Ratelimit-Limit', '101');
      res.setHeader('X-Ratelimit-Remaining', String(remaining));
      res.setHeader('X-Ratelimit-Reset', '1');
    }
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
  return listenForTest(server);
}

export { DATA, FAMILIES };
