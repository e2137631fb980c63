/**
 * A reingestion worker thread: reads its jobs' ledgers from the source, derives their history
 * rows and, on PostgreSQL, writes them through its own connection once the coordinator has
 * numbered their trades' assets (see jobs.ts). On SQLite it hands the rows to the coordinator,
 * the index's one writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { IndexStore } from '../store/index-store.js';
import { openIndex, POOLS } from '../store/open-index.js';
import { type DerivedLedger, deriveLedgers, historyBatches, type Job, tradeKeysOf } from './jobs.js';
import type { FromWorker, ToWorker, WorkerSetup } from './messages.js';
import { openRangeSource, type RangeSource } from './source.js';

const port = parentPort;
if (!port) throw new Error('reingest/worker.js runs as a worker thread');
const post = (message: FromWorker) => port.postMessage(message);
const setup = workerData as WorkerSetup;

let source: RangeSource;
let store: IndexStore | undefined;
/** The job derived and not yet written (PostgreSQL). */
let held: { job: Job; ledgers: DerivedLedger[] } | undefined;

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'job') {
    const { job } = message;
    const ledgers = deriveLedgers(await source.ledgers(job.from, job.to), source.passphrase);
    if (store) held = { job, ledgers };
    post({ type: 'derived', id: job.id, keys: tradeKeysOf(ledgers), ...(store ? {} : { ledgers }) });
  } else {
    if (!store || held?.job.id !== message.id) throw new Error(`job ${message.id} is not held here`);
    const { job, ledgers } = held;
    held = undefined;
    await store.rewriteHistory(job.from, job.to, historyBatches(ledgers, message.assignment));
    post({ type: 'written', id: job.id });
  }
}

let queue = (async () => {
  source = await openRangeSource(setup.source);
  if (setup.database) store = await openIndex(setup.database, source.passphrase, POOLS.reingestWorker);
  post({ type: 'ready' });
})();
const fail = (id: number | undefined) => (error: unknown) =>
  post({
    type: 'failed',
    ...(id === undefined ? {} : { id }),
    message: String((error as Error)?.message ?? error),
  });
queue = queue.catch(fail(undefined));
port.on('message', (message: ToWorker) => {
  const id = message.type === 'job' ? message.job.id : message.id;
  queue = queue.then(() => handle(message)).catch(fail(id));
});
