/**
 * starspec-horizon killed with SIGKILL in the middle of ingesting resumes where its index ends:
 * every ledger it reported ingested is still there, none is ingested twice (ledgers written a batch
 * per transaction), and the result answers as the sandbox's own face does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../support/crawl.js';
import { startGatewayProcess } from '../support/gateway-process.js';
import { runWorkload } from '../support/workload.js';

/** Ledgers per transaction: several batches before the kill, one of them under way. */
const BATCH = 5;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  await runWorkload(sandbox, { rounds: 40, accounts: 8 });
  await sandbox.indexed();
});
afterAll(() => sandbox?.stop());

describe('a gateway killed while ingesting', () => {
  it('loses and repeats nothing when started again on the same index', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'starspec-horizon-')), 'index.sqlite');
    const latest = sandbox.ledger.latestSequence;
    const first = startGatewayProcess(sandbox.rpcUrl, db, ['--ingest-batch', String(BATCH)]);
    await first.reached(12);
    first.child.kill('SIGKILL');
    await first.exited;
    const before = [...first.ingested];
    expect(Math.max(...before)).toBeLessThan(latest);

    const second = startGatewayProcess(sandbox.rpcUrl, db, ['--ingest-batch', String(BATCH)]);
    await second.reached(latest);
    // Ingestion went on after the last ledger the killed run reported, each ledger once: at most
    // one batch past it (committed, killed before reporting it), never inside a batch.
    const resumedAt = Number(second.ingested[0]);
    expect(resumedAt).toBeGreaterThan(Math.max(...before));
    expect(resumedAt).toBeLessThanOrEqual(Math.max(...before) + 1 + BATCH);
    const all = [...before, ...second.ingested];
    expect(new Set(all).size).toBe(all.length);

    // And the index holds every ledger once: it answers as the sandbox's own face does.
    const collections = ['/ledgers', '/transactions?include_failed=true'];
    const [own, resumed] = await Promise.all([
      crawl(sandbox.url, collections, 200),
      crawl(await second.url, collections, 200),
    ]);
    expect([...resumed.answers.entries()]).toEqual([...own.answers.entries()]);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
