/**
 * starspec-horizon's `historyRetention` (Horizon's `--history-retention-count`): an empty index
 * starts at the window rather than the RPC server's oldest ledger, and its elder ledger moves with
 * the ledgers it ingests, whatever the RPC server keeps (as Horizon's, whatever its core keeps).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../src/gateway/gateway.js';
import { INGEST_WORKER } from '../support/ingest-worker.js';
import { getJson } from '../support/json.js';

const KEPT = 5;

let sandbox: Sandbox;
let gateway: Gateway;
const errors: unknown[] = [];
// A file: its ledgers are ingested, and reaped, in the gateway's ingestion thread.
const dir = mkdtempSync(join(tmpdir(), 'retention-'));

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  for (let i = 0; i < 20; i++) sandbox.closeLedger();
  gateway = await startGateway({
    rpcUrl: sandbox.rpcUrl,
    database: join(dir, 'index.sqlite'),
    ingestWorker: INGEST_WORKER,
    historyRetention: KEPT,
    pollMs: 20,
    validateResponses: true,
    onError: (e) => errors.push(e),
  });
});
afterAll(async () => {
  await gateway?.stop();
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

/** Waits (polling, as the gateway does) until the gateway holds the sandbox's latest ledger, reaped. */
async function caughtUp(): Promise<number> {
  const latest = sandbox.ledger.latestSequence;
  while (((await gateway.store.latestLedger()) ?? 0) < latest)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await gateway.idle();
  return latest;
}

describe('the gateway with a history retention', () => {
  it('starts an empty index at the window, not at the oldest ledger the RPC server keeps', async () => {
    const latest = await caughtUp();
    expect(await gateway.store.oldestLedger()).toBe(latest - KEPT + 1);
  });

  it('moves history_elder_ledger on as ledgers come, while the RPC server keeps them all', async () => {
    for (let i = 0; i < 12; i++) sandbox.closeLedger();
    const latest = await caughtUp();
    const root = await getJson(gateway.url, '/');
    expect(root.body.history_elder_ledger).toBe(latest - KEPT + 1);
    expect(root.body.history_latest_ledger).toBe(latest);
    expect((await gateway.store.historyCounts()).ledgers).toBe(KEPT);
    expect(sandbox.network.closed.oldest()?.sequence).toBe(2);
  });
});
