/**
 * A derivation thread (derive-thread.ts): reads and derives each run of ledgers it is sent, with
 * nothing before it, answering each ledger once it is derived, its bodies written as JSON here
 * (see writeBodies); the calling thread numbers the trades' assets in ledger order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../gateway/thread-error.js';
import { deriveUnnumberedLedger, writeBodies } from './derive-ledgers.js';
import type { DeriveAnswer, DeriveRequest } from './derive-thread.js';

const port = parentPort;
if (!port) throw new Error('the derivation thread runs as a worker thread');
const { passphrase } = workerData as { passphrase: string };
port.on('message', ({ id, metas }: DeriveRequest) => {
  let answer: DeriveAnswer;
  try {
    for (const meta of metas)
      port.postMessage({
        id,
        ledger: writeBodies(deriveUnnumberedLedger(meta, passphrase)),
      } satisfies DeriveAnswer);
    answer = { id, done: true };
  } catch (error) {
    answer = { id, error: toThreadError(error) };
  }
  port.postMessage(answer);
});
