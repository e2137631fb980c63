// JSON-RPC 2.0 over HTTP: the generic half under a generated JSON-RPC package. A dispatcher that
// answers the way Stellar RPC does (creachadair/jrpc2's HTTP bridge), a validator table for
// OpenRPC contracts, and a small fetch client with batch calls.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createHttpServer, type HttpServerOptions } from './http/server.js';
import {
  type CompiledValidator,
  runValidator,
  type ValidationError,
  type ValidationResult,
  valid,
} from './validation.js';

// ---------------------------------------------------------------------------------------------
// Wire shapes and error codes

export type JsonRpcId = string | number;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId | null; error: JsonRpcErrorObject };

/** The codes the real server emits (JSON-RPC 2.0 §5.1, plus jrpc2's own). */
export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** Thrown by a handler to answer a JSON-RPC error; thrown by the client for an error answer. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }

  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** A non-JSON-RPC HTTP answer (405, 415, 413, or the real server's plain-text 500 for bad JSON). */
export class JsonRpcHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body.trim() || '(no body)'}`);
    this.name = 'JsonRpcHttpError';
  }
}

// ---------------------------------------------------------------------------------------------
// Contract metadata and validation

export interface RpcParamMeta {
  name: string;
  required: boolean;
}

export interface RpcMethodMeta {
  name: string;
  /** `by-name` rejects array params with -32602, as Stellar RPC does (`AllowArray(false)`). */
  paramStructure: 'by-name' | 'by-position' | 'either';
  params: RpcParamMeta[];
  /** Declared application errors of the method. */
  errors: JsonRpcErrorObject[];
}

export interface RpcContractMeta {
  title: string;
  version: string;
  methods: Record<string, RpcMethodMeta>;
}

/** The compiled validators of an OpenRPC contract, as the codegen emits them. */
export interface RpcValidators {
  /** Per method: validates the params object (by name). */
  params: Record<string, CompiledValidator>;
  /** Per method: validates the result. */
  results: Record<string, CompiledValidator>;
  /** Per named schema under `components.schemas`. */
  schemas: Record<string, CompiledValidator>;
}

export interface RpcValidate<Method extends string = string, SchemaName extends string = string> {
  /** Validates a method's params, given by name (an object) or, where the method allows it, by position. */
  params(method: Method, params: unknown): ValidationResult;
  /** Validates a method's result. */
  result(method: Method, result: unknown): ValidationResult;
  /** Validates a value against a named component schema. */
  schema(name: SchemaName, value: unknown): ValidationResult;
}

const failure = (path: string, message: string, keyword: string): ValidationResult => ({
  ok: false,
  errors: [{ path, message, keyword }],
});

/**
 * The params object a handler sees: `undefined`/`null` become `{}`; an array is mapped onto the
 * declared names when the method takes positional params. Returns a reason string when it cannot.
 */
export function paramsByName(method: RpcMethodMeta, params: unknown): Record<string, unknown> | string {
  if (params === undefined || params === null) return {};
  if (Array.isArray(params)) {
    if (method.paramStructure === 'by-name') return 'params must be an object (by name), not an array';
    if (params.length > method.params.length)
      return `${method.name} takes at most ${method.params.length} positional params, got ${params.length}`;
    const out: Record<string, unknown> = {};
    params.forEach((value, index) => {
      const name = method.params[index]?.name;
      if (name !== undefined && value !== undefined) out[name] = value;
    });
    return out;
  }
  if (typeof params !== 'object') return 'params must be an object';
  return params as Record<string, unknown>;
}

export function createRpcValidate<Method extends string, SchemaName extends string>(
  contract: RpcContractMeta,
  validators: RpcValidators,
): RpcValidate<Method, SchemaName> {
  const methodOf = (name: string) => {
    const method = contract.methods[name];
    if (!method) throw new TypeError(`unknown method '${name}'`);
    return method;
  };
  return {
    params(name, params) {
      const named = paramsByName(methodOf(name), params);
      if (typeof named === 'string') return failure('', named, 'type');
      const validator = validators.params[name];
      return validator ? runValidator(validator, named) : valid;
    },
    result(name, result) {
      methodOf(name);
      const validator = validators.results[name];
      return validator ? runValidator(validator, result) : valid;
    },
    schema(name, value) {
      const validator = validators.schemas[name];
      if (!validator) throw new TypeError(`unknown schema '${name}'`);
      return runValidator(validator, value);
    },
  };
}

/** `/pagination/limit` → `params.pagination.limit`; one sentence for a list of errors. */
export function formatParamErrors(errors: readonly ValidationError[], root = 'params'): string {
  return errors
    .map((e) => {
      const segments = e.path
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const where = segments.length === 0 ? root : `${root}.${segments.join('.')}`;
      return `${where} ${e.message}`;
    })
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Dispatcher

export interface RpcHandlerContext {
  method: string;
  /** The request id; `undefined` for a notification. */
  id: JsonRpcId | undefined;
  notification: boolean;
  /** The HTTP request, when dispatched by the node:http listener. */
  http?: IncomingMessage;
}

export type RpcHandler = (params: Record<string, unknown>, context: RpcHandlerContext) => unknown;

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
  /** Answers one HTTP body (already known to be POSTed as application/json). */
  dispatch(body: string, http?: IncomingMessage): Promise<RpcAnswer>;
}

/**
 * A JSON-RPC 2.0 dispatcher over a handler map. Answers as Stellar RPC (jrpc2 v1.3 bridge) does:
 * a batch always gets an array, statically invalid elements are answered first, notifications get
 * no entry, an all-notification batch or `[]` gets 204, and params are checked before a handler runs.
 */
export function createDispatcher(
  binding: RpcBinding,
  handlers: Record<string, RpcHandler>,
  options: RpcServerOptions = {},
): RpcDispatcher {
  const validateResults = options.validateResults ?? process.env.NODE_ENV === 'test';
  const validateParams = options.validateParams ?? true;
  const onError =
    options.onError ?? ((error, context) => console.error(`[${context.method ?? 'rpc'}]`, error));

  async function invoke(request: ParsedRequest, http: IncomingMessage | undefined): Promise<string | null> {
    const { id, method: name } = request;
    const notification = id === undefined;
    const answer = (body: { result: unknown } | { error: JsonRpcErrorObject }) =>
      notification ? null : frame(id, body);
    // jrpc2 server.go: an empty method name is an invalid request; a notification stays silent.
    if (name === '')
      return answer({ error: { code: JSONRPC_ERRORS.invalidRequest, message: 'empty method name' } });
    const method = Object.hasOwn(binding.contract.methods, name) ? binding.contract.methods[name] : undefined;
    const handler = method && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
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

  return {
    async dispatch(body, http) {
      let payload: unknown;
      try {
        payload = JSON.parse(body);
      } catch {
        return parseErrorAnswer(options.parseErrors);
      }
      const batch = Array.isArray(payload);
      if (!batch) {
        // One call: answered as the batch path below would answer a batch of one, without the arrays.
        const only = parseElement(payload);
        const text = only.error ? frame(only.id, { error: only.error }) : await invoke(only, http);
        return text === null
          ? { status: 204, headers: {} }
          : { status: 200, headers: { ...JSON_HEADERS }, body: text };
      }
      const elements = payload as unknown[];
      const parsed = elements.map(parseElement);
      // bridge.go: statically invalid elements are answered ahead of the rest, always (even
      // notifications), with the id they carried or null.
      const invalid = parsed
        .filter((p) => p.error)
        .map((p) => frame(p.id, { error: p.error as JsonRpcErrorObject }));
      const answers = await Promise.all(parsed.filter((p) => !p.error).map((p) => invoke(p, http)));
      const frames = [...invalid, ...answers.filter((a): a is string => a !== null)];
      if (frames.length === 0) return { status: 204, headers: {} };
      return { status: 200, headers: { ...JSON_HEADERS }, body: `[${frames.join(',')}]` };
    },
  };
}

function parseErrorAnswer(style: RpcServerOptions['parseErrors'] = 'json-rpc'): RpcAnswer {
  if (style === 'json-rpc') {
    return {
      status: 200,
      headers: { ...JSON_HEADERS },
      body: frame(undefined, {
        error: { code: JSONRPC_ERRORS.parseError, message: 'invalid request value' },
      }),
    };
  }
  return {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${PARSE_ERROR_TEXT}\n`,
  };
}

