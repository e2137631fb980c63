// REST latency while ingesting: a gateway on each engine ingests the recorded public-network
// ledgers (recorded-rpc.mjs) into a fresh index while a wallet's requests (rest-mix.mjs) come at a
// fixed rate; then the same number of the same requests come at the same rate to the same
// gateway, caught up and idle. The ratios of the two p50s and p99s are the row. The requests
// come from a process of their own (rest-prober.mjs), as a wallet's would.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { latencyRow, quantiles } from '@starspec/bench';
import { Networks } from '@stellar/stellar-sdk';
import { startGateway } from '../dist/index.js';
import { readClosedLedger } from '../dist/meta/closed-ledger.js';
import { walletAccount, walletMix } from './rest-mix.mjs';

/** Requests counted in a phase at most; the one while ingesting stops sooner once caught up. */
export const REQUESTS = 100;
/** One request every this many milliseconds (20 a second): a phase lasts 5 s at most. */
export const INTERVAL_MS = 50;
/** A round's ingestion must be caught up by then, or the benchmark stops: a minute at most. */
const CATCH_UP_MS = 60_000;
/** Rounds at most, whatever `--rounds` says: each ingests the recordings again on each engine. */
const ROUNDS = 3;
/** Fewer answered while ingesting make no p99: the row is not written. */
const MIN_REQUESTS = 50;
/**
 * Before the idle phase, one of each request, not counted, to warm what serves them. Not before
 * the phase while ingesting: one after the other they would wait out most of the ingestion (its
 * first requests are the ones that meet cold code, a small part of what they wait).
 */
const WARMUP = walletMix('G').length;
/**
 * Ledgers written per transaction: each its own, as a gateway following the network writes every
 * new ledger, so that the requests meet an index that grows (by 50, the default while catching
 * up, the recordings would land in one transaction, answered only after it).
 */
const BATCH_LEDGERS = 1;

const proberScript = fileURLToPath(new URL('./rest-prober.mjs', import.meta.url));

/** The prober process; `phase(message)` starts asking and resolves with its latencies. */
function startProber() {
  const child = fork(proberScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = () => child.kill();
  process.once('exit', kill);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const phase = (message) => {
    const answer = new Promise((resolve, reject) => {
      child.once('message', resolve);
      exited.then((code) => reject(new Error(`the REST prober exited with ${code}`)));
    });
    child.send(message);
    return {
      stop: () => child.send('stop'),
      answer: answer.then(({ latencies, failures }) => {
        if (failures.length > 0) throw new Error(`non-2xx answers: ${[...new Set(failures)].join(', ')}`);
        return latencies;
      }),
    };
  };
  const close = () => {
    process.off('exit', kill);
    child.kill();
    return exited;
  };
  return { phase, close };
}

/** A gateway over `rpc` on `database`, and promises of the ledgers it has ingested. */
async function ingestingGateway(rpc, database) {
  const waiters = [];
  let ingested = 0;
  const gateway = await startGateway({
    rpcUrl: rpc.rpcUrl,
    database,
    batchLedgers: BATCH_LEDGERS,
    pollMs: 60_000,
    onProgress: (sequence) => {
      ingested = sequence;
      for (const waiter of waiters.filter((w) => w.sequence <= sequence)) waiter.resolve();
    },
    onError: (error) => console.error('  gateway:', error),
  });
  const ended = gateway.following.then(() => Promise.reject(new Error('following ended')));
  // Ends so when the gateway stops, after the last wait.
  ended.catch(() => {});
  const reached = (sequence) =>
    Promise.race([
      ended,
      ingested >= sequence ? undefined : new Promise((resolve) => waiters.push({ sequence, resolve })),
    ]);
  return { gateway, reached };
}

/** `promise`, or a rejection after `ms`. */
async function withDeadline(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One engine's measurement: the latencies while ingesting and those of the same requests idle. */
async function measureOnce({ engine, rpc, prober, wallet }) {
  const database = await engine.database();
  const { gateway, reached } = await ingestingGateway(rpc, database);
  try {
    const paths = walletMix(wallet.account);
    await reached(wallet.ledger);
    const schedule = { url: gateway.url, paths, intervalMs: INTERVAL_MS };
    const loaded = prober.phase({ ...schedule, count: REQUESTS });
    await withDeadline(reached(rpc.latestLedger), CATCH_UP_MS, `${engine.name}: not caught up`);
    loaded.stop();
    const ingesting = await loaded.answer;
    if (ingesting.length < MIN_REQUESTS)
      throw new Error(`only ${ingesting.length} requests sent while ingesting (${MIN_REQUESTS} at least)`);
    const idle = await prober.phase({ ...schedule, count: ingesting.length, warmup: WARMUP }).answer;
    return { subject: ingesting, baseline: idle };
  } finally {
    await gateway.stop();
    engine.drop?.(database);
  }
}

/** `engines` as measureRealIngestion's; resolves with one row per engine. */
export async function measureRestWhileIngesting({ rpc, engines, options }) {
  const wallet = walletAccount(rpc.ledgers.map((l) => readClosedLedger(l.metadataXdr, Networks.PUBLIC)));
  const prober = startProber();
  const results = new Map(engines.map((engine) => [engine.name, []]));
  try {
    for (let round = 0; round < Math.min(options.rounds, ROUNDS); round++) {
      for (let k = 0; k < engines.length; k++) {
        const engine = engines[(round + k) % engines.length];
        const result = await measureOnce({ engine, rpc, prober, wallet });
        results.get(engine.name).push(result);
        const view = (latencies) => {
          const { p50Ms, p99Ms } = quantiles(latencies);
          return `p50 ${p50Ms.toFixed(2)} ms, p99 ${p99Ms.toFixed(2)} ms`;
        };
        console.error(
          `  REST while ingesting round ${round + 1}: ${engine.name.padEnd(8)} ` +
            `${view(result.subject)} ingesting, ${view(result.baseline)} idle (${result.subject.length} requests each)`,
        );
      }
    }
  } finally {
    await prober.close();
  }
  const counts = (name) => [...new Set(results.get(name).map((r) => r.subject.length))].join(', ');
  return engines.map((engine) =>
    latencyRow({
      id: `rest-while-ingesting:${engine.name}/idle`,
      title:
        `REST while ingesting ${rpc.ledgerCount} recorded public-network ledgers, one per transaction: ` +
        `a wallet's ${walletMix('G').length} GETs in turn, ${1000 / INTERVAL_MS} a second`,
      rounds: results.get(engine.name),
      subject: `${engine.label.replace('startGateway', 'gateway')}, ingesting (${counts(engine.name)} requests)`,
      baseline: 'the same gateway caught up, idle (as many of the same requests)',
      loader: `fetch in a process of its own, ${1000 / INTERVAL_MS} requests/s, open loop`,
    }),
  );
}
