// startSandbox({ db }) across a stop and a start on the same file: every RPC method answers as
// it did, the chain goes on from the last ledger, friendbot's channels are made once, and a close
// is in the file (read through another connection) before a listener, a waiter or an answer
// shows it. A file of another network is refused before anything listens.
import { Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { StorageError } from '../../src/index.js';
import { call, fund, signed, submit, type TestSandbox, testSandbox, waitFor } from '../support/sandbox.js';
import { reader, tempFile } from '../support/storage.js';

const accountKey = (kp: Keypair) =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() })).toXdr('base64');

type Question = [method: string, params?: unknown];

async function answers(net: Sandbox, questions: Question[]): Promise<unknown[]> {
  return Promise.all(questions.map(([method, params]) => call(net, method, params)));
}

/** Two accounts from friendbot, a payment, a failed payment and a trust line: ledgers 3 to 6. */
async function traffic(t: TestSandbox, alice: Keypair, bob: Keypair): Promise<string[]> {
  await fund(t, alice, bob);
  const usd = new Asset('USD', bob.publicKey());
  const sends: [Keypair, xdr.Operation][] = [
    [alice, Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '10' })],
    [bob, Operation.payment({ destination: alice.publicKey(), asset: Asset.native(), amount: '50000' })],
    [alice, Operation.changeTrust({ asset: usd })],
  ];
  const results = [];
  for (const [source, op] of sends) results.push(await submit(t, await signed(t, source, [op])));
  expect(results.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
  const funded = await t.server.getTransactions({ startLedger: 3, pagination: { limit: 10 } });
  return [...funded.transactions.map((tx) => tx.txHash), ...results.map((r) => r.txHash)];
}

describe('a restart on the same file', () => {
  it('answers every method as before and goes on from the last ledger', async () => {
    const file = tempFile();
    const alice = Keypair.random();
    const bob = Keypair.random();
    const first = await testSandbox({ closeEvery: 'manual', db: file });
    const hashes = await traffic(first, alice, bob);
    const questions: Question[] = [
      ['getLatestLedger'],
      ['getHealth'],
      ['getFeeStats'],
      ['getLedgers', { startLedger: 2 }],
      ['getTransactions', { startLedger: 2 }],
      ['getEvents', { startLedger: 2 }],
      ['getLedgerEntries', { keys: [accountKey(alice), accountKey(bob)] }],
      ...hashes.map((hash): Question => ['getTransaction', { hash }]),
    ];
    const before = await answers(first.net, questions);
    const latest = first.net.ledger.latestSequence;
    await first.net.stop();

    const second = await testSandbox({ closeEvery: 'manual', db: file });
    try {
      expect(second.net.ledger.latestSequence).toBe(latest);
      expect(await answers(second.net, questions)).toEqual(before);

      // The chain goes on, and the accounts' sequence numbers came back: alice pays again.
      const again = await submit(
        second,
        await signed(second, alice, [
          Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
        ]),
      );
      expect(again).toMatchObject({ status: 'SUCCESS', ledger: latest + 1 });
      const page = await second.server.getLedgers({ startLedger: latest, pagination: { limit: 2 } });
      const [last, next] = page.ledgers;
      expect(next?.headerXdr.header.previousLedgerHash.toString()).toBe(last?.hash);
      expect(second.errors).toEqual([]);
    } finally {
      await second.net.stop();
    }
    expect(first.errors).toEqual([]);
  });

  it.each([
    { given: 'the same 16 channels', channels: 16, want: { closed: 0, created: 0 } },
    { given: 'fewer channels', channels: 4, want: { closed: 0, created: 0 } },
    { given: '2 channels more', channels: 18, want: { closed: 1, created: 2 } },
  ])("with $given, friendbot's set-up makes only the channels missing", async ({ channels, want }) => {
    const file = tempFile();
    const first = await testSandbox({ closeEvery: 'manual', db: file });
    const latest = first.net.ledger.latestSequence;
    await first.net.stop();
    const second = await testSandbox({ closeEvery: 'manual', db: file, friendbot: { channels } });
    try {
      expect(second.net.ledger.latestSequence).toBe(latest + want.closed);
      const created = second.net.network.closed
        .range(latest + 1, latest + want.closed)
        .flatMap((record) => record.transactions.map((tx) => tx.operationCount));
      expect(created).toEqual(want.created ? [want.created] : []);
      await fund(second, Keypair.random()); // and friendbot works on the channels it has
    } finally {
      await second.net.stop();
    }
  });

  it('on a file of another network is refused before anything listens', async () => {
    const file = tempFile();
    await (await testSandbox({ closeEvery: 'manual', db: file })).net.stop();
    const refused = testSandbox({
      closeEvery: 'manual',
      db: file,
      passphrase: 'Test SDF Network ; September 2015',
    });
    await expect(refused).rejects.toBeInstanceOf(StorageError);
    await expect(refused).rejects.toThrow(
      `${file} holds the network 'Standalone Network ; February 2017', not 'Test SDF Network ; September 2015'`,
    );
  });
});

describe('a close is in the file before anything shows it', () => {
  it.each([
    { given: 'manual closes', closeEvery: 'manual' as const },
    { given: 'scheduled closes', closeEvery: 20 },
  ])('$given: listeners, waiters and RPC answers see only committed ledgers', async ({ closeEvery }) => {
    const file = tempFile();
    // Another connection sees only what the sandbox's connection has committed: were the commit
    // made after the listeners ran (or left to a later tick), it would see the ledger before.
    let look: ReturnType<typeof reader> | undefined;
    const inFile = () =>
      look
        ? (look.prepare('SELECT max(sequence) AS latest FROM ledgers').get() as { latest: number }).latest
        : 0;
    const seen: [shown: number, inFile: number][] = [];
    const t = await testSandbox({
      closeEvery,
      db: file,
      onLedger: (record) => seen.push([record.sequence, inFile()]),
    });
    look = reader(file);
    try {
      const tx = await signed(t, t.net.ledger.root, [
        Operation.createAccount({ destination: Keypair.random().publicKey(), startingBalance: '5' }),
      ]);
      const pending = await t.server.sendTransaction(tx);
      const landed = t.net.network.inclusion(pending.hash).then((record) => [record?.ledger, inFile()]);
      if (closeEvery === 'manual') {
        t.net.closeLedger();
        t.net.closeLedger();
      }
      await waitFor(() => seen.length >= 2);
      const [ledger, committed] = (await landed) as [number, number];
      expect(committed).toBeGreaterThanOrEqual(ledger);
      for (const [shown, committedThen] of seen) expect(committedThen).toBe(shown);
      const latest = await t.server.getLatestLedger();
      expect(inFile()).toBeGreaterThanOrEqual(latest.sequence);
      expect(t.errors).toEqual([]);
    } finally {
      await t.net.stop();
    }
  });
});
