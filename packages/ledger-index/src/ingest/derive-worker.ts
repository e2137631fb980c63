/**
 * A derivation thread (derive-thread.ts): reads and derives each run of ledgers it is sent, with
 * nothing before it; the calling thread numbers the trades' assets in ledger order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../gateway/thread-error.js';
import { deriveUnnumberedLedgers } from './derive-ledgers.js';
import type { DeriveAnswer, DeriveRequest } from './derive-thread.js';

const port = parentPort;
if (!port) throw new Error('the derivation thread runs as a worker thread');
const { passphrase } = workerData as { passphrase: string };
port.on('message', ({ id, metas }: DeriveRequest) => {
  let answer: DeriveAnswer;
  try {
    answer = { id, ledgers: deriveUnnumberedLedgers(metas, passphrase) };
  } catch (error) {
    answer = { id, error: toThreadError(error) };
  }
  port.postMessage(answer);
});
