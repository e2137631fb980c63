// Friendbot and a manual close answer only once the REST face holds the ledger (the `indexed`
// gate): a client that reads the REST API right after either sees what it just made.
import type { AddressInfo } from 'node:net';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type Network } from '../../src/network/network.js';
import { Friendbot } from '../../src/server/friendbot/bot.js';
import { createSandboxServer } from '../../src/server/server.js';

let network: Network;
let friendbot: Friendbot;
let server: ReturnType<typeof createSandboxServer>;
let url = '';
/** Opened by each test when it lets the REST face catch up. */
let release: () => void = () => undefined;
let gates = 0;

beforeAll(async () => {
  network = createNetwork({ closeEvery: 'manual' });
  friendbot = new Friendbot(network);
  const setup = friendbot.setupEnvelope();
  if (setup) network.submit(setup);
  network.closeLedger();
  server = createSandboxServer({
    network,
    friendbot,
    rpc: { network },
    baseUrl: () => url,
    onError: (error) => {
      throw error;
    },
    indexed: () => {
      gates++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  network.start();
});

afterAll(async () => {
  network.stop();
  friendbot.stop();
  await new Promise((resolve) => server.close(resolve));
  network.close();
});

/** Whether `promise` settles within a few turns of the event loop. */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  return settled;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('answers wait for the REST face', () => {
  it('POST /_sandbox/close answers after the gate opens', async () => {
    const before = gates;
    const answer = fetch(`${url}/_sandbox/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    await until(() => gates > before);
    expect(await settlesSoon(answer)).toBe(false);
    release();
    expect((await answer).status).toBe(200);
  });

  it('friendbot answers after the gate opens', async () => {
    const before = gates;
    const pending = network.ledger.pending().length;
    const answer = fetch(`${url}/friendbot?addr=${Keypair.random().publicKey()}`);
    await until(() => network.ledger.pending().length > pending);
    network.closeLedger();
    await until(() => gates > before);
    expect(await settlesSoon(answer)).toBe(false);
    release();
    expect((await answer).status).toBe(200);
  });
});
