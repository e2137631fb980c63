/**
 * Stopping a gateway (what SIGTERM does) while its ingestion thread writes a batch: the batch under
 * way commits before the thread's connection closes, and every ledger reported ingested is in the
 * index afterwards (nothing acknowledged is lost). The thread's first ingesting transaction is held
 * open (test/support/held-ingest-worker.mjs) until the stop has begun. The threads run dist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Networks } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway } from '../../src/gateway/gateway.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { HELD_WORKER, heldIngest } from '../support/held-ingest.js';

const LEDGERS = 8;

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  for (let i = 0; i < LEDGERS; i++) sandbox.closeLedger();
  dir = mkdtempSync(join(tmpdir(), 'ingest-stop-'));
});
afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a stop while a batch is written lets it commit, and keeps every ledger it reported', async () => {
  const { held, release, close } = heldIngest();
  const database = join(dir, 'stop.sqlite');
  const reported: number[] = [];
  const gateway = await startGateway({
    rpcUrl: sandbox.rpcUrl,
    database,
    ingestWorker: HELD_WORKER,
    batchLedgers: 200,
    pollMs: 20,
    onProgress: (ledger) => reported.push(ledger),
    onError: () => undefined,
  });
  try {
    await held;
    const stopped = gateway.stop();
    release();
    await stopped;
  } finally {
    close();
  }
  const store = await IndexStore.open(openSqlite(database), Networks.STANDALONE);
  try {
    const stored = (await store.page({ table: 'ledgers', order: 'asc', limit: 200 })).map((row) =>
      Number((row as { sequence: unknown }).sequence),
    );
    // The held batch is the whole catch-up: committed, not rolled back by the stop.
    expect(stored.at(-1)).toBe(sandbox.ledger.latestSequence);
    expect(reported.filter((ledger) => !stored.includes(ledger))).toEqual([]);
  } finally {
    await store.close();
  }
});
