#!/usr/bin/env node
// The ledger-index benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/ledger-index bench [-- --quick] [-- --rounds N]
//     [-- --only real-ingestion|reingest|rest-while-ingesting]
// Writes the package's section of bench-results.json and the tables rendered from it (the root
// README's and this package's). On one sandbox process with 200 ledgers of 10 payments:
//   1. REST latency of the sandbox's REST face against Prism answering the contract's example of
//      the same operation (goal: a p99 no longer than Prism's), one request at a time;
//   2. ingestion from RPC: `startGateway` over the sandbox's rpcUrl until caught up, against the
//      same getLedgers pages fetched alone;
//   3. the same ingestion and the same reads on SQLite and on PostgreSQL (rows skipped, and the
//      reason said, when PostgreSQL is not installed);
//   4. ingestion of recorded public-network ledgers (served ten times over, recorded-volume.mjs)
//      on each engine against the same pages fetched and decoded alone, and their parallel
//      backfill from a data lake with 1, 2 and 4 workers on each engine
//      (`--only real-ingestion` picks these rows alone, `--only reingest` the backfill's; skipped,
//      and the reason said, without ../shared/ledgers);
//   5. REST latency of a wallet's requests to a gateway on each engine while it ingests those
//      recorded ledgers, against the same requests once it is caught up and idle
//      (`--only rest-while-ingesting`).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchOptions, printRows, recordResults, replaceRows } from '@starspec/bench';
import { caughtUpGateway, measureIngestion, sqliteFiles } from './ingestion.mjs';
import { compareLatency } from './latency.mjs';
import { startLedger, TRAFFIC } from './ledger.mjs';
import { startPostgres } from './postgres.mjs';
import { prismVersion, startPrism } from './prism.mjs';
import { measureRealIngestion, operationCount } from './real-ingestion.mjs';
import { recordingsDir, startRecordedRpc } from './recorded-rpc.mjs';
import { repeatLedgers } from './recorded-volume.mjs';
import { measureReingest } from './reingest.mjs';
import { measureRestWhileIngesting } from './rest-while-ingesting.mjs';

const options = benchOptions();
const only = options.only ?? [];
const ONLY = ['real-ingestion', 'reingest', 'rest-while-ingesting'];
if (only.some((name) => !ONLY.includes(name)))
  throw new Error(`--only takes ${ONLY.join(', ')} (got ${only})`);
const picked = (name) => only.length === 0 || only.includes(name);
// The real-ingestion rows include the parallel backfill's; `--only reingest` measures those alone.
const realIngestion = picked('real-ingestion');
const reingestion = realIngestion || picked('reingest');
const restWhileIngesting = picked('rest-while-ingesting');
// The machine may be shared: its load while the benchmark ran goes with the numbers.
const loadAtStart = loadavg()[0];
// Interrupted, it exits through 'exit', where the processes it started are stopped.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

