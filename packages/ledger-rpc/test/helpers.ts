import type { Server } from 'node:http';
import { listen, type RpcServerOptions } from '@starspec/runtime';
import { createServer, type Handlers } from '../src/index.js';

export const HASH = 'a'.repeat(64);

/** A handler map answering every method with a small result that conforms to the contract. */
export function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    getHealth: () => ({
      status: 'healthy',
      latestLedger: 100,
      oldestLedger: 1,
      ledgerRetentionWindow: 120960,
    }),
    getLatestLedger: () => ({ id: HASH, protocolVersion: 23, sequence: 100 }),
    getNetwork: () => ({ passphrase: 'Test SDF Network ; September 2015', protocolVersion: 23 }),
    getVersionInfo: () => ({ version: '27.1.1', commitHash: 'abc', protocolVersion: 23 }),
    getFeeStats: () => ({ latestLedger: 100 }),
    getTransaction: ({ hash }) => ({
      status: 'NOT_FOUND',
      txHash: hash,
      latestLedger: 100,
      latestLedgerCloseTime: '1700000000',
      oldestLedger: 1,
      oldestLedgerCloseTime: '1690000000',
    }),
    getTransactions: () => ({ transactions: [], latestLedger: 100, oldestLedger: 1, cursor: '0' }),
    getLedgers: () => ({ ledgers: [], latestLedger: 100, oldestLedger: 1, cursor: '0' }),
    getEvents: () => ({ events: [], latestLedger: 100, oldestLedger: 1, cursor: '0' }),
    getLedgerEntries: () => ({ entries: [], latestLedger: 100 }),
    sendTransaction: () => ({
      status: 'PENDING',
      hash: HASH,
      latestLedger: 100,
      latestLedgerCloseTime: 1700000000,
    }),
    simulateTransaction: () => ({ latestLedger: 100 }),
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
