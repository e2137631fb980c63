// The JSON-RPC 2.0 dispatcher under a generated JSON-RPC package: one HTTP body in, one answer out,
// the way Stellar RPC answers (creachadair/jrpc2's HTTP bridge). Its node:http listener is http.ts.
import type { IncomingMessage } from 'node:http';
import { availableParallelism } from 'node:os';
import { type HandlerTable, handlersByName } from '../handler-table.js';
import type { HttpServerOptions } from '../http/server.js';
import { inOrderBounded } from './batch.js';
import {
  JSONRPC_ERRORS,
  JsonRpcError,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type RpcContractMeta,
} from './protocol.js';
import { formatParamErrors, paramsByName, type RpcValidate } from './validate.js';

export interface RpcHandlerContext {
  method: string;
  /** The request id; `undefined` for a notification. */
  id: JsonRpcId | undefined;
  notification: boolean;
  /** The HTTP request, when dispatched by the node:http listener. */
  http?: IncomingMessage;
}

export type RpcHandler = (params: Record<string, unknown>, context: RpcHandlerContext) => unknown;

/** Handlers by method name: RpcHandlers, or ones typed by their method's params (a contract's Handlers). */
export type RpcHandlerTable<H> = HandlerTable<H, [params: never, context: RpcHandlerContext]>;

export interface RpcBinding {
  contract: RpcContractMeta;
  validate: RpcValidate;
}

export interface RpcServerOptions
  extends Pick<HttpServerOptions, 'requestTimeoutMs' | 'headersTimeoutMs' | 'maxConnections'> {
  /**
   * Validate every result against the contract; a non-conforming one becomes -32603 naming the
   * problem. Default: NODE_ENV === 'test'.
   */
  validateResults?: boolean;
  /** Validate params before a handler runs (-32602 on failure). Default true. */
  validateParams?: boolean;
  /** Largest accepted request body. Default 512 KiB, the real server's `maxHTTPRequestSize`. */
  bodyLimitBytes?: number;
  /**
   * How a body that is not JSON is answered. `json-rpc` (default): HTTP 200 with a -32700 error
   * object and a null id, as the JSON-RPC 2.0 specification asks, so bad input never gets a 500.
   * `stellar-rpc`: HTTP 500 with the plain text `[-32700] invalid request value`, byte for byte what
   * the real server's jrpc2 bridge sends (clients must accept both).
   */
  parseErrors?: 'stellar-rpc' | 'json-rpc';
  /**
   * Most calls (elements) in one batch. A larger batch is refused whole: one -32600 error object
   * with a null id, no call run. Default 1,000, the real server's backlog limit of its busiest
   * methods (`request-backlog-get-ledgers-queue-limit`); the real server itself has no batch cap
   * but its 512 KiB body limit.
   */
  batchLimit?: number;
  /**
   * Calls of one batch running at once, the rest waiting their turn. Default: the number of CPUs
   * (`os.availableParallelism()`), as jrpc2 defaults `ServerOptions.Concurrency`, which stellar-rpc
   * leaves unset.
   */
  batchConcurrency?: number;
  /**
   * Largest answer `dispatch()` returns as one string: past it the whole answer is one -32603
   * error object with a null id. The node:http listener streams answers and has no such cap.
   * Default 64 MiB.
   */
  answerLimitBytes?: number;
  /** Answer CORS preflights and echo the Origin, as the real server does for every origin. Default true. */
  cors?: boolean;
  /** Called with handler exceptions and non-conforming results. Default: console.error. */
  onError?: (error: unknown, context: { method?: string }) => void;
}

/** A transport-independent answer: HTTP status, headers and body text (none for 204). */
export interface RpcAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The same answer with its body in pieces, each produced when pulled: a batch's calls run as the
 * body is read, so a reader that waits (a socket's backpressure) holds the batch back.
 */
export interface RpcStreamedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: AsyncIterable<string>;
}

interface ParsedRequest {
  /** Raw id: undefined when absent or null (a notification). */
  id: JsonRpcId | undefined;
  method: string;
  params: unknown;
  /** Set when the element is statically invalid; answered even for a notification. */
  error?: JsonRpcErrorObject;
}

const PARSE_ERROR_TEXT = `[${JSONRPC_ERRORS.parseError}] invalid request value`;
const JSON_HEADERS = { 'content-type': 'application/json' };

const isValidId = (value: unknown) =>
  value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * Checks one element of a request the way jrpc2 does (json.go `jmessage.parseJSON`): the first
 * failure wins, but a valid id is kept so the error answer can echo it. Keys are checked in a
 * fixed order (jrpc2 walks a Go map, whose order is random).
 */
