// Ingestion from RPC: `startGateway` over the sandbox's rpcUrl on an empty index, timed from the
// call until the sandbox's latest ledger is ingested, on each engine; against the same JSON-RPC
// calls (getNetwork, getHealth, then getLatestLedger and a getLedgers page of 200 until the
// latest) made alone by the same client, so the ratio is what the index itself costs. Rounds
// alternate the order of the sides; ratios are medians of per-round ratios.
import { rmSync } from 'node:fs';
import { median } from '@starspec/bench';
import { createClient } from '@starspec/ledger-rpc/client';
import { startGateway } from '../dist/index.js';

const PAGE = 200;

/** The getLedgers pages a gateway asks for, fetched and parsed, nothing more. */
async function fetchAlone(ledger) {
  const client = createClient({ url: ledger.rpcUrl });
  await client.getNetwork();
  let next = Math.max(ledger.oldestLedger, (await client.getHealth()).oldestLedger);
  while (next <= ledger.latestLedger) {
    await client.getLatestLedger();
    const page = await client.getLedgers({ startLedger: next, pagination: { limit: PAGE } });
    next = page.ledgers.at(-1).sequence + 1;
  }
}

/**
 * Starts a gateway on `database` over the ledger and resolves, once it has ingested the latest
 * ledger, with the gateway (`pollMs` is how often it then asks for new ones).
 */
export async function caughtUpGateway(ledger, database, pollMs = 60_000) {
  let caughtUp;
  const done = new Promise((resolve) => {
    caughtUp = resolve;
  });
  const gateway = await startGateway({
    rpcUrl: ledger.rpcUrl,
    database,
    pollMs,
    onProgress: (ingested) => {
      if (ingested === ledger.latestLedger) caughtUp();
    },
    onError: (error) => console.error('  gateway:', error),
  });
  await Promise.race([done, gateway.following.then(() => Promise.reject(new Error('following ended')))]);
  return gateway;
}

/** Milliseconds `work` takes. */
export async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * A benchmark side that ingests everything `source` (a sandbox, or any `{ rpcUrl }` with its
 * latest ledger) serves into a fresh database of `engine`, timed until caught up.
 */
export function engineSide(engine, source) {
  return {
    name: engine.name,
    label: engine.label,
    async run() {
      const database = await engine.database();
      let gateway;
      const ms = await timed(async () => {
        gateway = await caughtUpGateway(source, database);
      });
      await gateway.stop();
      engine.drop?.(database);
      return ms;
    },
  };
}

/**
 * `engines`: `{ name, label, database() }`, `database()` giving a fresh SQLite path or
 * PostgreSQL URL and `drop(database)` what to do after. Resolves with the rows: each engine
 * against the pages fetched alone, then every later engine against the first.
 */
export async function measureIngestion({ ledger, engines, options }) {
  const sides = [
    {
      name: 'fetch',
      label: `the same getLedgers pages (${PAGE} ledgers each) fetched alone`,
      run: () => fetchAlone(ledger),
    },
    ...engines.map((engine) => engineSide(engine, ledger)),
  ];
  const times = new Map(sides.map((side) => [side.name, []]));
  // One round not counted: the sandbox's getLedgers and this process warm up.
  for (const side of sides) await side.run();
  for (let round = 0; round < options.rounds; round++) {
    const line = [];
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(round + k) % sides.length];
      const ms = side.name === 'fetch' ? await timed(side.run) : await side.run();
      times.get(side.name).push(ms);
      line.push(`${side.name} ${((ledger.ledgerCount * 1000) / ms).toFixed(0)} ledgers/s`);
    }
    console.error(`  ingestion round ${round + 1}: ${line.join(', ')}`);
  }

  const rate = (name) => {
    const ms = median(times.get(name));
    const label = sides.find((s) => s.name === name).label;
    return {
      name: label,
      value: Math.round((ledger.ledgerCount * 1000) / ms),
      also: { value: Math.round((ledger.transactions * 1000) / ms), unit: 'transactions/s' },
    };
  };
  const title =
    `ingestion from RPC until caught up, ${ledger.ledgerCount} ledgers ` +
    `(${ledger.transactions.toLocaleString('en-US')} transactions)`;
  const row = (subject, baseline, id) => {
    // Rates are the inverse of times: the subject's rate over the baseline's.
    const ratios = times.get(subject).map((ms, i) => times.get(baseline)[i] / ms);
    return {
      kind: 'rate',
      id,
      title,
      unit: 'ledgers/s',
      subject: rate(subject),
      baseline: rate(baseline),
      ratio: Number(median(ratios).toFixed(3)),
      rounds: ratios.map((r) => Number(r.toFixed(3))),
    };
  };
  const [first, ...others] = engines;
  return [
    ...engines.map((engine) => row(engine.name, 'fetch', `ingestion:${engine.name}/fetch`)),
    ...others.map((engine) => row(engine.name, first.name, `ingestion:${engine.name}/${first.name}`)),
  ];
}

/** A fresh SQLite file in `dir` each time, removed (with its WAL) after. */
export function sqliteFiles(dir) {
  let made = 0;
  return {
    database: () => `${dir}/index-${++made}.sqlite`,
    drop(path) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    },
  };
}
