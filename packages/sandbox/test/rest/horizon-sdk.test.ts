import { Asset, Horizon, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, signed, type TestSandbox, testSandbox } from '../support/sandbox.js';

let t: TestSandbox;
let horizon: Horizon.Server;
const alice = Keypair.random();
const bob = Keypair.random();

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  horizon = new Horizon.Server(t.net.url, { allowHttp: true });
  await fund(t, alice, bob);
});
afterAll(() => t.net.stop());

describe('the REST face through the official SDK', () => {
  it('answers the root document for this network', async () => {
    const root = await horizon.root();
    expect(root.network_passphrase).toBe(t.net.passphrase);
    await t.net.indexed();
    expect((await horizon.root()).history_latest_ledger).toBe(t.net.ledger.latestSequence);
  });

  it('submits a payment and lists it in ledgers, transactions, operations and payments', async () => {
    const tx = await signed(t, alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '5' }),
    ]);
    const submitted = horizon.submitTransaction(tx, { skipMemoRequiredCheck: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sequence = t.net.closeLedger();
    const answer = await submitted;
    expect(answer).toMatchObject({
      successful: true,
      ledger: sequence,
      hash: Buffer.from(tx.hash()).toString('hex'),
    });

    const ledger = await horizon.ledgers().ledger(sequence).call();
    expect(ledger).toMatchObject({ sequence, successful_transaction_count: 1 });
    const payments = await horizon.payments().forTransaction(answer.hash).call();
    expect(payments.records[0]).toMatchObject({
      type: 'payment',
      from: alice.publicKey(),
      to: bob.publicKey(),
      amount: '5.0000000',
    });
    const page = await horizon.transactions().order('desc').limit(1).call();
    expect(page.records[0]?.hash).toBe(answer.hash);
    const previous = await page.next();
    expect(previous.records[0]?.hash).not.toBe(answer.hash);
    const back = await previous.prev();
    expect(back.records[0]?.hash).toBe(answer.hash);
    void TransactionBuilder;
  });
});