// ---------------------------------------------------------------------------------------------
// node:http listener

/** Go's mime.ParseMediaType, reduced to what the bridge reads: the lower-cased type and charset. */
function parseContentType(header: string | undefined): { type: string; charset?: string } {
  if (!header) return { type: '' };
  const [rawType = '', ...rest] = header.split(';');
  const type = rawType.trim().toLowerCase();
  if (!/^[!#$%&'*+\-.^_`|~\w]+\/[!#$%&'*+\-.^_`|~\w]+$/.test(type)) return { type: '' };
  let charset: string | undefined;
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (part.trim() === '') continue;
      return { type: '' };
    }
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (key === 'charset') charset = value;
  }
  return charset === undefined ? { type } : { type, charset };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!done) reject(error);
      done = true;
    });
  });
}

function write(res: ServerResponse, answer: RpcAnswer, extra: Record<string, string>) {
  const headers: Record<string, string> = { ...extra, ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  // Sent as a string with its length: Node writes it together with the head in one call.
  headers['content-length'] = String(Buffer.byteLength(answer.body, 'utf8'));
  res.writeHead(answer.status, headers).end(answer.body, 'utf8');
}

export type RpcRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A node:http request listener for a JSON-RPC contract, answering transport errors as Stellar
 * RPC does: every path is served; POST only (405 with `Accept-Post`, no body); media type
 * `application/json` with an optional utf-8 charset (else 415 with a plain-text reason); a body
 * over the limit gets 413 and the connection is closed.
 */
export function createJsonRpcListener(
  binding: RpcBinding,
  handlers: Record<string, RpcHandler>,
  options: RpcServerOptions = {},
): RpcRequestListener {
  const dispatcher = createDispatcher(binding, handlers, options);
  const limit = options.bodyLimitBytes ?? 512 * 1024;
  const cors = options.cors ?? true;
  const onError =
    options.onError ?? ((error, context) => console.error(`[${context.method ?? 'rpc'}]`, error));

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const common: Record<string, string> = { 'accept-post': 'application/json' };
    try {
      const origin = req.headers.origin;
      if (cors && origin) {
        common['access-control-allow-origin'] = origin;
        common.vary = 'Origin';
        if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
          req.resume();
          res.writeHead(204, preflightHeaders(req, origin)).end();
          return;
        }
      }
      if (req.method !== 'POST') {
        req.resume();
        return write(res, { status: 405, headers: {} }, common);
      }
      const { type, charset } = parseContentType(req.headers['content-type']);
      const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
      if (type !== 'application/json') {
        req.resume();
        return write(
          res,
          { status: 415, headers: plain, body: 'content-type must be application/json\n' },
          common,
        );
      }
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        req.resume();
        return write(res, { status: 415, headers: plain, body: 'invalid content-type charset\n' }, common);
      }
      let body: string;
      try {
        body = await readBody(req, limit);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          write(
            res,
            { status: 413, headers: plain, body: `request body is larger than ${limit} bytes\n` },
            { ...common, connection: 'close' },
          );
          req.destroy();
          return;
        }
        throw error;
      }
      write(res, await dispatcher.dispatch(body, req), common);
    } catch (error) {
      // A client that hung up mid-request is not a server error: there is no one left to answer.
      if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
        res.destroy();
        return;
      }
      onError(error, {});
      if (!res.headersSent) write(res, { status: 400, headers: {}, body: undefined }, common);
      else res.destroy();
    }
  }

  return (req, res) => {
    // Nothing a request does may become an unhandled rejection: that would end the process.
    serve(req, res).catch(() => res.destroy());
  };
}

