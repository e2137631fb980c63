/**
 * Derivation in a worker thread (derive-worker.ts) beside the thread that writes: while the store
 * writes one batch, the next is read and derived there, on another core. A derived batch is plain
 * data (derive/records.ts), so it crosses back as it is. A run of batches is sent at once: each
 * names the one it continues, whose end the thread kept, so the thread goes from one to the next
 * without waiting for its answer to cross back and forth. A single ledger (a live one) is derived
 * on the calling thread: the hop would cost more than it saves. The thread starts on first use.
 */
import { Worker } from 'node:worker_threads';
import type { xdr } from '@stellar/stellar-sdk/base';
import { fromThreadError, type ThreadError } from '../gateway/thread-error.js';
import { writeLedgerCloseMeta } from '../generated/xdr-writer.gen.js';
import { base64Bytes } from '../meta/closed-ledger.js';
import { writeXdr } from '../meta/xdr-writer.js';
import {
  type DerivedLedgers,
  type Deriver,
  type DeriveStart,
  deriveLedgers,
  endOf,
  startFrom,
} from './derive-ledgers.js';

/** A batch to derive: from `start`, or from where the thread's derivation `continues` ended. */
export type DeriveRequest = { id: number; metas: (string | Uint8Array)[] } & (
  | { start: DeriveStart; continues?: undefined }
  | { start?: undefined; continues: number }
);

export type DeriveAnswer = { id: number; derived: DerivedLedgers } | { id: number; error: ThreadError };

/**
 * The thread's young generation. A ledger's decoded tree (tens of MB for a busy public-network
 * ledger) lives while the ledger is derived; in V8's default young generation most of it is
 * copied by scavenges before it is promoted, which took about a third of the thread's time.
 */
const YOUNG_GENERATION_MB = 128;

/**
 * A LedgerCloseMeta as the thread is sent it: its bytes, handed over (transferred, not copied:
 * copying a busy ledger's base64 cost both threads more than decoding it here); text that is
 * not base64 goes as it is, for the thread to refuse in its turn.
 */
const metaForThread = (meta: xdr.LedgerCloseMeta | string): string | Uint8Array =>
  typeof meta === 'string' ? (base64Bytes(meta) ?? meta) : writeXdr(writeLedgerCloseMeta, meta);

/** The buffers a request hands over. */
const transferred = (request: DeriveRequest): ArrayBuffer[] =>
  request.metas.flatMap((meta) => (typeof meta === 'string' ? [] : [meta.buffer as ArrayBuffer]));

/**
 * The derivation asked for last: `id` and `posted` when the thread makes it, undefined when made
 * here; `end`, where it ends (its batches are not kept here).
 */
interface Asked {
  id?: number;
  posted?: Promise<void>;
  end: Promise<DeriveStart>;
}

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
  let previous: Asked | undefined;
  const waiting = new Map<number, { resolve: (d: DerivedLedgers) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(workerUrl, {
      workerData: { passphrase },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
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
  /** Posts the request once made (posting copies it) and resolves with its answer. */
  const inThread = (id: number, request: () => Promise<DeriveRequest>) => {
    const derived = new Promise<DerivedLedgers>((resolve, reject) => waiting.set(id, { resolve, reject }));
    const posted = request().then(
      (message) => {
        const thread = started();
        // It keeps the process alive while a batch is asked of it, not when idle (see 'message').
        thread.ref();
        thread.postMessage(message, transferred(message));
      },
      (error: unknown) => {
        waiting.get(id)?.reject(error as Error);
        waiting.delete(id);
        throw error;
      },
    );
    posted.catch(() => undefined);
    return { posted, derived };
  };
  return {
    derive(metas, start) {
      const before = previous;
      const from = () => startFrom(start, before?.end);
      let derived: Promise<DerivedLedgers>;
      if (metas.length < 2) {
        derived = from().then(({ after, assets }) => deriveLedgers(metas, passphrase, after, assets));
        previous = { end: derived.then(endOf) };
      } else {
        const id = nextId++;
        const sent = metas.map(metaForThread);
        // Sent as soon as the one it continues is: the thread derives them back to back.
        const continues = start === undefined ? before?.id : undefined;
        const asked =
          continues !== undefined
            ? inThread(id, async () => {
                await before?.posted;
                return { id, metas: sent, continues };
              })
            : inThread(id, async () => ({ id, metas: sent, start: await from() }));
        derived = asked.derived;
        previous = { id, posted: asked.posted, end: derived.then(endOf) };
      }
      // Its failure is seen where it is awaited, or by the derivation continuing it.
      previous.end.catch(() => undefined);
      return derived;
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
