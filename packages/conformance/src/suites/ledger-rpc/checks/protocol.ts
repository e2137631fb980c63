/**
 * JSON-RPC 2.0 semantics: invalid params, unknown methods, invalid requests, parse errors,
 * batches and notifications, each answered as the specification and Stellar RPC's jrpc2 bridge do.
 */
import { CheckFailure, type Evidence, evidenceOf, fail } from '../../../model.js';
import type { CheckDefinition } from '../../../runner.js';
import { isRecord, type LedgerRpcState, post } from '../state.js';
import { errorCode, expectErrors } from './common.js';

/** No answer at all: HTTP 204, or 200 with an empty body. */
const silent = (status: number, body: unknown) => status === 204 || (status === 200 && body === undefined);

export const protocolChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'protocol.invalid-params',
    title: 'Params of the wrong type get -32602',
    // rpc.Server sends typed params; it throws any error object without reading its code.
    level: 'should',
    run: (state, t) =>
      expectErrors(state, t, [
        {
          method: 'getTransaction',
          params: { hash: 42 },
          what: 'getTransaction with a numeric hash',
          code: -32602,
        },
        {
          method: 'getLedgers',
          params: { startLedger: 'first' },
          what: 'getLedgers with a text startLedger',
          code: -32602,
        },
      ]),
  },
  {
    id: 'protocol.unknown-method',
    title: 'An unknown method gets -32601',
    // rpc.Server calls only methods it knows.
    level: 'should',
    run: (state, t) =>
      expectErrors(state, t, [
        { method: 'getEverything', params: {}, what: 'the unknown method getEverything', code: -32601 },
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
