/**
 * Derivation in worker threads (derive-worker.ts) beside the thread that writes: while the store
 * writes one batch, the next ones are read and derived there, on other cores. Each thread derives
 * a run of ledgers with nothing before it, so runs go to whichever thread has least to do and are
 * derived side by side; here each is finished in order, from where the one before it ends (its
 * trades' assets numbered as Horizon numbers them, the ledgers the index has already left out).
 * A derived batch is plain data (derive/records.ts): it crosses back a ledger at a time, its
 * bodies written as JSON there (writeBodies), which the store keeps as they are. A single ledger
 * (a live one) is derived on the calling thread: the hop would cost more than it saves. The
 * threads start on first use.
 */
import { Worker } from 'node:worker_threads';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { BodyJson } from '../derive/records.js';
import { fromThreadError, type ThreadError } from '../gateway/thread-error.js';
import { writeLedgerCloseMeta } from '../generated/xdr-writer.gen.js';
import { base64Bytes } from '../meta/closed-ledger.js';
import { writeXdr } from '../meta/xdr-writer.js';
import {
  type Deriver,
  type DeriveStart,
  deriveLedgers,
  endOf,
  numberLedgers,
  startFrom,
  type UnnumberedLedger,
} from './derive-ledgers.js';

/** A run of ledgers to derive. */
export interface DeriveRequest {
  id: number;
  metas: (string | Uint8Array)[];
}

/**
 * What the thread answers a run with: each ledger as soon as it is derived (posted then, its
 * records are let go young instead of living until the run's end), then that the run is done,
 * or why it failed.
 */
export type DeriveAnswer =
  | { id: number; ledger: UnnumberedLedger<BodyJson> }
  | { id: number; done: true }
  | { id: number; error: ThreadError };

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

/** A run asked of a thread and not yet done: the ledgers it has answered so far. */
interface WaitingRun {
  ledgers: UnnumberedLedger<BodyJson>[];
  resolve: (ledgers: UnnumberedLedger<BodyJson>[]) => void;
  reject: (error: Error) => void;
}

/** A derivation thread, and the runs asked of it and not yet done. */
interface DeriveThread {
  worker: Worker;
  waiting: Map<number, WaitingRun>;
}

/**
 * `workerUrl`: dist/ingest/derive-worker.js, beside this module unless it was bundled elsewhere
 * (the ingestion thread's bundle says where); `threads`: how many derive runs side by side.
 */
export function threadDeriver(
  passphrase: string,
  workerUrl: URL = new URL('./derive-worker.js', import.meta.url),
  threads = 1,
): Deriver {
  const pool: (DeriveThread | undefined)[] = Array.from({ length: Math.max(1, threads) }, () => undefined);
  let nextId = 0;
  /** Where the derivation asked for last ends (its batches are not kept here). */
  let previousEnd: Promise<DeriveStart> | undefined;
  const started = (slot: number): DeriveThread => {
    const running = pool[slot];
    if (running) return running;
    const worker = new Worker(workerUrl, {
      workerData: { passphrase },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const thread: DeriveThread = { worker, waiting: new Map() };
    const failAll = (error: Error) => {
      for (const { reject } of thread.waiting.values()) reject(error);
      thread.waiting.clear();
      if (pool[slot] === thread) pool[slot] = undefined;
    };
    worker.on('message', (answer: DeriveAnswer) => {
      const run = thread.waiting.get(answer.id);
      if ('ledger' in answer) {
        run?.ledgers.push(answer.ledger);
        return;
      }
      thread.waiting.delete(answer.id);
      if (thread.waiting.size === 0) worker.unref();
      if ('error' in answer) run?.reject(fromThreadError(answer.error));
      else run?.resolve(run.ledgers);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the derivation thread exited (code ${code})`)));
    pool[slot] = thread;
    return thread;
  };
  /** The slot with the fewest runs waiting (a thread not started yet has none). */
  const leastBusy = (): number => {
    let best = 0;
    for (let slot = 1; slot < pool.length; slot++)
      if ((pool[slot]?.waiting.size ?? 0) < (pool[best]?.waiting.size ?? 0)) best = slot;
    return best;
  };
  const inThread = (metas: (string | Uint8Array)[]): Promise<UnnumberedLedger<BodyJson>[]> => {
    const thread = started(leastBusy());
    const id = nextId++;
    const derived = new Promise<UnnumberedLedger<BodyJson>[]>((resolve, reject) =>
      thread.waiting.set(id, { ledgers: [], resolve, reject }),
    );
    // It keeps the process alive while a run is asked of it, not when idle (see 'message').
    thread.worker.ref();
    const request: DeriveRequest = { id, metas };
    thread.worker.postMessage(request, transferred(request));
    return derived;
  };
  return {
    derive(metas, start) {
      const from = startFrom(start, previousEnd);
      const derived =
        metas.length < 2
          ? from.then(({ after, assets }) => deriveLedgers(metas, passphrase, after, assets))
          : Promise.all([inThread(metas.map(metaForThread)), from]).then(([ledgers, begin]) =>
              numberLedgers(ledgers, begin),
            );
      previousEnd = derived.then(endOf);
      // Its failure is seen where it is awaited, or by the derivation continuing it.
      previousEnd.catch(() => undefined);
      return derived;
    },
    parallel: pool.length,
    async close() {
      const running = [...pool];
      pool.fill(undefined);
      await Promise.all(running.map((thread) => thread?.worker.terminate()));
    },
  };
}
