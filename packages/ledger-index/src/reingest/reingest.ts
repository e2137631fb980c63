/**
 * Reingestion: the history of ledgers `from`–`to` written again from an RPC server or a data lake
 * by N worker threads over consecutive jobs, as Horizon's `db reingest range --parallel-workers`
 * (stellar/go services/horizon cmd/db.go `runDBReingestRange`, internal/ingest/parallel.go: the
 * range cut into batches handed to workers, the first failure failing the command). Only history
 * is written (history-rewrite.ts), so a rerun leaves the same rows.
 *
 * SQLite has one writer: its workers read and derive, the coordinator writes their jobs in order.
 * On PostgreSQL each worker writes its own jobs through its own connection.
 */
import { Worker } from 'node:worker_threads';
import type { IndexStore } from '../store/index-store.js';
import { openIndex, POOLS } from '../store/open-index.js';
import { assignTrades, historyBatches, type Job, planJobs } from './jobs.js';
import type { FromWorker, ToWorker, WorkerSetup } from './messages.js';
import { openRangeSource, type SourceSpec } from './source.js';

/** Ledgers per job, each written in one transaction (and held in memory once derived). */
export const DEFAULT_JOB_LEDGERS = 64;

export interface ReingestOptions {
  from: number;
  to: number;
  workers: number;
  source: SourceSpec;
  /** A SQLite file or a postgres:// URL. */
  database: string;
  /** dist/reingest/worker.js (the CLI bundle's entry moves, so its caller says where it is). */
  workerUrl: URL;
  jobLedgers?: number;
  /** Stops handing out jobs; the jobs being written finish first. */
  signal?: AbortSignal;
  /** A job's ledgers written, and how many of the range are so far. */
  onProgress?: (job: Job, written: number, total: number) => void;
}

export interface ReingestResult {
  /** Ledgers written. */
  written: number;
  /** Whether the signal stopped it before the end. */
  stopped: boolean;
}

export async function reingest(options: ReingestOptions): Promise<ReingestResult> {
  const source = await openRangeSource(options.source);
  await source.check(options.from, options.to);
  const store = await openIndex(options.database, source.passphrase, POOLS.reingest);
  try {
    const conflict = await store.reingestConflict(options.to);
    if (conflict) throw new Error(conflict);
    return await runJobs(options, store);
  } finally {
    await store.close();
  }
}

interface Derived {
  worker: Worker;
  message: Extract<FromWorker, { type: 'derived' }>;
}

async function runJobs(options: ReingestOptions, store: IndexStore): Promise<ReingestResult> {
  const jobs = planJobs(options.from, options.to, options.jobLedgers ?? DEFAULT_JOB_LEDGERS);
  const total = options.to - options.from + 1;
  const workersWrite = store.dialect === 'postgres';
  const setup: WorkerSetup = {
    source: options.source,
    ...(workersWrite ? { database: options.database } : {}),
  };
  const workers = Array.from(
    { length: Math.min(options.workers, jobs.length) },
    () => new Worker(options.workerUrl, { workerData: setup }),
  );
  // Derived jobs wait for those before them (their trades' assets are numbered in order): at most
  // this many jobs are out ahead of the next to write, which bounds the rows held.
  const ahead = workers.length * 2;
  const derived = new Map<number, Derived>();
  const idle: Worker[] = [];
  let [nextJob, nextWrite, written, writing] = [0, 0, 0, 0];
  const assets = await store.tradeAssetIds();
  /** The coordinator's writes (SQLite), one after the other; settles, never rejects. */
  let sqliteWrites: Promise<unknown> = Promise.resolve();

  return new Promise<ReingestResult>((resolve, reject) => {
    let settled = false;
    const send = (worker: Worker, message: ToWorker) => worker.postMessage(message);
    const finish = async (error?: Error) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      await sqliteWrites.catch(() => undefined);
      await Promise.all(workers.map((worker) => worker.terminate()));
      if (error) reject(error);
      else resolve({ written, stopped: written < total });
    };
    const stopping = () => settled || (options.signal?.aborted ?? false);
    const onAbort = () => {
      if (writing === 0) void finish();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // Stopped before the workers started: nothing was handed out.
    if (options.signal?.aborted) void finish();

    const dispatch = (worker: Worker) => {
      const job = jobs[nextJob];
      if (stopping() || !job) return;
      if (job.id >= nextWrite + ahead) return void idle.push(worker);
      nextJob++;
      send(worker, { type: 'job', job });
    };
    const wroteJob = (job: Job) => {
      if (settled) return;
      writing--;
      written += job.to - job.from + 1;
      options.onProgress?.(job, written, total);
      if (written === total || (options.signal?.aborted && writing === 0)) return void finish();
    };
    // Jobs are assigned their trades in order, then written (by the coordinator or their worker).
    const writeReady = () => {
      for (let next = derived.get(nextWrite); next && !stopping(); next = derived.get(nextWrite)) {
        derived.delete(nextWrite);
        const job = jobs[nextWrite++] as Job;
        const assignment = assignTrades(next.message.keys, assets);
        writing++;
        if (workersWrite) send(next.worker, { type: 'write', id: job.id, assignment });
        else {
          const ledgers = next.message.ledgers ?? [];
          const write = sqliteWrites.then(() =>
            store.rewriteHistory(job.from, job.to, historyBatches(ledgers, assignment)),
          );
          sqliteWrites = write.catch(() => undefined);
          write.then(
            () => wroteJob(job),
            (error: Error) => finish(error),
          );
        }
        for (const worker of idle.splice(0)) dispatch(worker);
      }
    };
    const failedJob = (id: number | undefined, message: string) => {
      const job = id === undefined ? undefined : jobs[id];
      return new Error(job ? `ledgers ${job.from}–${job.to}: ${message}` : message);
    };

    for (const [index, worker] of workers.entries()) {
      worker.on('message', (message: FromWorker) => {
        if (settled) return;
        if (message.type === 'ready') dispatch(worker);
        else if (message.type === 'failed') void finish(failedJob(message.id, message.message));
        else if (message.type === 'derived') {
          derived.set(message.id, { worker, message });
          if (!workersWrite) dispatch(worker);
          writeReady();
        } else {
          wroteJob(jobs[message.id] as Job);
          dispatch(worker);
        }
      });
      worker.on('error', (error) => void finish(new Error(`worker ${index + 1} failed: ${error.message}`)));
      worker.on('exit', (code) => void finish(new Error(`worker ${index + 1} stopped (exit code ${code})`)));
    }
  });
}
