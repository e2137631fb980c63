/**
 * Each JSON-RPC error class with the code, message and data Stellar RPC answers: its HTTP bridge
 * and request parser (creachadair/jrpc2 v1.3: `jhttp/bridge.go`, `json.go`, `error.go`, `code.go`)
 * for the envelope, and the methods' own refusals (stellar-rpc `methods/*.go`).
 */
import { CheckFailure, type Evidence, evidenceOf, fail } from '../../../model.js';
import type { CheckDefinition } from '../../../runner.js';
import { isRecord, type LedgerRpcState, post } from '../state.js';
import { expectErrors } from './common.js';

/** jrpc2's errInvalidRequest: what it answers for a body that is not JSON. */
const PARSE_MESSAGE = 'invalid request value';

/** Requests jrpc2's parser refuses with -32600, with their message and data. */
const INVALID_REQUESTS: {
  what: string;
  request: Record<string, unknown>;
  message: string;
  data?: unknown;
}[] = [
  {
    what: 'jsonrpc "1.0"',
    request: { jsonrpc: '1.0', id: 'v1', method: 'getHealth' },
    message: 'invalid version marker',
  },
  {
    what: 'a member JSON-RPC does not define',
    request: { jsonrpc: '2.0', id: 'x1', method: 'getHealth', extra: true },
    message: 'extra fields in request',
    data: ['extra'],
  },
  {
    what: 'params that are a string',
    request: { jsonrpc: '2.0', id: 'p1', method: 'getHealth', params: 'all' },
    message: 'parameters must be array or object',
  },
];

export const errorChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'errors.parse-error',
    title: 'A body that is not JSON gets -32700 "invalid request value"',
    // rpc.Server always sends JSON; the message is jrpc2's errInvalidRequest.
    level: 'should',
    async run(state) {
      const answer = await post(state, '{"jsonrpc": "2.0", "id": 1, "method": ');
      const body = answer.body;
      // Stellar RPC's bridge writes the error as text on HTTP 500; a JSON-RPC 2.0 server sends it as an object.
      const asText =
        answer.status === 500 && typeof body === 'string' && body.trim() === `[-32700] ${PARSE_MESSAGE}`;
      const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
      const asObject =
        answer.status === 200 &&
        isRecord(body) &&
        body.id === null &&
        error?.code === -32700 &&
        error.message === PARSE_MESSAGE;
      if (!asText && !asObject) {
        fail(
          'a body that is not JSON was not answered as Stellar RPC answers it',
          answer.exchange,
          `HTTP 500 with the text "[-32700] ${PARSE_MESSAGE}" (Stellar RPC), or HTTP 200 with the error {"code": -32700, "message": "${PARSE_MESSAGE}"} and id null`,
          `${answer.status} ${JSON.stringify(body) ?? ''}`,
        );
      }
    },
  },
  {
    id: 'errors.invalid-request',
    title: "Requests that are not JSON-RPC 2.0 get -32600 with jrpc2's message, echoing their id",
    // rpc.Server always sends a well-formed 2.0 request.
    level: 'should',
    async run(state) {
      const evidence: Evidence[] = [];
      for (const { what, request, message, data } of INVALID_REQUESTS) {
        const answer = await post(state, request);
        const body = isRecord(answer.body) ? answer.body : {};
        const error = isRecord(body.error) ? body.error : {};
        const ok =
          answer.status === 200 &&
          body.id === request.id &&
          error.code === -32600 &&
          error.message === message &&
          (data === undefined || JSON.stringify(error.data) === JSON.stringify(data));
        if (!ok) {
          evidence.push(
            evidenceOf(
              answer.exchange,
              `for ${what}: the error -32600 "${message}"${data === undefined ? '' : ` with data ${JSON.stringify(data)}`} and id ${JSON.stringify(request.id)}`,
              `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300) ?? ''}`,
            ),
          );
        }
      }
      if (evidence.length > 0)
        throw new CheckFailure(`${evidence.length} invalid request(s) answered otherwise`, evidence);
    },
  },
  {
    id: 'errors.method-not-found',
    title: 'An unknown method gets -32601 "method not found" with the method name as data',
    level: 'should',
    run: (state, t) =>
      expectErrors(state, t, [
        {
          method: 'getEverything',
          params: {},
          what: 'the unknown method getEverything',
          code: -32601,
          message: 'method not found',
          data: 'getEverything',
        },
      ]),
  },
  {
    id: 'errors.invalid-params',
    title: 'Params that do not decode get -32602 "invalid parameters"',
    // stellar-rpc decodes params into the method's request struct, arrays refused (AllowArray(false)).
    level: 'should',
    run: (state, t) =>
      expectErrors(state, t, [
        {
          method: 'getTransaction',
          params: { hash: 42 },
          what: 'getTransaction with a numeric hash',
          code: -32602,
          message: 'invalid parameters',
        },
        {
          method: 'getLedgers',
          params: [1],
          what: 'getLedgers with params as an array',
          code: -32602,
          message: 'invalid parameters',
        },
      ]),
  },
  {
    id: 'errors.invalid-values',
    title: "A cursor out of its integer range gets -32602 with Go strconv's message",
    // stellar-rpc get_ledgers.go parses the cursor with strconv.ParseUint, get_transactions.go with ParseInt.
    level: 'should',
    needsBehaviour: "each method's own validation",
    run: (state, t) =>
      expectErrors(state, t, [
        {
          method: 'getLedgers',
          params: { pagination: { cursor: '99999999999' } },
          what: 'getLedgers with a cursor beyond uint32',
          code: -32602,
          message: 'strconv.ParseUint: parsing "99999999999": value out of range',
        },
        {
          method: 'getTransactions',
          params: { pagination: { cursor: '99999999999999999999' } },
          what: 'getTransactions with a cursor beyond int64',
          code: -32602,
          message: 'strconv.ParseInt: parsing "99999999999999999999": value out of range',
        },
      ]),
  },
];