const dir = mkdtempSync(join(tmpdir(), 'starspec-bench-index-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const postgres = await startPostgres();
if (postgres.missing) console.error(`PostgreSQL rows skipped: ${postgres.missing}`);

// How many times the recordings are served over for the rates of rows 4: 110 ledgers, about
// 38,000 operations, where a gateway's start and its cold code are a small part of the time.
const VOLUME_COPIES = options.rounds === 1 ? 2 : 10;
const sqlite = {
  name: 'sqlite',
  label: 'startGateway, SQLite file',
  storage: 'SQLite file',
  ...sqliteFiles(dir),
};
const engines = [sqlite];
if (!postgres.missing)
  engines.push({
    name: 'postgres',
    label: `startGateway, ${postgres.version}`,
    storage: postgres.version,
    cpuSeconds: postgres.cpuSeconds,
    database: () => postgres.freshDatabase(),
  });

const rows = [];
const stops = [() => postgres.stop?.()];
try {
  if (recordingsDir()) {
    const rpc = await startRecordedRpc();
    stops.unshift(() => rpc.stop());
    if (reingestion) {
      // Rates at volume: the recordings served VOLUME_COPIES times over (recorded-volume.mjs).
      const volume = await startRecordedRpc(undefined, (ledgers) => repeatLedgers(ledgers, VOLUME_COPIES));
      stops.unshift(() => volume.stop());
      const operations = operationCount(volume);
      const recorded = { rpc: volume, operations, copies: VOLUME_COPIES };
      if (realIngestion) rows.push(...(await measureRealIngestion({ ...recorded, engines, options })));
      rows.push(...(await measureReingest({ ...recorded, dir, engines, options })));
    }
    if (restWhileIngesting) rows.push(...(await measureRestWhileIngesting({ rpc, engines, options })));
  } else console.error('recorded-ledger rows skipped: no ../shared/ledgers (set STARSPEC_SHARED)');
  if (only.length === 0) await measureOnSandbox();
} finally {
  for (const stop of stops) await stop();
}

/** Rows 1 to 3, on a sandbox with its traffic. */
async function measureOnSandbox() {
  const ledger = await startLedger();
  stops.unshift(() => ledger.stop());
  console.error(
    `sandbox: ledgers ${ledger.oldestLedger}–${ledger.latestLedger}, ${ledger.transactions} transactions`,
  );
  const ingestion = await measureIngestion({ ledger, engines, options });

  const prism = await startPrism();
  stops.unshift(() => prism.stop());
  const servers = [
    { name: 'sandbox', label: 'sandbox REST face', url: ledger.url },
    { name: 'prism', label: `${prismVersion}, static example`, url: prism.url },
  ];
  for (const engine of engines) {
    const gateway = await caughtUpGateway(ledger, await engine.database());
    stops.unshift(() => gateway.stop());
    servers.push({
      name: engine.name,
      label: engine.label.replace('startGateway', 'gateway'),
      url: gateway.url,
    });
  }
  // A page as long as Prism's example of it, so that both sides send as many records.
  const examplePage = async (path) => {
    const body = await (await fetch(`${prism.url}${path}`)).json();
    const limit = body._embedded.records.length;
    return { title: `GET ${path}?limit=${limit} (the example's length)`, path: `${path}?limit=${limit}` };
  };
  const operations = [
    { id: 'getLedger', title: 'GET /ledgers/{sequence}', path: `/ledgers/${ledger.latestLedger}` },
    { id: 'getAccount', title: 'GET /accounts/{account_id}', path: `/accounts/${ledger.accounts[0]}` },
    { id: 'listTransactions', ...(await examplePage('/transactions')) },
    { id: 'listOperations', ...(await examplePage('/operations')) },
    { id: 'getFeeStats', title: 'GET /fee_stats', path: '/fee_stats' },
  ];
  const pairs = [['sandbox', 'prism', { atMost: 1 }], ...engines.slice(1).map((e) => [e.name, 'sqlite'])];
  const latency = await compareLatency({ servers, operations, pairs, options });
  // The REST face against Prism, the ingestion rows, then the engines' reads.
  const againstPrism = (row) => row.id.endsWith('/prism');
  const onEngines = latency
    .filter((row) => !againstPrism(row))
    .map((row) => ({ ...row, title: `${row.title}, the same read on each engine` }));
  rows.unshift(...latency.filter(againstPrism), ...ingestion, ...onEngines);
}

const loadAtEnd = loadavg()[0];
printRows(rows);
const load = `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`;
if (options.write && only.length > 0)
  replaceRows('ledger-index', {
    rows,
    options,
    note: `${only.join(', ')} on ${new Date().toISOString().slice(0, 10)}, ${load}`,
  });
else if (options.write)
  recordResults('ledger-index', {
    command: 'node scripts/pnpm.mjs --filter @starspec/ledger-index bench',
    rows,
    options,
    workload:
      `one starspec-sandbox process, ${TRAFFIC.ledgers} ledgers of ${TRAFFIC.payments} payments sent over its ` +
      `JSON-RPC; a round: each operation asked of each server for ${options.durationMs / 1000} s, one request ` +
      `at a time, and one ingestion of each kind; ` +
      (postgres.missing ? `PostgreSQL rows skipped (${postgres.missing}); ` : '') +
      load,
  });
