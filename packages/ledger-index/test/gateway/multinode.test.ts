/**
 * Several starspec-horizon processes on one PostgreSQL index, as Horizon's nodes share one
 * database: of two that may ingest, one holds the ingestion lock and the other waits; killed with
 * SIGKILL, the first loses it with its session and the second takes over where the index ends. A
 * third with --ingest=false only serves. Every ledger is in the index once, and every node answers
 * as the sandbox's own face does.
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crawl } from '../support/crawl.js';
import { freshPostgres } from '../support/databases.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateway-process.js';
import { runWorkload } from '../support/workload.js';

const postgresUrl = inject('postgresUrl');
const COLLECTIONS = ['/ledgers', '/transactions?include_failed=true', '/operations?include_failed=true'];

let sandbox: Sandbox;
const runs: GatewayProcess[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  await runWorkload(sandbox, { rounds: 12, accounts: 6 });
  await sandbox.indexed();
});
afterAll(async () => {
  for (const run of runs) run.child.kill('SIGTERM');
  await Promise.all(runs.map((run) => run.exited));
  await sandbox?.stop();
});

const tookLock = (run: GatewayProcess) => run.events.some((e) => e.event === 'ingesting');

/** The sandbox's own face and a gateway's answers, compared page by page and record by record. */
async function answersAsTheSandbox(run: GatewayProcess): Promise<void> {
  const [own, gateway] = await Promise.all([
    crawl(sandbox.url, COLLECTIONS, 200),
    crawl(await run.url, COLLECTIONS, 200),
  ]);
  expect([...gateway.answers.entries()]).toEqual([...own.answers.entries()]);
}

describe.skipIf(postgresUrl === '')('gateways sharing one PostgreSQL index', () => {
  it('ingests on one node at a time, and another takes over when it dies', async () => {
    const db = await freshPostgres(postgresUrl);
    const start = (args: string[] = []) => {
      const run = startGatewayProcess(sandbox.rpcUrl, db, args);
      runs.push(run);
      return run;
    };
    const before = sandbox.ledger.latestSequence;
    const first = start();
    await first.reached(before);
    const second = start();
    const apiOnly = start(['--ingest=false']);
    await Promise.all([second.url, apiOnly.url]);
    // The lock is the first's for as long as it lives: the others have ingested nothing.
    expect(tookLock(first)).toBe(true);
    expect([tookLock(second), second.ingested]).toEqual([false, []]);
    await answersAsTheSandbox(apiOnly);

    first.child.kill('SIGKILL');
    await first.exited;
    // New ledgers only the second can ingest now.
    await runWorkload(sandbox, { rounds: 4, accounts: 3 });
    await sandbox.indexed();
    const latest = sandbox.ledger.latestSequence;
    await second.reached(latest);
    expect(tookLock(second)).toBe(true);

    // Each ledger ingested once, by one node or the other, none left out.
    const all = [...first.ingested, ...second.ingested];
    expect(second.ingested[0]).toBe(before + 1);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => (first.ingested[0] ?? 0) + i));
    expect(all.at(-1)).toBe(latest);
    expect([tookLock(apiOnly), apiOnly.ingested]).toEqual([false, []]);
    await answersAsTheSandbox(second);
    await answersAsTheSandbox(apiOnly);
  });
});