function parseElement(raw: unknown): ParsedRequest {
  // Go decodes `null` into a map without error: it is an empty object (no version marker).
  if (raw === null) return parseElement({});
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      id: undefined,
      method: '',
      params: undefined,
      error: { code: JSONRPC_ERRORS.parseError, message: 'request is not a JSON object' },
    };
  }
  const obj = raw as Record<string, unknown>;
  let error: JsonRpcErrorObject | undefined;
  const fail = (code: number, message: string) => {
    error ??= { code, message };
  };
  let version = '';
  let id: JsonRpcId | undefined;
  let method = '';
  let params: unknown;
  let hasError = false;
  let hasResult = false;
  const extra: string[] = [];
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    switch (key) {
      case 'jsonrpc':
        if (typeof value === 'string') version = value;
        else if (value !== null) fail(JSONRPC_ERRORS.parseError, 'invalid version key');
        break;
      case 'id':
        if (isValidId(value)) id = value === null ? undefined : (value as JsonRpcId);
        else fail(JSONRPC_ERRORS.invalidRequest, 'invalid request ID');
        break;
      case 'method':
        if (typeof value === 'string') method = value;
        else if (value !== null) fail(JSONRPC_ERRORS.parseError, 'invalid method name');
        break;
      case 'params':
        if (value !== null) params = value;
        if (value !== null && typeof value !== 'object')
          fail(JSONRPC_ERRORS.invalidRequest, 'parameters must be array or object');
        break;
      case 'error':
        if (value !== null && (typeof value !== 'object' || Array.isArray(value)))
          fail(JSONRPC_ERRORS.parseError, 'invalid error value');
        hasError = value !== null;
        break;
      case 'result':
        hasResult = true;
        break;
      default:
        extra.push(key);
    }
  }
  if (version !== '2.0') fail(JSONRPC_ERRORS.invalidRequest, 'invalid version marker');
  if (method !== '' && (hasError || hasResult))
    fail(JSONRPC_ERRORS.invalidRequest, 'mixed request and reply fields');
  if (!error && extra.length > 0)
    error = { code: JSONRPC_ERRORS.invalidRequest, message: 'extra fields in request', data: extra };
  return error ? { id, method, params, error } : { id, method, params };
}

const frame = (id: JsonRpcId | undefined, body: { result: unknown } | { error: JsonRpcErrorObject }) =>
  'result' in body
    ? `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":${JSON.stringify(body.result) ?? 'null'}}`
    : `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"error":${JSON.stringify(body.error)}}`;

export interface RpcDispatcher {
  /**
   * Answers one HTTP body (already known to be POSTed as application/json) with one string, at
   * most `answerLimitBytes` long.
   */
  dispatch(body: string, http?: IncomingMessage): Promise<RpcAnswer>;
  /** Answers one HTTP body with a body produced piece by piece as it is read, in bounded memory. */
  stream(body: string, http?: IncomingMessage): Promise<RpcStreamedAnswer>;
}

/** The default of `batchLimit`. */
export const DEFAULT_BATCH_LIMIT = 1000;
/** The default of `answerLimitBytes`. */
export const DEFAULT_ANSWER_LIMIT_BYTES = 64 * 1024 * 1024;

async function* once(text: string): AsyncGenerator<string, void, undefined> {
  yield text;
}

/**
 * A JSON-RPC 2.0 dispatcher over a handler map. Answers as Stellar RPC (jrpc2 v1.3 bridge) does:
 * a batch always gets an array, statically invalid elements are answered first, notifications get
 * no entry, an all-notification batch or `[]` gets 204, and params are checked before a handler runs.
 * Bounded where the real server is not: at most `batchLimit` calls a batch, `batchConcurrency`
 * at a time, each answer handed on as soon as it is its turn (`stream`).
 */