/** RFC 9110 token characters: a method name is one, and only one can be echoed in a header. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value Node can write back: visible latin1 characters, spaces and tabs. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The answer to a CORS preflight: every origin and method is allowed, as on the real server.
 * A requested method that is not a token (e.g. the byte 0xb5, which upper-cases to a character
 * outside latin1) or headers Node could not write back are not echoed: the browser then refuses.
 */
function preflightHeaders(req: IncomingMessage, origin: string): Record<string, string> {
  const headers: Record<string, string> = {
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    'access-control-allow-origin': origin,
  };
  const method = String(req.headers['access-control-request-method']);
  if (TOKEN.test(method)) headers['access-control-allow-methods'] = method.toUpperCase();
  const requested = req.headers['access-control-request-headers'];
  if (requested && HEADER_VALUE.test(String(requested)))
    headers['access-control-allow-headers'] = String(requested);
  return headers;
}

/** A node:http server for a JSON-RPC listener, with the runtime's time and connection bounds. */
export function createJsonRpcServer(listener: RpcRequestListener, options: HttpServerOptions = {}): Server {
  return createHttpServer(listener, { errorStyle: 'text', ...options });
}

// ---------------------------------------------------------------------------------------------
// Client

export interface JsonRpcClientOptions {
  /** The endpoint, e.g. `http://127.0.0.1:8000` (every path is served). */
  url: string | URL;
  /** Extra headers on every request (e.g. credentials). */
  headers?: Record<string, string>;
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Abort every request after this many milliseconds. Default: no timeout. */
  timeoutMs?: number;
}

