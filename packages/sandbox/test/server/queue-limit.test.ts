// The queue's bound seen through the faces: sendTransaction answers what stellar-rpc relays from
// stellar-core (ERROR txINSUFFICIENT_FEE with the fee that would do, TRY_AGAIN_LATER for a banned
// transaction), an evicted transaction is NOT_FOUND and its waiters hear at once, and the REST
// face's POST /transactions maps the same answers as Horizon (400 transaction_failed, 503).
import { Keypair, Memo, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, result, type TestSandbox, testSandbox } from '../support/sandbox.js';

let t: TestSandbox;
const accounts = Array.from({ length: 5 }, () => Keypair.random());
const [a, b, c, d, e] = accounts as [Keypair, Keypair, Keypair, Keypair, Keypair];

beforeAll(async () => {
  // Ledgers of 2 operations: the queue holds 4.
  t = await testSandbox({ closeEvery: 'manual', maxTxSetSize: 2, friendbot: { channels: 2 } });
  for (let i = 0; i < accounts.length; i += 2) await fund(t, ...accounts.slice(i, i + 2));
});
afterAll(async () => {
  await t.net.stop();
  expect(t.errors).toEqual([]);
});

/** A one-operation transaction from `source` at its next sequence number. */
async function bumpTx(source: Keypair, options: { fee?: string; memo?: string } = {}) {
  const account = await t.server.getAccount(source.publicKey());
  const builder = new TransactionBuilder(account, {
    fee: options.fee ?? '100',
    networkPassphrase: t.net.passphrase,
  });
  builder.addOperation(Operation.bumpSequence({ bumpTo: '0' })).setTimeout(3600);
  if (options.memo) builder.addMemo(Memo.text(options.memo));
  const tx = builder.build();
  tx.sign(source);
  return tx;
}

async function send(envelope: string) {
  return result<{ status: string; hash: string; errorResultXdr?: string }>(t.net, 'sendTransaction', {
    transaction: envelope,
  });
}

async function postTransaction(envelope: string) {
  const response = await fetch(`${t.net.url}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: envelope }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a full queue through the faces', () => {
  it('refuses, evicts and bans as stellar-core; evicted transactions are NOT_FOUND', async () => {
    const queued = await Promise.all([a, b, c, d].map((kp) => bumpTx(kp)));
    for (const tx of queued) expect((await send(tx.toXDR())).status).toBe('PENDING');

    // The same fee: ERROR txINSUFFICIENT_FEE, feeCharged the fee that would evict.
    const same = await bumpTx(e);
    const refused = await send(same.toXDR());
    expect(refused.status).toBe('ERROR');
    const refusal = xdr.TransactionResult.fromXdr(refused.errorResultXdr as string, 'base64');
    expect(refusal.result.type).toBe('txInsufficientFee');
    expect(refusal.feeCharged).toBe(101n);

    // Banned now: the same envelope again is TRY_AGAIN_LATER, which Horizon answers 503.
    expect((await send(same.toXDR())).status).toBe('TRY_AGAIN_LATER');
    expect((await postTransaction(same.toXDR())).status).toBe(503);

    // Another at the same fee through the REST face: 400 transaction_failed, tx_insufficient_fee.
    const failed = await postTransaction((await bumpTx(e, { memo: 'another' })).toXDR());
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/transaction_failed',
      extras: { result_codes: { transaction: 'tx_insufficient_fee' } },
    });

    // A higher fee evicts the cheapest: whoever waits for it hears at once, before any close.
    const heard = new Map<string, boolean>();
    for (const tx of queued) {
      const hash = Buffer.from(tx.hash()).toString('hex');
      void t.net.network.inclusion(hash).then((landed) => heard.set(hash, landed === undefined));
    }
    const richer = await bumpTx(e, { fee: '200' });
    expect((await send(richer.toXDR())).status).toBe('PENDING');
    const evicted = queued
      .map((tx) => Buffer.from(tx.hash()).toString('hex'))
      .filter((h) => !t.net.ledger.pending().includes(h));
    expect(evicted).toHaveLength(1);
    expect([...heard]).toEqual([[evicted[0], true]]);

    // The rest land; the evicted one never does.
    t.net.closeLedger();
    t.net.closeLedger();
    expect(t.net.ledger.pending()).toEqual([]);
    const answer = await result<{ status: string }>(t.net, 'getTransaction', { hash: evicted[0] });
    expect(answer.status).toBe('NOT_FOUND');
    for (const tx of [...queued, richer]) {
      const hash = Buffer.from(tx.hash()).toString('hex');
      if (hash === evicted[0]) continue;
      expect((await result<{ status: string }>(t.net, 'getTransaction', { hash })).status).toBe('SUCCESS');
    }
  });
});
