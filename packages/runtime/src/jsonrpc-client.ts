// JSON-RPC 2.0 over HTTP, the half a client needs (no node: module, so it runs in browsers too):
// wire shapes and error codes, the validator table of an OpenRPC contract, and a small fetch
// client with batch calls. The dispatcher beside it (jsonrpc.ts) answers the way Stellar RPC does.
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
