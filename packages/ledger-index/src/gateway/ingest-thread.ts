/**
 * Ingestion in a worker thread (ingest-worker.ts) with its own connection to the index: deriving
 * ledgers and writing them (synchronous on SQLite) never holds the thread that serves requests.
 * SQLite's WAL journal lets the serving connection read while the thread writes; on PostgreSQL
 * the thread has its own pool. What each commit brings reaches streams and waiting submissions
 * here as messages. A thread that dies rejects `failure`: the gateway ends, as Horizon's process
 * does when its ingestion cannot go on, and its supervisor starts it again.
 */
import { Worker } from 'node:worker_threads';
import { HashWaiters } from '../ingest/hash-waiters.js';
import type { LedgerSummary } from '../ingest/ledger-summary.js';
import type { IndexStore } from '../store/index-store.js';
import type { FromIngestThread, IngestSetup, ToIngestThread } from './ingest-messages.js';
import type { Ingestion } from './ingestion.js';
import { fromThreadError } from './thread-error.js';

export interface ThreadSettings {
  setup: IngestSetup;
  /** dist/gateway/ingest-worker.js (a bundled entry moves, so its caller says where it is). */
  workerUrl: URL;
  /** The serving thread's connection: whether a submission's transaction is in already. */
  store: IndexStore;
  onProgress?: (ingested: number, latest: number) => void;
  onError: (error: unknown) => void;
}

/** A promise with its settlers (Promise.withResolvers is Node 22's). */
function settleable<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

interface Turn {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Starts the thread; resolves once it has opened its connection, rejects if it could not. */
export async function threadIngestion(settings: ThreadSettings): Promise<Ingestion> {
  const worker = new Worker(settings.workerUrl, { workerData: settings.setup });
  const send = (message: ToIngestThread) => worker.postMessage(message);
  const listeners = new Set<(ledger: LedgerSummary) => void>();
  const waiting = new HashWaiters();
  const idles = new Map<number, () => void>();
  let nextIdle = 0;
  let turn: Turn | undefined;
  let ended: Error | 'closed' | undefined;
  const ready = settleable<void>();
  const closed = settleable<void>();
  const failure = settleable<never>();
  failure.promise.catch(() => undefined);

  /** What a caller is told once the thread is gone: why it went, or that it was closed. */
  const endError = (how: Error | 'closed') =>
    how === 'closed' ? new Error('the ingestion thread is closed') : how;
  /** The thread is gone: whatever waits on it is told, once. */
  const end = (how: Error | 'closed') => {
    if (ended) return;
    ended = how;
    const error = endError(how);
    ready.reject(error);
    turn?.reject(error);
    turn = undefined;
    for (const done of idles.values()) done();
    idles.clear();
    closed.resolve();
    if (how !== 'closed') failure.reject(how);
  };
  worker.on('message', (message: FromIngestThread) => {
    if (message.type === 'ready') ready.resolve();
    else if (message.type === 'failed') end(fromThreadError(message.error));
    else if (message.type === 'progress') settings.onProgress?.(message.ledger, message.latest);
    else if (message.type === 'ledger') {
      for (const hash of message.summary.transactionHashes) waiting.settle(hash);
      for (const listener of listeners) listener(message.summary);
    } else if (message.type === 'error') settings.onError(fromThreadError(message.error));
    else if (message.type === 'followed') {
      const ending = turn;
      turn = undefined;
      if (message.error === undefined) ending?.resolve();
      else ending?.reject(fromThreadError(message.error));
    } else if (message.type === 'idle') {
      idles.get(message.id)?.();
      idles.delete(message.id);
    } else end('closed');
  });
  worker.on('error', (error) =>
    end(new Error(`the ingestion thread failed: ${error.message}`, { cause: error })),
  );
  worker.on('exit', (code) => end(new Error(`the ingestion thread stopped (exit code ${code})`)));

  try {
    await ready.promise;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    follow(signal) {
      if (ended) return Promise.reject(endError(ended));
      const following = settleable<void>();
      turn = following;
      const unfollow = () => send({ type: 'unfollow' });
      signal.addEventListener('abort', unfollow, { once: true });
      send({ type: 'follow' });
      if (signal.aborted) unfollow();
      return following.promise.finally(() => signal.removeEventListener('abort', unfollow));
    },
    onLedger(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    awaitIngested: (hash, timeoutMs) =>
      waiting.wait(hash, timeoutMs, async (key) => (await settings.store.transaction(key)) !== undefined),
    reread: () => {
      if (!ended) send({ type: 'reread' });
    },
    idle() {
      if (ended) return Promise.resolve();
      const id = nextIdle++;
      const idle = new Promise<void>((resolve) => idles.set(id, resolve));
      send({ type: 'idle', id });
      return idle;
    },
    failure: failure.promise,
    async close() {
      if (!ended) send({ type: 'close' });
      await closed.promise;
      await worker.terminate();
    },
  };
}
