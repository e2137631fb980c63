// Friendbot keeps a bounded line of calls waiting for a channel account: past it a call is
// answered at once with Horizon's 503 server_over_capacity and Retry-After, not kept open.
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type Network } from '../../src/index.js';
import { Friendbot } from '../../src/server/friendbot/bot.js';
import { type TestSandbox, testSandbox, waitFor } from '../support/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual', friendbot: { channels: 1, maxWaiting: 0 } });
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

describe('friendbot under load', () => {
  it('counts its waiting calls: past maxWaiting a call is busy at once', async () => {
    const network: Network = createNetwork({ closeEvery: 'manual' });
    const bot = new Friendbot(network, { channels: 1, maxWaiting: 2 });
    network.submit(bot.setupEnvelope() as string);
    network.closeLedger();
    // One takes the channel, two wait; the fourth is turned away without waiting.
    const calls = Array.from({ length: 4 }, () => bot.fund(Keypair.random().publicKey()));
    const settled: unknown[] = [];
    void calls[3]?.then((outcome) => settled.push(outcome));
    // The answer needs no ledger: it is there once the pending callbacks have run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([{ kind: 'busy' }]);
    for (let round = 0; round < 3; round++) {
      await waitFor(() => network.ledger.pending().length === 1);
      network.closeLedger();
    }
    const outcomes = await Promise.all(calls.slice(0, 3));
    expect(outcomes.map((o) => o.kind)).toEqual(['funded', 'funded', 'funded']);
    bot.stop();
    network.close();
  });

  it('answers 503 server_over_capacity with Retry-After over HTTP', async () => {
    const first = fetch(`${t.net.friendbotUrl}?addr=${Keypair.random().publicKey()}`);
    await waitFor(() => t.net.ledger.pending().length === 1);
    const busy = await fetch(`${t.net.friendbotUrl}?addr=${Keypair.random().publicKey()}`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/server_over_capacity',
      title: 'Server Over Capacity',
      status: 503,
    });
    t.net.closeLedger();
    expect((await first).status).toBe(200);
  });

  it('refuses a maxWaiting that is not a whole number', () => {
    const network = createNetwork({ closeEvery: 'manual' });
    expect(() => new Friendbot(network, { maxWaiting: -1 })).toThrow(RangeError);
    network.close();
  });
});
