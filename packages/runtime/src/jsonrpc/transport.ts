// A small JSON-RPC 2.0 client over fetch, with notifications and batch calls matched by id. No node:
// module, so it runs in browsers too.
import { JSONRPC_ERRORS, JsonRpcError, type JsonRpcErrorObject, JsonRpcHttpError } from './protocol.js';

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
      // A batch refused whole (e.g. over the server's call limit) is one error with a null id:
      // every call settles with it.
      const whole = answer as { id?: unknown; error?: unknown } | undefined;
      if (whole && !Array.isArray(whole) && whole.id === null && whole.error) {
        const refusal = settle(whole);
        return ids.map((id) => (id === undefined ? undefined : refusal));
      }
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