/** One call in a batch; `notify: true` sends it as a notification (no answer expected). */
export interface RpcCall {
  method: string;
  params?: unknown;
  notify?: boolean;
}

/** The outcome of one call of a batch: every call settles, whatever the others do. */
export type RpcSettled<Result = unknown> =
  | { ok: true; result: Result }
  | { ok: false; error: JsonRpcErrorObject };

export interface JsonRpcTransport {
  call(method: string, params?: unknown): Promise<unknown>;
  notify(method: string, params?: unknown): Promise<void>;
  batch(calls: readonly RpcCall[]): Promise<Array<RpcSettled | undefined>>;
}

/** Turns a plain-text `[-32700] invalid request value` answer into its JSON-RPC error. */
function plainTextError(status: number, text: string): Error {
  const match = /^\[(-?\d+)\] (.*)$/s.exec(text.trim());
  return match ? new JsonRpcError(Number(match[1]), match[2] ?? '') : new JsonRpcHttpError(status, text);
}

/** A minimal JSON-RPC 2.0 client over fetch: calls, notifications and batches matched by id. */
export function createJsonRpcTransport(options: JsonRpcClientOptions): JsonRpcTransport {
  const doFetch = options.fetch ?? globalThis.fetch;
  let nextId = 1;

  async function post(payload: unknown): Promise<unknown> {
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(payload),
    };
    if (options.timeoutMs !== undefined) init.signal = AbortSignal.timeout(options.timeoutMs);
    const response = await doFetch(options.url, init);
    const text = await response.text();
    if (response.status === 204) return undefined;
    if (response.status !== 200) throw plainTextError(response.status, text);
    try {
      return JSON.parse(text);
    } catch {
      throw new JsonRpcHttpError(response.status, text);
    }
  }

  const envelope = (method: string, params: unknown, id?: number) => ({
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    method,
    ...(params === undefined ? {} : { params }),
  });

  const settle = (answer: unknown): RpcSettled => {
    const a = answer as { result?: unknown; error?: JsonRpcErrorObject };
    if (a && typeof a === 'object' && a.error && typeof a.error === 'object')
      return { ok: false, error: a.error };
    return { ok: true, result: a?.result };
  };

  return {
    async call(method, params) {
      const id = nextId++;
      const answer = await post(envelope(method, params, id));
      const settled = settle(Array.isArray(answer) ? answer[0] : answer);
      if (!settled.ok) throw new JsonRpcError(settled.error.code, settled.error.message, settled.error.data);
      return settled.result;
    },
    async notify(method, params) {
      await post(envelope(method, params));
    },
    async batch(calls) {
      if (calls.length === 0) return [];
      const ids = calls.map((c) => (c.notify ? undefined : nextId++));
      const answer = await post(calls.map((c, i) => envelope(c.method, c.params, ids[i])));
      const byId = new Map<unknown, unknown>();
      for (const entry of Array.isArray(answer) ? answer : answer === undefined ? [] : [answer]) {
        byId.set((entry as { id?: unknown })?.id, entry);
      }
      return ids.map((id) => {
        if (id === undefined) return undefined;
        const entry = byId.get(id);
        return entry === undefined
          ? { ok: false, error: { code: JSONRPC_ERRORS.internalError, message: 'no answer for this call' } }
          : settle(entry);
      });
    },
  };
}
