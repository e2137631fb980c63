/**
 * The gateway over the sandbox's RPC answers exactly what the sandbox's own REST face answers:
 * both are the same index code, one fed in-process, one through getLedgers.
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../src/gateway/gateway.js';
import { crawl } from '../support/crawl.js';
import { runWorkload } from '../support/workload.js';

let sandbox: Sandbox;
let gateway: Gateway;

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    validateResults: true,
    onError: (e) => {
      throw e;
    },
  });
  await runWorkload(sandbox);
  await sandbox.indexed();
  gateway = await startGateway({ rpcUrl: sandbox.rpcUrl, pollMs: 10, validateResponses: true });
  const latest = sandbox.ledger.latestSequence;
  while (((await gateway.ingester.store.latestLedger()) ?? 0) < latest)
    await new Promise((r) => setTimeout(r, 20));
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await sandbox?.stop();
});

const COLLECTIONS = [
  '/ledgers',
  '/transactions',
  '/transactions?include_failed=true',
  '/operations?include_failed=true',
  '/operations?join=transactions',
  '/payments',
  '/effects',
];

describe('the gateway over the sandbox RPC', () => {
  it('answers every page and record as the sandbox REST face does', { timeout: 300_000 }, async () => {
    const [own, gateway_] = await Promise.all([
      crawl(sandbox.url, COLLECTIONS),
      crawl(gateway.url, COLLECTIONS),
    ]);
    expect([...gateway_.answers.keys()]).toEqual([...own.answers.keys()]);
    for (const [path, answer] of own.answers) {
      expect(answer.status, path).toBe(200);
      expect(gateway_.answers.get(path), path).toEqual(answer);
    }
    expect(own.answers.size).toBeGreaterThan(50);
  });
});
