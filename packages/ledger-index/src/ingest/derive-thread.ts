/**
 * Derivation in a worker thread (derive-worker.ts) beside the thread that writes: while the store
 * writes one batch, the next is read and derived there, on another core. A derived batch is plain
 * data (derive/records.ts), so it crosses back as it is. A single ledger (a live one) is derived
 * on the calling thread: the hop would cost more than it saves. The thread starts on first use.
 */
import { Worker } from 'node:worker_threads';
import type { xdr } from '@stellar/stellar-sdk/base';
import { fromThreadError, type ThreadError } from '../gateway/thread-error.js';
import { type DerivedLedgers, type Deriver, deriveLedgers } from './derive-ledgers.js';

export interface DeriveRequest {
  id: number;
  metas: string[];
  after: number | undefined;
  assets: ReadonlyMap<string, number>;
}

export type DeriveAnswer = { id: number; derived: DerivedLedgers } | { id: number; error: ThreadError };

/** A LedgerCloseMeta's base64, as the thread is sent it. */
const metaBase64 = (meta: xdr.LedgerCloseMeta | string): string =>
  typeof meta === 'string' ? meta : meta.toXdr('base64');

/**
 * `workerUrl`: dist/ingest/derive-worker.js, beside this module unless it was bundled elsewhere
 * (the ingestion thread's bundle says where).
 */
export function threadDeriver(
  passphrase: string,
  workerUrl: URL = new URL('./derive-worker.js', import.meta.url),
): Deriver {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (d: DerivedLedgers) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(workerUrl, { workerData: { passphrase } });
    thread.on('message', (answer: DeriveAnswer) => {
      const request = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) thread.unref();
      if ('error' in answer) request?.reject(fromThreadError(answer.error));
      else request?.resolve(answer.derived);
    });
    thread.on('error', failAll);
    thread.on('exit', (code) => failAll(new Error(`the derivation thread exited (code ${code})`)));
    worker = thread;
    return thread;
  };
  return {
    derive(metas, after, assets) {
      if (metas.length < 2) return Promise.resolve(deriveLedgers(metas, passphrase, after, assets));
      const id = nextId++;
      // Posting copies the request: the assets are not copied here first.
      const request: DeriveRequest = { id, metas: metas.map(metaBase64), after, assets };
      return new Promise<DerivedLedgers>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const thread = started();
        // It keeps the process alive while a batch is asked of it, not when idle (see 'message').
        thread.ref();
        thread.postMessage(request);
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
