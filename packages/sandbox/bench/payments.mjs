// Payments applied per second, in this process and over JSON-RPC, getTransaction's latency while
// they arrive, and the memory of a `starspec-sandbox` process after 10,000 of them.
// Both networks get the same signed envelopes: they start alike (ledger 2 holds friendbot's
// channels) and are funded alike, so every account has the same sequence number in each.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, median, percentile, residentBytes } from '@starspec/bench';
import { inProcess, overRpc } from './drivers.mjs';
import {
  batches,
  benchKeys,
  decodeAndVerify,
  fundingEnvelopes,
  LEDGER_SIZE,
  paymentRound,
} from './envelopes.mjs';

/** Accounts, each paying once per round: a round is this many payments. */
export const ACCOUNTS = 1000;
/** Payments the memory row is measured after. */
export const MEMORY_AFTER = 10_000;
const IDLE_PROBE_MS = 1000;
const PAYMENTS_GOAL = { atLeast: 1000 };

const probeScript = fileURLToPath(new URL('./probe.mjs', import.meta.url));

/**
 * Starts the getTransaction prober process; `phase(rpcUrl, hashes)` starts asking and returns
 * `stop()`, which resolves with the latencies (ms) of that phase.
 */
function startProber() {
  const child = fork(probeScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  let failed;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code) => {
    failed = new Error(`the prober exited with ${code}`);
  });
  return {
    phase(rpcUrl, hashes) {
      const answer = new Promise((resolve, reject) => {
        child.once('message', ({ latencies }) => resolve(latencies));
        exited.then(() => reject(failed));
      });
      child.send({ rpcUrl, hashes });
      return {
        stop() {
          child.send('stop');
          return answer;
        },
      };
    },
    close() {
      child.kill();
      return exited;
    },
  };
}

/** CPU seconds this process has used (its threads: the collector's too). */
export const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * Runs `work` (`count` payments) and resolves with payments per second and per CPU second of
 * the process whose CPU time `cpu()` reads.
 */
export async function rates(count, cpu, work) {
  const cpuBefore = cpu();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { perSecond: (count * 1000) / ms, perCpuSecond: count / (cpu() - cpuBefore) };
}

function sameSequences(a, b) {
  if (a.length !== b.length || a.some((seq, i) => seq !== b[i]))
    throw new Error('the two networks disagree on sequence numbers: the envelopes would not fit both');
}

/** Applies one round in this process, a ledger per batch. */
export function applyInProcess(local, envelopes) {
  const records = [];
  for (const batch of batches(envelopes)) {
    local.submit(batch);
    records.push(local.close());
  }
  return records;
}

/** The hashes of the ledgers' transactions; throws when one failed. */
export function successfulHashes(records) {
  const failed = records.flatMap((r) => r.transactions).filter((tx) => !tx.successful);
  if (failed.length > 0) throw new Error(`${failed.length} payments failed, e.g. ${failed[0].hash}`);
  return records.flatMap((r) => r.transactions.map((tx) => tx.hash));
}

/** Sends a round over JSON-RPC, closing a ledger of `size` payments at a time. */
export async function applyOverRpc(remote, envelopes, size = LEDGER_SIZE) {
  for (const batch of batches(envelopes, size)) {
    await remote.submit(batch);
    const closed = await remote.close();
    if (closed.transactionCount !== batch.length)
      throw new Error(`ledger ${closed.sequence} holds ${closed.transactionCount} of ${batch.length}`);
  }
}

export async function measurePayments(options) {
  const local = await inProcess();
  const remote = await overRpc();
  const prober = startProber();
  try {
    const rssAtStart = residentBytes(remote.pid);
    const { passphrase, root, networkId } = local;
    const keys = benchKeys(ACCOUNTS);
    const publicKeys = keys.map((k) => k.publicKey());

    const [rootSeq] = local.sequences([root.publicKey()]);
    sameSequences([rootSeq], await remote.sequences([root.publicKey()]));
    for (const envelope of fundingEnvelopes(root, rootSeq, keys, passphrase)) {
      local.submit([envelope]);
      local.close();
      await remote.submit([envelope]);
      await remote.close();
    }
    const seqs = local.sequences(publicKeys);
    sameSequences(seqs, await remote.sequences(publicKeys));

    // A round not measured warms both networks up; the first round's getTransaction calls ask
    // for its payments (each round's for the round before's).
    const warmUp = paymentRound(keys, seqs, passphrase);
    let lookups = successfulHashes(applyInProcess(local, warmUp));
    await applyOverRpc(remote, warmUp);
    let applied = warmUp.length;

    const rounds = [];
    let rssAfter;
    for (let round = 0; round < options.rounds || rssAfter === undefined; round++) {
      const envelopes = paymentRound(keys, seqs, passphrase);
      if (round >= options.rounds) {
        // Only to reach MEMORY_AFTER payments in the process; not timed.
        await applyOverRpc(remote, envelopes);
      } else {
        rounds.push(await measureRound(round, { local, remote, prober, envelopes, networkId, lookups }));
        lookups = rounds.at(-1).hashes;
      }
      applied += envelopes.length;
      if (applied === MEMORY_AFTER) rssAfter = residentBytes(remote.pid);
    }
    return rows(rounds, { rssAtStart, rssAfter });
  } finally {
    await Promise.all([local.stop(), remote.stop(), prober.close()]);
  }
}

