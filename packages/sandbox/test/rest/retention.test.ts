/**
 * The REST face keeps the RPC face's window (`--retention`): its elder ledger is the RPC's
 * `oldestLedger` however many ledgers close, and its index holds as many rows after 60 ledgers
 * as after 30.
 */
import type { AddressInfo } from 'node:net';
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, keyId } from '../../src/core/keys.js';
import { createNetwork, type Network } from '../../src/network/network.js';
import { type RestFace, startRestFace } from '../../src/rest/face.js';
import { windowMetas } from '../../src/rest/lazy-face.js';
import { Friendbot } from '../../src/server/friendbot/bot.js';
import { createSandboxServer } from '../../src/server/server.js';

const RETENTION = 8;

let network: Network;
let friendbot: Friendbot;
let rest: RestFace;
let server: ReturnType<typeof createSandboxServer>;
let url = '';
const errors: unknown[] = [];

beforeAll(async () => {
  network = createNetwork({ closeEvery: 'manual', retention: RETENTION });
  friendbot = new Friendbot(network);
  rest = await startRestFace({
    network,
    backlog: () => windowMetas(network),
    friendbotUrl: () => undefined,
    onError: (e) => errors.push(e),
  });
  server = createSandboxServer({
    rest: rest.listener,
    indexed: () => rest.idle(),
    network,
    friendbot,
    rpc: { network },
    baseUrl: () => url,
    onError: (e) => errors.push(e),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  friendbot?.stop();
  await rest?.close();
  network?.close();
  expect(errors).toEqual([]);
});

const payees = [Keypair.random(), Keypair.random(), Keypair.random()];

/** A signed transaction of the root's, at its next sequence number. */
function fromRoot(operations: ReturnType<typeof Operation.payment>[]): string {
  const root = network.ledger.root;
  const entry = network.ledger.entry(keyId(accountKey(root.xdrAccountId())));
  if (entry?.data.type !== 'account') throw new Error('no root account');
  const builder = new TransactionBuilder(
    new Account(root.publicKey(), entry.data.account.seqNum.toString()),
    {
      fee: String(100 * operations.length),
      networkPassphrase: network.passphrase,
    },
  );
  for (const operation of operations) builder.addOperation(operation);
  const tx = builder.setTimeout(0).build();
  tx.sign(root);
  return tx.toEnvelope().toXDR('base64');
}

/**
 * Closes `count` ledgers, each with the root paying the same accounts (created in the first
 * ledger): the current state stays the same size, only history comes.
 */
async function closeLedgers(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const created = network.ledger.latestSequence > 1;
    const operations = payees.map((payee) =>
      created
        ? Operation.payment({ destination: payee.publicKey(), asset: Asset.native(), amount: '1' })
        : Operation.createAccount({ destination: payee.publicKey(), startingBalance: '10' }),
    );
    expect(network.submit(fromRoot(operations)).status).toBe('PENDING');
    network.closeLedger();
    // As on a schedule: each ledger indexed (and the window trimmed) before the next closes.
    await rest.idle();
  }
}

async function elders(): Promise<{ rest: number; rpc: number; latest: number }> {
  const root = (await (await fetch(`${url}/`)).json()) as { history_elder_ledger: number };
  const health = (await (
    await fetch(`${url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    })
  ).json()) as { result: { oldestLedger: number; latestLedger: number } };
  return {
    rest: root.history_elder_ledger,
    rpc: health.result.oldestLedger,
    latest: health.result.latestLedger,
  };
}

describe('the REST face under the RPC retention', () => {
  it("moves history_elder_ledger with the RPC's oldestLedger", async () => {
    for (let round = 0; round < 3; round++) {
      await closeLedgers(RETENTION + 2);
      const { rest: elder, rpc, latest } = await elders();
      expect(elder).toBe(rpc);
      expect(elder).toBe(latest - RETENTION + 1);
    }
  });

  it('holds as many rows in each history table after 60 ledgers as after 30', async () => {
    await closeLedgers(30 - network.ledger.latestSequence);
    const { store } = rest.ingester;
    const [before, pagesBefore] = [await store.historyCounts(), await store.pages()];
    await closeLedgers(30);
    const [after, pagesAfter] = [await store.historyCounts(), await store.pages()];
    expect(after.ledgers).toBe(RETENTION);
    expect(after.transactions).toBe(RETENTION);
    expect(after).toEqual(before);
    // SQLite reuses the pages the deleted rows leave: the database does not grow either (a page
    // or two may split differently).
    expect(pagesBefore?.total).toBeGreaterThan(0);
    expect(pagesAfter?.total).toBeLessThanOrEqual((pagesBefore?.total ?? 0) + 4);
  });
});
