// Parallel backfill: `starspec-horizon reingest`'s `reingest()` over the recorded public-network
// ledgers (the real-ingestion rows' recordings, renumbered) from a data lake folder written for
// the run in galexie's layout (one ledger per file, as the public lake), into a fresh index of each
// engine each run (a SQLite file; a PostgreSQL database, where each worker writes its own jobs),
// with 1, 2 and 4 worker threads (one ledger per job, so that every worker has jobs). Rates are
// operations per second; ratios, against 1 worker on the same engine in the same round, are
// medians of per-round ratios. Goal: 2 workers at least 1.7 times 1 on two cores. Each side also
// says its operations per CPU second (the process with its worker threads, and PostgreSQL's
// processes): against its rate, how many cores it kept busy.
import { join } from 'node:path';
import { median } from '@starspec/bench';
import { Networks, xdr } from '@stellar/stellar-sdk';
import { writeLakeFiles } from '../dist/reingest/lake-write.js';
import { reingest } from '../dist/reingest/reingest.js';
import { timed } from './ingestion.mjs';
import { recordedLedgers } from './real-ingestion.mjs';

const WORKER = new URL('../dist/reingest/worker.js', import.meta.url);
const WORKERS = [1, 2, 4];

/**
 * `rpc` as startRecordedRpc's; `operations` the recordings' count, `copies` as recorded-volume.mjs's;
 * `engines` as run.mjs's (`cpuSeconds()` where the engine's own processes use CPU); resolves with the rows.
 */
export async function measureReingest({ rpc, operations, copies = 1, dir, engines, options }) {
  const lake = join(dir, 'lake');
  const manifest = {
    networkPassphrase: Networks.PUBLIC,
    compression: 'zstd',
    ledgersPerBatch: 1,
    batchesPerPartition: 64000,
    extension: 'zst',
  };
  writeLakeFiles(
    lake,
    manifest,
    rpc.ledgers.map((l) => xdr.LedgerCloseMeta.fromXDR(l.metadataXdr, 'base64')),
  );
  const rows = [];
  for (const engine of engines) rows.push(...(await measureEngine(engine)));
  return rows;

  async function measureEngine(engine) {
    // CPU seconds of the whole process (its worker threads included) and the engine's, per run.
    const cpu = new Map(WORKERS.map((n) => [n, []]));
    const run = async (workers) => {
      const database = await engine.database();
      const before = process.cpuUsage();
      const engineBefore = engine.cpuSeconds?.() ?? 0;
      const ms = await timed(() =>
        reingest({
          from: rpc.oldestLedger,
          to: rpc.latestLedger,
          workers,
          source: { kind: 'lake', dir: lake },
          database,
          workerUrl: WORKER,
          jobLedgers: 1,
        }),
      );
      const used = process.cpuUsage(before);
      const engineUsed = (engine.cpuSeconds?.() ?? 0) - engineBefore;
      cpu.get(workers).push((used.user + used.system) / 1e6 + engineUsed);
      engine.drop?.(database);
      return ms;
    };
    const times = new Map(WORKERS.map((n) => [n, []]));
    for (let round = 0; round < options.rounds; round++) {
      const line = [];
      for (let k = 0; k < WORKERS.length; k++) {
        const workers = WORKERS[(round + k) % WORKERS.length];
        const ms = await run(workers);
        times.get(workers).push(ms);
        const cores = cpu.get(workers).at(-1) / (ms / 1000);
        line.push(
          `${workers} worker(s) ${((operations * 1000) / ms).toFixed(0)} ops/s, ${cores.toFixed(2)} cores busy`,
        );
      }
      console.error(`  parallel backfill, ${engine.name}, round ${round + 1}: ${line.join(', ')}`);
    }
    // Operations per CPU second against per second says how many cores a run kept busy.
    const side = (n) => ({
      name: `reingest from a data lake, ${n} worker${n > 1 ? 's' : ''}, ${engine.storage}`,
      value: Math.round((operations * 1000) / median(times.get(n))),
      perCpuSecond: Math.round(operations / median(cpu.get(n))),
    });
    const suffix = engine.name === 'sqlite' ? '' : `:${engine.name}`;
    return WORKERS.slice(1).map((n) => {
      const ratios = times.get(n).map((ms, i) => times.get(1)[i] / ms);
      return {
        kind: 'rate',
        id: `real-ingestion:reingest-${n}/reingest-1${suffix}`,
        title: `parallel backfill of ${recordedLedgers(rpc.ledgerCount, copies)} (${operations.toLocaleString('en-US')} operations) from a data lake`,
        unit: 'operations/s',
        subject: side(n),
        baseline: side(1),
        ratio: Number(median(ratios).toFixed(3)),
        rounds: ratios.map((r) => Number(r.toFixed(3))),
        ...(n === 2 ? { goal: { ratioAtLeast: 1.7 } } : {}),
      };
    });
  }
}