/** One round: the floor, in process and over RPC (with the prober), each round in another order. */
async function measureRound(round, { local, remote, prober, envelopes, networkId, lookups }) {
  const result = {};
  const count = envelopes.length;
  const remoteCpu = () => cpuSeconds(remote.pid);
  const steps = {
    async floor() {
      result.floor = await rates(count, ownCpuSeconds, () => {
        if (decodeAndVerify(envelopes, networkId) !== count) throw new Error('an envelope did not verify');
      });
    },
    async local() {
      let records;
      result.local = await rates(count, ownCpuSeconds, () => {
        records = applyInProcess(local, envelopes);
      });
      result.hashes = successfulHashes(records);
    },
    async remote() {
      // Transactions of the round before are looked up.
      const idleProbe = prober.phase(remote.rpcUrl, lookups);
      await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
      result.idle = await idleProbe.stop();
      const loadedProbe = prober.phase(remote.rpcUrl, lookups);
      result.remote = await rates(count, remoteCpu, () => applyOverRpc(remote, envelopes));
      result.loaded = await loadedProbe.stop();
    },
  };
  const orders = [
    ['floor', 'local', 'remote'],
    ['local', 'remote', 'floor'],
    ['local', 'floor', 'remote'],
  ];
  for (const step of orders[round % orders.length]) await steps[step]();
  const p = (latencies, q) => percentile(latencies, q);
  console.error(
    `  payments round ${round + 1}: floor ${result.floor.perSecond.toFixed(0)}/s, ` +
      `in process ${result.local.perSecond.toFixed(0)}/s (${result.local.perCpuSecond.toFixed(0)} per CPU s), ` +
      `over RPC ${result.remote.perSecond.toFixed(0)}/s (${result.remote.perCpuSecond.toFixed(0)} per CPU s); ` +
      `getTransaction p99 idle ${p(result.idle, 99).toFixed(2)} ms, ` +
      `loaded ${p(result.loaded, 99).toFixed(2)} ms (${result.loaded.length} calls)`,
  );
  return result;
}

function rows(rounds, { rssAtStart, rssAfter }) {
  const ratio = (values) => Number(median(values).toFixed(3));
  const each = (values) => values.map((v) => Number(v.toFixed(3)));
  const side = (key, name) => ({
    name,
    value: Math.round(median(rounds.map((r) => r[key].perSecond))),
    perCpuSecond: Math.round(median(rounds.map((r) => r[key].perCpuSecond))),
  });
  const versus = (subject, baseline) => {
    const ratios = rounds.map((r) => r[subject].perSecond / r[baseline].perSecond);
    const cpuRatios = rounds.map((r) => r[subject].perCpuSecond / r[baseline].perCpuSecond);
    return { ratio: ratio(ratios), cpuRatio: ratio(cpuRatios), rounds: each(ratios) };
  };
  const latency = (key, name) => ({
    name,
    p50Ms: Number(median(rounds.map((r) => percentile(r[key], 50))).toFixed(2)),
    p99Ms: Number(median(rounds.map((r) => percentile(r[key], 99))).toFixed(2)),
  });
  const latencyRatios = rounds.map((r) => percentile(r.loaded, 99) / percentile(r.idle, 99));
  const described = `${ACCOUNTS.toLocaleString('en-US')} accounts, ledgers of ${LEDGER_SIZE}`;
  return [
    {
      kind: 'rate',
      id: 'payments:in-process',
      title: `payments applied, ${described}`,
      unit: 'payments/s',
      subject: side('local', 'submit + closeLedger() in process'),
      baseline: side('floor', 'decoding + verifying each envelope (node:crypto)'),
      ...versus('local', 'floor'),
      goal: PAYMENTS_GOAL,
    },
    {
      kind: 'rate',
      id: 'payments:rpc',
      title: `payments applied over JSON-RPC, ${described}`,
      unit: 'payments/s',
      subject: side('remote', 'sendTransaction + POST /_sandbox/close'),
      baseline: side('local', 'in process'),
      ...versus('remote', 'local'),
      goal: PAYMENTS_GOAL,
    },
    {
      kind: 'latency',
      id: 'getTransaction',
      title: 'getTransaction, one call at a time',
      subject: latency('loaded', 'while payments arrive over RPC'),
      baseline: latency('idle', 'idle'),
      ratio: ratio(latencyRatios),
      rounds: each(latencyRatios),
    },
    {
      kind: 'memory',
      id: 'rss',
      title: 'starspec-sandbox resident memory (RSS)',
      subject: { name: `after ${MEMORY_AFTER.toLocaleString('en-US')} payments`, bytes: rssAfter },
      baseline: { name: 'ready, before any', bytes: rssAtStart },
      ratio: Number((rssAfter / rssAtStart).toFixed(3)),
      count: MEMORY_AFTER,
      per: 'payment',
    },
  ];
}
