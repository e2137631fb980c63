/**
 * The ledger-rpc checks: every method's result against the contract; JSON-RPC 2.0 semantics
 * (invalid params, unknown methods, invalid requests, parse errors, batches, notifications); and
 * the cursor round trip of getLedgers, getTransactions and getEvents.
 */
import { randomBytes } from 'node:crypto';
import { contract, type MethodName } from '@starspec/ledger-rpc';
import { CheckFailure, type Evidence, evidenceOf, fail, skip } from '../../model.js';
import { type CheckContext, type CheckDefinition, neverSent, type Recorder } from '../../runner.js';
import { unfundedEnvelope } from '../ledger-api/envelope.js';
import { compareTokens } from '../ledger-api/paging.js';
import {
  type Called,
  callMethod,
  isRecord,
  type LedgerRpcState,
  post,
  randomAccountKey,
  range,
} from './state.js';

type Method = MethodName;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

async function start(state: LedgerRpcState, t: Recorder): Promise<{ start: number; latest: number }> {
  const found = await range(state, t);
  if (!found) skip('needs the latest ledger, which neither getHealth nor getLatestLedger answered');
  return found;
}

const listOf = (result: unknown, key: string): Record<string, unknown>[] =>
  isRecord(result) && Array.isArray(result[key]) ? (result[key] as unknown[]).filter(isRecord) : [];

/** getTransactions from the start ledger; shared with getTransaction (for a hash). */
async function transactions(state: LedgerRpcState, t: Recorder): Promise<Called> {
  const { start: startLedger } = await start(state, t);
  return state.probes.use(t, 'getTransactions', (r) =>
    callMethod(state, r, 'getTransactions', { startLedger, pagination: { limit: 5 } }),
  );
}

/** The params each method is called with. */
const PARAMS: Record<Method, (state: LedgerRpcState, t: Recorder) => Promise<unknown>> = {
  getLatestLedger: async () => undefined,
  getVersionInfo: async () => undefined,
  getHealth: async () => undefined,
  getNetwork: async () => undefined,
  getFeeStats: async () => undefined,
  getLedgers: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 2 } }),
  getTransactions: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 5 } }),
  getTransaction: async (s, t) => {
    const hash = listOf((await transactions(s, t)).result, 'transactions')[0]?.txHash;
    return { hash: typeof hash === 'string' ? hash : randomBytes(32).toString('hex') };
  },
  getEvents: async (s, t) => ({ startLedger: (await start(s, t)).start, pagination: { limit: 5 } }),
  sendTransaction: async () => ({ transaction: unfundedEnvelope() }),
  simulateTransaction: async () => ({ transaction: unfundedEnvelope() }),
  getLedgerEntries: async () => ({ keys: [randomAccountKey()] }),
};

function resultCheck(method: Method): CheckDefinition<LedgerRpcState> {
  return {
    id: `result.${kebab(method)}`,
    title: `${method} answers a result that validates against the contract`,
    // rpc.Server parses each result (its XDR fields among them) for the app.
    level: 'must',
    async run(state, t) {
      if (method === 'sendTransaction' && !state.allowSubmit)
        skip('sends transactions only with --allow-submit');
      const params = await PARAMS[method](state, t);
      const answer = await callMethod(state, t, method, params);
      if (answer.error !== undefined) {
        fail(
          `${method} answered an error`,
          answer.exchange,
          `a ${method} result`,
          `error ${JSON.stringify(answer.error.code)} ${JSON.stringify(answer.error.message)}`,
        );
      }
    },
  };
}

const sendChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'send.rejected-transaction',
    title: 'sendTransaction of a transaction from an account that does not exist answers status ERROR',
    // rpc.Server.sendTransaction parses errorResultXdr when status is ERROR.
    level: 'must',
    needsBehaviour: 'a network core that judges the transaction',
    async run(state, t) {
      if (!state.allowSubmit) skip('sends transactions only with --allow-submit');
      const answer = await callMethod(state, t, 'sendTransaction', { transaction: unfundedEnvelope() });
      const status = isRecord(answer.result) ? answer.result.status : undefined;
      if (status !== 'ERROR') {
        fail(
          'a transaction from an account that does not exist was not rejected',
          answer.exchange,
          'status ERROR (with errorResultXdr): the core rejects an unsigned transaction from an account that does not exist',
          answer.error ? `error ${JSON.stringify(answer.error.code)}` : `status ${JSON.stringify(status)}`,
        );
      }
    },
  },
];

const errorCode = (answer: unknown) =>
  isRecord(answer) && isRecord(answer.error) ? answer.error.code : undefined;

