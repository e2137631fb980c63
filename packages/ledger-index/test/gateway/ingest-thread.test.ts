/**
 * The gateway ingests in a worker thread with its own connection, so the serving thread answers
 * while a write transaction is open: with the ingestion thread's first ingesting transaction held
 * open (test/support/held-ingest-worker.mjs), requests are answered, from what was committed
 * before, and nothing is reported ingested until it commits; then progress and streams hear of
 * the ledgers by message, and so does a submission waiting for its transaction. A thread that
 * dies ends the gateway with an error that says so. The threads run dist (build first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Account, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../src/gateway/gateway.js';
import { HELD_WORKER, heldIngest } from '../support/held-ingest.js';
import { INGEST_WORKER } from '../support/ingest-worker.js';
import { getJson } from '../support/json.js';
import { openStream } from '../support/sse.js';

const CRASHING_WORKER = new URL('../support/crashing-ingest-worker.mjs', import.meta.url);
const LEDGERS = 12;

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  for (let i = 0; i < LEDGERS; i++) sandbox.closeLedger();
  dir = mkdtempSync(join(tmpdir(), 'ingest-thread-'));
});
afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Event = 'held' | `ingested ${number}` | `answered ${string}`;

describe('ingestion in a worker thread', () => {
  it('answers requests while its write transaction is open, and reports ledgers once committed', async () => {
    const events: Event[] = [];
    const { held, release, close } = heldIngest(() => events.push('held'));
    const latest = sandbox.ledger.latestSequence;
    let ingested: (ledger: number) => void = () => undefined;
    const someIngested = new Promise<void>((resolve) => {
      ingested = () => resolve();
    });
    const allIngested = new Promise<void>((resolve) => {
      const first = ingested;
      ingested = (ledger) => {
        first(ledger);
        if (ledger === latest) resolve();
      };
    });
    const errors: unknown[] = [];
    let gateway: Gateway | undefined;
    try {
      gateway = await startGateway({
        rpcUrl: sandbox.rpcUrl,
        database: join(dir, 'held.sqlite'),
        ingestWorker: HELD_WORKER,
        batchLedgers: 200,
        pollMs: 20,
        onProgress: (ledger) => {
          events.push(`ingested ${ledger}`);
          ingested(ledger);
        },
        onError: (error) => errors.push(error),
      });
      // Held, or (ingesting on the serving thread, as before) reported ingested without a hold.
      await Promise.race([held, someIngested]);
      expect(events[0]).toBe('held');

      const root = await getJson(gateway.url, '/');
      events.push(`answered ${root.status}`);
      const ledgers = await getJson(gateway.url, '/ledgers?order=desc&limit=1');
      events.push(`answered ${ledgers.status}`);
      expect(ledgers.body._embedded.records).toEqual([]);
      const stream = await openStream(`${gateway.url}/ledgers?cursor=now`);
      expect(stream.status).toBe(200);
      expect(events).toEqual(['held', 'answered 200', 'answered 200']);

      release();
      const [first] = await stream.records(1);
      stream.close();
      expect((first?.data as { sequence?: number } | undefined)?.sequence).toBeGreaterThan(0);
      await allIngested;
      const after = await getJson(gateway.url, '/ledgers?order=desc&limit=1');
      expect(after.body._embedded.records[0].sequence).toBe(latest);
      expect(errors).toEqual([]);
    } finally {
      close();
      await gateway?.stop();
    }
  });

  it('ends the gateway when its ingestion thread dies, saying so', async () => {
    let ingested: (ledger: number) => void = () => undefined;
    const someIngested = new Promise<string>((resolve) => {
      ingested = (ledger) => resolve(`ingested ${ledger}`);
    });
    const gateway = await startGateway({
      rpcUrl: sandbox.rpcUrl,
      database: join(dir, 'crash.sqlite'),
      ingestWorker: CRASHING_WORKER,
      pollMs: 20,
      onProgress: (ledger) => ingested(ledger),
      onError: () => undefined,
    });
    try {
      // Ended, or (ingesting on the serving thread, as before) a ledger ingested.
      const ended = gateway.following.then(
        () => 'stopped',
        (error: Error) => error.message,
      );
      expect(await Promise.race([ended, someIngested])).toBe('the ingestion thread stopped (exit code 3)');
      // Serving goes on until the command (cli.ts) stops it on the rejection.
      expect((await getJson(gateway.url, '/')).status).toBe(200);
    } finally {
      await gateway.stop();
    }
  });

  it("answers a submission once the thread has committed its transaction's ledger", async () => {
    const errors: unknown[] = [];
    const gateway = await startGateway({
      rpcUrl: sandbox.rpcUrl,
      database: join(dir, 'submit.sqlite'),
      ingestWorker: INGEST_WORKER,
      pollMs: 20,
      onError: (error) => errors.push(error),
    });
    try {
      const { root } = sandbox.ledger;
      const account = await getJson(gateway.url, `/accounts/${root.publicKey()}`);
      const tx = new TransactionBuilder(new Account(root.publicKey(), account.body.sequence), {
        fee: '100',
        networkPassphrase: sandbox.passphrase,
      })
        .addOperation(
          Operation.createAccount({ destination: Keypair.random().publicKey(), startingBalance: '10' }),
        )
        .setTimeout(0)
        .build();
      tx.sign(root);
      const hash = Buffer.from(tx.hash()).toString('hex');
      const answer = fetch(`${gateway.url}/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tx: tx.toEnvelope().toXDR('base64') }),
      });
      // Queued by the gateway's sendTransaction, then closed into a ledger the thread ingests (unless
      // the sandbox closed one with it already).
      let answered = false;
      void answer.then(() => {
        answered = true;
      });
      for (let tries = 0; !answered && !sandbox.ledger.pending().includes(hash); tries++) {
        expect(tries).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (sandbox.ledger.pending().includes(hash)) sandbox.closeLedger();
      const response = await answer;
      expect(response.status).toBe(200);
      expect(((await response.json()) as { hash: string }).hash).toBe(hash);
      expect(errors).toEqual([]);
    } finally {
      await gateway.stop();
    }
  });
});
