/** The derivation thread (derive-thread.ts): derives each batch it is sent, in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../gateway/thread-error.js';
import { deriveLedgers } from './derive-ledgers.js';
import type { DeriveAnswer, DeriveRequest } from './derive-thread.js';

const port = parentPort;
if (!port) throw new Error('the derivation thread runs as a worker thread');
const { passphrase } = workerData as { passphrase: string };
port.on('message', ({ id, metas, after, assets }: DeriveRequest) => {
  let answer: DeriveAnswer;
  try {
    answer = { id, derived: deriveLedgers(metas, passphrase, after, assets) };
  } catch (error) {
    answer = { id, error: toThreadError(error) };
  }
  port.postMessage(answer);
});