export function createDispatcher<H extends RpcHandlerTable<H>>(
  binding: RpcBinding,
  handlers: H,
  options: RpcServerOptions = {},
): RpcDispatcher {
  const validateResults = options.validateResults ?? process.env.NODE_ENV === 'test';
  const validateParams = options.validateParams ?? true;
  const byName = handlersByName<RpcHandler>(handlers);
  const onError =
    options.onError ?? ((error, context) => console.error(`[${context.method ?? 'rpc'}]`, error));
  const batchLimit = options.batchLimit ?? DEFAULT_BATCH_LIMIT;
  const concurrency = Math.max(1, options.batchConcurrency ?? availableParallelism());
  const answerLimit = options.answerLimitBytes ?? DEFAULT_ANSWER_LIMIT_BYTES;

  async function invoke(request: ParsedRequest, http: IncomingMessage | undefined): Promise<string | null> {
    const { id, method: name } = request;
    const notification = id === undefined;
    const answer = (body: { result: unknown } | { error: JsonRpcErrorObject }) =>
      notification ? null : frame(id, body);
    // jrpc2 server.go: an empty method name is an invalid request; a notification stays silent.
    if (name === '')
      return answer({ error: { code: JSONRPC_ERRORS.invalidRequest, message: 'empty method name' } });
    const method = Object.hasOwn(binding.contract.methods, name) ? binding.contract.methods[name] : undefined;
    const handler = method && Object.hasOwn(byName, name) ? byName[name] : undefined;
    if (!method || !handler) {
      return answer({
        error: { code: JSONRPC_ERRORS.methodNotFound, message: 'method not found', data: name },
      });
    }
    const named = paramsByName(method, request.params);
    if (typeof named === 'string') {
      return answer({
        error: { code: JSONRPC_ERRORS.invalidParams, message: 'invalid parameters', data: named },
      });
    }
    if (validateParams) {
      const check = binding.validate.params(name, named);
      if (!check.ok) {
        return answer({
          error: {
            code: JSONRPC_ERRORS.invalidParams,
            message: 'invalid parameters',
            data: formatParamErrors(check.errors),
          },
        });
      }
    }
    try {
      const result = await handler(named, { method: name, id, notification, http });
      if (notification) return null;
      if (validateResults) {
        const conformance = binding.validate.result(name, result);
        if (!conformance.ok) {
          const problem = new Error(
            `${name} answered a result outside the contract: ${formatParamErrors(conformance.errors, 'result')}`,
          );
          onError(problem, { method: name });
          return answer({ error: { code: JSONRPC_ERRORS.internalError, message: problem.message } });
        }
      }
      try {
        return frame(id, { result: result === undefined ? null : result });
      } catch (error) {
        onError(error, { method: name });
        return answer({
          error: { code: JSONRPC_ERRORS.internalError, message: 'result is not serialisable as JSON' },
        });
      }
    } catch (error) {
      if (error instanceof JsonRpcError) return answer({ error: error.toJSON() });
      onError(error, { method: name });
      return answer({ error: { code: JSONRPC_ERRORS.internalError, message: 'internal error' } });
    }
  }

  /** A batch's body: `[`, the statically invalid elements' errors, each call's answer, `]`. */
  async function* batchBody(invalid: string[], calls: ParsedRequest[], http: IncomingMessage | undefined) {
    let separator = '[';
    for (const text of invalid) {
      yield separator + text;
      separator = ',';
    }
    for await (const text of inOrderBounded(calls, (call) => invoke(call, http), concurrency)) {
      yield separator + text;
      separator = ',';
    }
    yield ']';
  }

  async function stream(body: string, http?: IncomingMessage): Promise<RpcStreamedAnswer> {
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return streamed(parseErrorAnswer(options.parseErrors));
    }
    if (!Array.isArray(payload)) {
      // One call: answered as the batch path below would answer a batch of one, without the arrays.
      const only = parseElement(payload);
      const text = only.error ? frame(only.id, { error: only.error }) : await invoke(only, http);
      return text === null
        ? { status: 204, headers: {} }
        : { status: 200, headers: { ...JSON_HEADERS }, body: once(text) };
    }
    if (payload.length > batchLimit) {
      const refusal = `batch of ${payload.length} calls is over the limit of ${batchLimit}`;
      return streamed(errorAnswer(JSONRPC_ERRORS.invalidRequest, refusal));
    }
    const parsed = (payload as unknown[]).map(parseElement);
    // bridge.go: statically invalid elements are answered ahead of the rest, always (even
    // notifications), with the id they carried or null.
    const invalid = parsed
      .filter((p) => p.error)
      .map((p) => frame(p.id, { error: p.error as JsonRpcErrorObject }));
    const calls = parsed.filter((p) => !p.error);
    // Whether anything is answered is known before a call runs: a valid notification never is.
    // All notifications: 204 once every one has run, as the bridge answers (it waits for the batch).
    if (invalid.length === 0 && calls.every((p) => p.id === undefined)) {
      for await (const _ of inOrderBounded(calls, (call) => invoke(call, http), concurrency));
      return { status: 204, headers: {} };
    }
    return { status: 200, headers: { ...JSON_HEADERS }, body: batchBody(invalid, calls, http) };
  }

  return {
    stream,
    async dispatch(body, http) {
      const answer = await stream(body, http);
      if (answer.body === undefined) return { status: answer.status, headers: answer.headers };
      const pieces: string[] = [];
      let size = 0;
      for await (const piece of answer.body) {
        size += Buffer.byteLength(piece, 'utf8');
        // Leaving the loop ends the batch: no further call runs.
        if (size > answerLimit)
          return errorAnswer(JSONRPC_ERRORS.internalError, `answer is larger than ${answerLimit} bytes`);
        pieces.push(piece);
      }
      return { ...answer, body: pieces.join('') };
    },
  };
}

function streamed(answer: RpcAnswer): RpcStreamedAnswer {
  return answer.body === undefined
    ? { status: answer.status, headers: answer.headers }
    : { ...answer, body: once(answer.body) };
}

/** One error object with a null id: the answer to a request refused whole. */
function errorAnswer(code: number, message: string): RpcAnswer {
  return { status: 200, headers: { ...JSON_HEADERS }, body: frame(undefined, { error: { code, message } }) };
}

function parseErrorAnswer(style: RpcServerOptions['parseErrors'] = 'json-rpc'): RpcAnswer {
  if (style === 'json-rpc') return errorAnswer(JSONRPC_ERRORS.parseError, 'invalid request value');
  return {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${PARSE_ERROR_TEXT}\n`,
  };
}
