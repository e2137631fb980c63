/**
 * The package's own REST face over a test's index, on loopback: streams told of each ledger the
 * given Ingester takes, submissions refused (these tests only read).
 */
import type { Server } from 'node:http';
import { closeGracefully, createHttpServer, listen } from '@starspec/runtime/http';
import type { Ingester } from '../../src/ingest/ingester.js';
import { createLedgerApiListener } from '../../src/rest/face.js';
import type { StreamLimits } from '../../src/rest/stream-slots.js';

export interface TestFace {
  url: string;
  /** Ends its streams, then stops the server. */
  stop(): Promise<void>;
}

export async function serveFace(ingester: Ingester, limits: StreamLimits = {}): Promise<TestFace> {
  const closing = new AbortController();
  const { store } = ingester;
  const listener = createLedgerApiListener({
    store,
    source: {
      passphrase: store.passphrase,
      serverVersion: 'test',
      status: async () => ({
        coreVersion: 'test',
        latestLedger: (await store.latestLedger()) ?? 0,
        protocolVersion: 23,
      }),
      submit: () => Promise.reject(new Error('no submissions here')),
    },
    awaitIngested: async () => false,
    onLedger: (listener) => ingester.onLedger(listener),
    closing: closing.signal,
    ...limits,
    onError: (error) => {
      throw error;
    },
  });
  const server: Server = createHttpServer(listener, { errorStyle: 'problem' });
  const url = await listen(server, 0, '127.0.0.1');
  return {
    url,
    async stop() {
      closing.abort();
      await closeGracefully(server);
    },
  };
}
