/**
 * The derivation thread (derive-thread.ts): derives each batch it is sent, in order, keeping where
 * the last few ended for the batches that continue them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../gateway/thread-error.js';
import { type DeriveStart, deriveLedgers, endOf } from './derive-ledgers.js';
import type { DeriveAnswer, DeriveRequest } from './derive-thread.js';

/** Ends kept: a run continues the batch just before it; older ends are of runs given up. */
const KEPT_ENDS = 4;

const port = parentPort;
if (!port) throw new Error('the derivation thread runs as a worker thread');
const { passphrase } = workerData as { passphrase: string };
const ends = new Map<number, DeriveStart>();
port.on('message', ({ id, metas, start, continues }: DeriveRequest) => {
  let answer: DeriveAnswer;
  try {
    const from = start ?? ends.get(continues as number);
    if (!from) throw new Error(`derivation ${id} continues derivation ${continues}, which failed`);
    const derived = deriveLedgers(metas, passphrase, from.after, from.assets);
    ends.set(id, endOf(derived));
    for (const old of ends.keys()) if (ends.size > KEPT_ENDS) ends.delete(old);
    answer = { id, derived };
  } catch (error) {
    answer = { id, error: toThreadError(error) };
  }
  port.postMessage(answer);
});
