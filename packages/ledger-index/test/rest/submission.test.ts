/**
 * Submission through the REST face, the seed's state table end to end: sync answers once
 * ingested (or 504 with the hash), async answers the core's word, a lookup is 404 until ingested.
 */
import { accountKey, keyId, type Sandbox, startSandbox } from '@starspec/sandbox';
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { runWorkload, type Workload } from '../support/workload.js';

let sandbox: Sandbox;
let workload: Workload;
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    submitTimeoutMs: 400,
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  workload = await runWorkload(sandbox, { rounds: 1, accounts: 6 });
  await sandbox.indexed();
});
afterAll(async () => {
  await sandbox.stop();
  expect(errors).toEqual([]);
});

/** A signed payment envelope from `source` with the sequence number after `offset` pending ones. */
async function envelope(
  source: Keypair,
  destination: string,
  amount = '1',
  offset = 0n,
): Promise<{ xdr: string; hash: string }> {
  const entry = sandbox.ledger.entry(keyId(accountKey(source.xdrAccountId())));
  const seq = entry?.data.type === 'account' ? entry.data.account.seqNum : 0n;
  const tx = new TransactionBuilder(new Account(source.publicKey(), (seq + offset).toString()), {
    fee: '100',
    networkPassphrase: sandbox.passphrase,
  })
    .addOperation(Operation.payment({ destination, asset: Asset.native(), amount }))
    .setTimeout(0)
    .build();
  tx.sign(source);
  return { xdr: tx.toEnvelope().toXDR('base64'), hash: Buffer.from(tx.hash()).toString('hex') };
}

/** Waits until the sandbox holds the transaction for its next ledger (the POST has reached it). */
async function queued(hash: string): Promise<void> {
  while (!sandbox.ledger.pending().includes(hash)) await new Promise((r) => setTimeout(r, 5));
}

function post(path: string, tx: string): Promise<Response> {
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx }),
  });
}

const account = (i: number) => workload.accounts[i] as Keypair;

describe('POST /transactions', () => {
  it('answers the transaction once its ledger is ingested', async () => {
    const { xdr, hash } = await envelope(account(0), account(1).publicKey());
    const answer = post('/transactions', xdr);
    await queued(hash);
    sandbox.closeLedger();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ hash, successful: true });
  });

  it('answers 400 with the result codes when the transaction failed in its ledger', async () => {
    const { xdr, hash } = await envelope(account(1), Keypair.random().publicKey());
    const answer = post('/transactions', xdr);
    await queued(hash);
    sandbox.closeLedger();
    const response = await answer;
    expect(response.status).toBe(400);
    const body = (await response.json()) as Json;
    expect(body.extras.result_codes).toEqual({ transaction: 'tx_failed', operations: ['op_no_destination'] });
  });

  it('answers 400 tx_bad_seq without a ledger when the core refuses it', async () => {
    const { xdr } = await envelope(account(2), account(3).publicKey(), '1', 5n);
    const response = await post('/transactions', xdr);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).extras.result_codes).toEqual({ transaction: 'tx_bad_seq' });
  });

  it('answers 504 with the hash when no ledger closes in time; the lookup is 404 until one does', async () => {
    const { xdr, hash } = await envelope(account(3), account(4).publicKey());
    const response = await post('/transactions', xdr);
    expect(response.status).toBe(504);
    expect(((await response.json()) as Json).extras.hash).toBe(hash);
    expect((await fetch(`${sandbox.url}/transactions/${hash}`)).status).toBe(404);
    sandbox.closeLedger();
    await sandbox.indexed();
    expect((await fetch(`${sandbox.url}/transactions/${hash}`)).status).toBe(200);
    // Sent again, an ingested transaction is answered from the index.
    expect((await post('/transactions', xdr)).status).toBe(200);
  });

  it('answers 400 transaction_malformed for an envelope that does not decode', async () => {
    const response = await post('/transactions', 'AAAA');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).type).toBe(
      'https://stellar.org/horizon-errors/transaction_malformed',
    );
  });
});

describe('POST /transactions_async', () => {
  it.each([
    { given: 'a new transaction', want: { status: 201, tx_status: 'PENDING' } },
    { given: 'the same envelope again', want: { status: 409, tx_status: 'DUPLICATE' } },
    {
      given: 'a second transaction of a source with one pending',
      want: { status: 503, tx_status: 'TRY_AGAIN_LATER' },
    },
    { given: 'a stale sequence number', want: { status: 400, tx_status: 'ERROR' } },
  ])('$given → $want.status $want.tx_status', async ({ given, want }) => {
    const source = account(5);
    const first = await envelope(source, account(0).publicKey());
    const tx =
      given === 'a new transaction' || given === 'the same envelope again'
        ? first
        : given === 'a stale sequence number'
          ? await envelope(source, account(0).publicKey(), '1', -3n)
          : await envelope(source, account(0).publicKey(), '2', 1n);
    const response = await post('/transactions_async', tx.xdr);
    expect(response.status).toBe(want.status);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ tx_status: want.tx_status, hash: tx.hash });
    expect('error_result_xdr' in body).toBe(want.tx_status === 'ERROR');
  });
});
