import type { Server } from 'node:http';
import { listen, type RpcServerOptions } from '@starspec/runtime';
import { createServer, document, type Handlers, type MethodName, type ResultOf } from '../src/index.js';

export const HASH = 'a'.repeat(64);

type Example = { name: string; result?: { value?: unknown } };

/** The result of one of the contract's own examples of a method (real data that conforms). */
export function example<M extends MethodName>(method: M, name?: string): ResultOf<M> {
  const methods = document.methods as Array<{ name: string; examples?: Example[] }>;
  const examples = methods.find((m) => m.name === method)?.examples ?? [];
  const found = name ? examples.find((e) => e.name === name) : examples[0];
  if (found?.result?.value === undefined) throw new Error(`no example '${name ?? 0}' of ${method}`);
  return structuredClone(found.result.value) as ResultOf<M>;
}

/** A handler map answering every method with the contract's first example of it. */
export function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    getHealth: () => example('getHealth'),
    getLatestLedger: () => example('getLatestLedger'),
    getNetwork: () => example('getNetwork'),
    getVersionInfo: () => example('getVersionInfo'),
    getFeeStats: () => example('getFeeStats'),
    getTransaction: ({ hash }) => ({ ...example('getTransaction', 'Not found'), txHash: hash }),
    getTransactions: () => example('getTransactions'),
    getLedgers: () => example('getLedgers'),
    getEvents: () => example('getEvents'),
    getLedgerEntries: () => example('getLedgerEntries'),
    sendTransaction: () => example('sendTransaction'),
    simulateTransaction: () => example('simulateTransaction'),
    ...overrides,
  };
}

export interface Running {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the generated server on a free loopback port. */
export async function start(
  handlers: Handlers = stubHandlers(),
  options: RpcServerOptions = {},
): Promise<Running> {
  const server = createServer(handlers, { onError: () => {}, ...options });
  const url = await listen(server, 0);
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a raw body with a chosen method and content type. */
export async function send(
  url: string,
  body: string | undefined,
  { method = 'POST', contentType = 'application/json' as string | null } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  if (contentType !== null) headers['content-type'] = contentType;
  const response = await fetch(url, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
