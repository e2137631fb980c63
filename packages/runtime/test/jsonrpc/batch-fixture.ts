// Shared by the batch tests: batches of calls, a JSON-RPC server per test with its own `echo`
// handler (closed after each test), and a JSON POST.
import { afterEach } from 'vitest';
import {
  createJsonRpcListener,
  createJsonRpcServer,
  listen,
  type RpcHandler,
  type RpcServerOptions,
} from '../../src/index.js';
import { contract, handlers, validate } from './fixture.js';

export const binding = { contract, validate };

export const calls = (count: number, method: string, params?: unknown) =>
  Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method, params }));

const servers: Array<ReturnType<typeof createJsonRpcServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server of the test contract whose `echo` is the given handler; resolves with its URL. */
export async function serve(echo: RpcHandler, options: RpcServerOptions = {}): Promise<string> {
  const server = createJsonRpcServer(createJsonRpcListener(binding, { ...handlers, echo }, options));
  servers.push(server);
  return listen(server, 0);
}

export const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
