// The REST face starts on first use (the first close after start here), fed every ledger closed
// until then, even those a retention of 1 has already dropped from the network's window: the
// root's account, last changed in the friendbot's set-up ledger (2), is served after ledgers 3 to
// 5 closed before the face loaded, as by a face started with the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox.js';

let sandbox: Sandbox;
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    closeEvery: 'manual',
    retention: 1,
    onError: (e) => errors.push(e),
  });
});
afterAll(async () => {
  await sandbox?.stop();
  expect(errors).toEqual([]);
});

describe('the REST face, started on first use', () => {
  it('holds the ledgers closed before it started, however short the retention', async () => {
    // In one go: the face starts loading on the first of these closes and takes the others later.
    for (let i = 0; i < 3; i++) sandbox.closeLedger();
    expect(sandbox.network.closed.oldest()?.sequence).toBe(5);
    await sandbox.indexed();

    const root = sandbox.ledger.root.publicKey();
    const account = await fetch(`${sandbox.url}/accounts/${root}`);
    expect(account.status).toBe(200);
    expect(((await account.json()) as { sequence: string }).sequence).toMatch(/^\d+$/);
    const latest = (await (await fetch(`${sandbox.url}/`)).json()) as { history_latest_ledger: number };
    expect(latest.history_latest_ledger).toBe(5);
  });
});