/** Calls that must be answered with one JSON-RPC error code. */
async function expectError(
  state: LedgerRpcState,
  t: CheckContext,
  code: number,
  calls: { method: string; params?: unknown; what: string }[],
): Promise<void> {
  for (const call of calls) {
    // rpc.Server never sends these calls: what the answers hold cannot break it.
    const answer = await callMethod(state, neverSent(t), call.method, call.params);
    if (answer.error?.code !== code) {
      fail(
        `${call.what} was not answered ${code}`,
        answer.exchange,
        `a JSON-RPC error ${code} for ${call.what}`,
        answer.error ? `error ${JSON.stringify(answer.error.code)}` : 'a result',
      );
    }
  }
}

/** No answer at all: HTTP 204, or 200 with an empty body. */
const silent = (status: number, body: unknown) => status === 204 || (status === 200 && body === undefined);

const protocolChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'protocol.invalid-params',
    title: 'Params of the wrong type get -32602',
    // rpc.Server sends typed params; it throws any error object without reading its code.
    level: 'should',
    run: (state, t) =>
      expectError(state, t, -32602, [
        { method: 'getTransaction', params: { hash: 42 }, what: 'getTransaction with a numeric hash' },
        {
          method: 'getLedgers',
          params: { startLedger: 'first' },
          what: 'getLedgers with a text startLedger',
        },
      ]),
  },
  {
    id: 'protocol.unknown-method',
    title: 'An unknown method gets -32601',
    // rpc.Server calls only methods it knows.
    level: 'should',
    run: (state, t) =>
      expectError(state, t, -32601, [
        { method: 'getEverything', params: {}, what: 'the unknown method getEverything' },
      ]),
  },
  {
    id: 'protocol.invalid-request',
    title: 'A request that is not JSON-RPC 2.0 gets -32600',
    // rpc.Server always sends jsonrpc 2.0 (jsonrpc.postObject).
    level: 'should',
    async run(state) {
      const answer = await post(state, { jsonrpc: '1.0', id: 'v1', method: 'getHealth' });
      if (answer.status !== 200 || errorCode(answer.body) !== -32600) {
        fail(
          'a jsonrpc "1.0" request was not refused',
          answer.exchange,
          'a JSON-RPC error -32600 (invalid request)',
          `${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
    },
  },
  {
    id: 'protocol.parse-error',
    title: 'A body that is not JSON gets -32700',
    // rpc.Server always sends JSON.
    level: 'should',
    async run(state) {
      const answer = await post(state, '{"jsonrpc": "2.0", "id": 1, "method": ');
      const asObject =
        answer.status === 200 &&
        errorCode(answer.body) === -32700 &&
        isRecord(answer.body) &&
        answer.body.id === null;
      // Stellar RPC's HTTP bridge answers 500 with the plain text "[-32700] invalid request value".
      const asStellarRpc =
        answer.status === 500 && typeof answer.body === 'string' && answer.body.includes('-32700');
      if (!asObject && !asStellarRpc) {
        fail(
          'a body that is not JSON was not answered as a parse error',
          answer.exchange,
          'a JSON-RPC error -32700 with id null, or (as Stellar RPC does) HTTP 500 with the text [-32700]',
          `${answer.status} ${JSON.stringify(answer.body) ?? ''}`,
        );
      }
    },
  },
  {
    id: 'protocol.batch',
    title: 'A batch gets an array with one answer per call, matched by id',
    // rpc.Server sends one call per request, never a batch.
    level: 'should',
    async run(state) {
      const answer = await post(state, [
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 'two', method: 'getNetwork' },
        { jsonrpc: '2.0', id: 3, method: 'getEverything', params: {} },
      ]);
      const items = Array.isArray(answer.body) ? answer.body : undefined;
      const byId = (id: unknown) => items?.filter((a) => isRecord(a) && a.id === id) ?? [];
      const ok =
        answer.status === 200 &&
        items?.length === 3 &&
        byId(1).length === 1 &&
        isRecord(byId(1)[0]) &&
        'result' in (byId(1)[0] as object) &&
        byId('two').length === 1 &&
        isRecord(byId('two')[0]) &&
        'result' in (byId('two')[0] as object) &&
        errorCode(byId(3)[0]) === -32601;
      if (!ok) {
        fail(
          'the batch was not answered call by call',
          answer.exchange,
          'HTTP 200 with an array of 3 answers: results for ids 1 and "two", error -32601 for id 3',
          `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300) ?? ''}`,
        );
      }
    },
  },
  {
    id: 'protocol.notification',
    title: 'A notification (no id) gets no answer, alone or in a batch',
    // rpc.Server always sends an id.
    level: 'should',
    async run(state) {
      const evidence: Evidence[] = [];
      const alone = await post(state, { jsonrpc: '2.0', method: 'getHealth' });
      if (!silent(alone.status, alone.body)) {
        evidence.push(
          evidenceOf(
            alone.exchange,
            'no answer to a notification: HTTP 204, or 200 with no body',
            `${alone.status} ${JSON.stringify(alone.body)}`,
          ),
        );
      }
      const mixed = await post(state, [
        { jsonrpc: '2.0', method: 'getHealth' },
        { jsonrpc: '2.0', id: 9, method: 'getNetwork' },
      ]);
      const items = Array.isArray(mixed.body) ? mixed.body : [];
      if (mixed.status !== 200 || items.length !== 1 || !isRecord(items[0]) || items[0].id !== 9) {
        evidence.push(
          evidenceOf(
            mixed.exchange,
            'an array with the one answer to id 9; none for the notification',
            `${mixed.status} ${JSON.stringify(mixed.body)?.slice(0, 300)}`,
          ),
        );
      }
      const only = await post(state, [
        { jsonrpc: '2.0', method: 'getHealth' },
        { jsonrpc: '2.0', method: 'getNetwork' },
      ]);
      if (!silent(only.status, only.body)) {
        evidence.push(
          evidenceOf(
            only.exchange,
            'no answer to a batch of notifications: HTTP 204, or 200 with no body',
            `${only.status} ${JSON.stringify(only.body)}`,
          ),
        );
      }
      if (evidence.length > 0)
        throw new CheckFailure(`${evidence.length} notification(s) answered`, evidence);
    },
  },
];

/** Two pages through a cursor; `order` says whether the second page starts strictly after the first. */
async function roundTrip(
  state: LedgerRpcState,
  t: CheckContext,
  method: 'getLedgers' | 'getTransactions' | 'getEvents',
  key: string,
  after: (last: Record<string, unknown>, next: Record<string, unknown>) => boolean,
  show: (item: Record<string, unknown>) => string,
  /** What the first item of the second page must be, when the sequence has no gaps. */
  firstIs?: (last: Record<string, unknown>, first: Record<string, unknown>) => boolean,
): Promise<void> {
  const { start: startLedger } = await start(state, t);
  const first = await callMethod(state, t, method, { startLedger, pagination: { limit: 2 } });
  if (first.error)
    fail(`${method} answered an error`, first.exchange, `a ${method} result`, JSON.stringify(first.error));
  const page = listOf(first.result, key);
  if (page.length < 2)
    skip(`${method} from ledger ${startLedger} answered fewer than 2 ${key}: nothing to page through`);
  const cursor = isRecord(first.result) ? first.result.cursor : undefined;
  if (typeof cursor !== 'string' || cursor === '') {
    fail(
      `${method} answered no cursor`,
      first.exchange,
      'a cursor (string) to continue from',
      JSON.stringify(cursor),
    );
  }
  const second = await callMethod(state, t, method, { pagination: { cursor, limit: 2 } });
  if (second.error)
    fail(
      `${method} refused its own cursor`,
      second.exchange,
      `the page after cursor ${cursor}`,
      JSON.stringify(second.error),
    );
  const next = listOf(second.result, key);
  const last = page[page.length - 1] as Record<string, unknown>;
  const early = next.filter((item) => !after(last, item));
  if (next[0] && firstIs && !firstIs(last, next[0])) early.unshift(next[0]);
  if (next.length === 0 || early.length > 0) {
    fail(
      `the page after cursor ${cursor} does not continue after the first page`,
      second.exchange,
      `${key} strictly after ${show(last)}, the last of the first page`,
      next.length === 0 ? `no ${key}` : early.map(show).join(', '),
    );
  }
  t.note(
    `${show(page[0] as Record<string, unknown>)} … ${show(last)}, then ${show(next[0] as Record<string, unknown>)} …`,
  );
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);

const pagingChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'paging.get-ledgers',
    title: 'getLedgers: the page after the returned cursor starts with the next ledger',
    // Apps page with the cursor rpc.Server returns.
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getLedgers',
        'ledgers',
        (last, item) => num(item.sequence) > num(last.sequence),
        (item) => `ledger ${item.sequence}`,
        (last, first) => num(first.sequence) === num(last.sequence) + 1,
      ),
  },
  {
    id: 'paging.get-transactions',
    title: 'getTransactions: the page after the returned cursor starts after the last transaction',
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getTransactions',
        'transactions',
        (last, item) =>
          num(item.ledger) > num(last.ledger) ||
          (num(item.ledger) === num(last.ledger) && num(item.applicationOrder) > num(last.applicationOrder)),
        (item) => `${item.ledger}/${item.applicationOrder}`,
      ),
  },
  {
    id: 'paging.get-events',
    title: 'getEvents: the page after the returned cursor starts after the last event',
    level: 'must',
    needsBehaviour: 'pages computed from the cursor',
    run: (state, t) =>
      roundTrip(
        state,
        t,
        'getEvents',
        'events',
        (last, item) =>
          typeof item.id === 'string' && typeof last.id === 'string' && compareTokens(item.id, last.id) > 0,
        (item) => String(item.id),
      ),
  },
];

export const ledgerRpcChecks: CheckDefinition<LedgerRpcState>[] = [
  ...(Object.keys(contract.methods) as Method[]).map(resultCheck),
  ...sendChecks,
  ...protocolChecks,
  ...pagingChecks,
];
