/**
 * Streams under load, counted rather than timed: idle streams cost no store query when ledgers
 * hold nothing for them, a woken stream still gets every record (one query per ledger that holds
 * some), and streams past the caps (in total, per client address) are refused with Horizon's
 * problems. The face here is the package's own, over a sandbox's closed ledgers, so that the
 * store's reads can be counted.
 */
import { validate } from '@starspec/ledger-api';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Asset, type Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Ingester } from '../../src/ingest/ingester.js';
import type { StreamLimits } from '../../src/rest/stream-slots.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { serveFace, type TestFace } from '../support/face.js';
import { type OpenStream, openStream } from '../support/sse.js';
import { runWorkload, send, type Workload } from '../support/workload.js';

let sandbox: Sandbox;
let work: Workload;
let store: IndexStore;
let ingester: Ingester;
const faces: TestFace[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  work = await runWorkload(sandbox, { rounds: 0, accounts: 3 });
  store = await IndexStore.open(openSqlite(':memory:'), sandbox.passphrase);
  ingester = new Ingester(store);
  const { network } = sandbox;
  for (const record of network.closed.range(
    network.closed.oldest()?.sequence ?? 1,
    network.ledger.latestSequence,
  ))
    await ingester.ingest(record.closed.meta);
  network.onClose((record) => {
    ingester.ingest(record.closed.meta).catch((error) => {
      throw error;
    });
  });
});
afterAll(async () => {
  for (const served of faces) await served.stop();
  await sandbox?.stop();
  await ingester?.idle();
  await store?.close();
});

/** A REST face over the test's index, with these caps. */
async function face(limits: StreamLimits = {}): Promise<string> {
  const served = await serveFace(ingester, limits);
  faces.push(served);
  return served.url;
}

/** Closes a ledger in the sandbox and waits until the index has it (and its listeners were told). */
async function close(payments: [Keypair, Keypair][] = []): Promise<string[]> {
  const hashes = payments.map(([from, to]) =>
    send(sandbox, from, [
      Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount: '1' }),
    ]),
  );
  sandbox.closeLedger();
  await ingester.idle();
  return hashes;
}

/** The store reads the streams make, counted (the sentinel `/ledgers` stream's pages left out). */
function countReads() {
  const page = vi.spyOn(store, 'page');
  const account = vi.spyOn(store.state, 'account');
  const offers = vi.spyOn(store.state, 'listOffers');
  const entries = vi.spyOn(store, 'entriesOf');
  return {
    /** Reads whose query names `subject` (in its parameters), or every read but the ledgers' pages. */
    count(subject?: string) {
      const pages = page.mock.calls.filter(([query]) =>
        subject === undefined ? query.table !== 'ledgers' : query.params?.includes(subject),
      );
      const others = [...account.mock.calls, ...offers.mock.calls, ...entries.mock.calls].filter(
        (args) => subject === undefined || JSON.stringify(args).includes(subject),
      );
      return pages.length + others.length;
    },
    restore() {
      for (const spy of [page, account, offers, entries]) spy.mockRestore();
    },
  };
}

describe('idle streams', () => {
  it('make no store query for ledgers that hold nothing for them', async () => {
    const url = await face();
    const [alice, bob, carol] = work.accounts as [Keypair, Keypair, Keypair];
    const id = carol.publicKey();
    const firstTx = work.hashes[0] as string;
    const idle = [
      `/accounts/${id}`,
      `/accounts/${id}/data/none`,
      `/accounts/${id}/transactions?cursor=now`,
      `/accounts/${id}/operations?cursor=now`,
      `/accounts/${id}/payments?cursor=now`,
      `/accounts/${id}/effects?cursor=now`,
      `/accounts/${id}/trades?cursor=now`,
      `/accounts/${id}/offers`,
      `/transactions/${firstTx}/operations`,
      `/transactions/${firstTx}/effects`,
      `/ledgers/2/operations`,
      `/trades?cursor=now`,
      `/offers/7/trades?cursor=now`,
      `/liquidity_pools/${'ab'.repeat(32)}/operations?cursor=now`,
      `/claimable_balances/${'00'.repeat(36)}/transactions?cursor=now`,
    ];
    const streams: OpenStream[] = [];
    for (const path of idle) streams.push(await openStream(`${url}${path}`));
    // The data entry does not exist: a 404, not a stream; the others are open.
    expect(streams.map((s) => s.status)).toEqual(idle.map((path) => (path.includes('/data/') ? 404 : 200)));
    const sentinel = await openStream(`${url}/ledgers?cursor=now`);
    const reads = countReads();
    try {
      // Three ledgers: an empty one, then payments between alice and bob only.
      await close();
      await close([[alice, bob]]);
      await close([[bob, alice]]);
      // The sentinel is told last of every ledger: by the time it has sent them all, every other
      // stream has been told too (and would have asked the store).
      await sentinel.records(3);
      expect(reads.count()).toBe(0);
    } finally {
      reads.restore();
      for (const stream of [...streams, sentinel]) stream.close();
    }
  });
});

describe('a woken stream', () => {
  it('gets every record, with one query per ledger that holds some', async () => {
    const url = await face();
    const [alice, bob, carol] = work.accounts as [Keypair, Keypair, Keypair];
    const id = bob.publicKey();
    const payments = await openStream(`${url}/accounts/${id}/payments?cursor=now&limit=3`);
    const account = await openStream(`${url}/accounts/${id}`);
    await account.records(1);
    const reads = countReads();
    const sent: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        await close(); // nothing for bob
        await close([[alice, carol]]); // nor this
        sent.push(...(await close([[alice, bob]])));
        await payments.records(i + 1);
        await account.records(i + 2);
      }
      await payments.ended;
      const hashes = (await payments.records(3)).map(
        (e) => (e.data as { transaction_hash: string }).transaction_hash,
      );
      expect(hashes).toEqual(sent);
      // 9 ledgers: 3 with a payment to bob, 3 pages and 3 reads of his account.
      expect(reads.count(id)).toBe(6);
    } finally {
      reads.restore();
      payments.close();
      account.close();
    }
  });
});

describe('the stream caps', () => {
  /** The problem a refused stream gets, checked against the contract. */
  async function refusal(stream: OpenStream) {
    await stream.ended;
    expect(stream.type).toMatch(/^application\/problem\+json/);
    expect(validate.response('listLedgers', stream.status, stream.body).errors).toEqual([]);
    return stream.body;
  }

  it('refuses a client past its own cap with 429 rate_limit_exceeded, others still stream', async () => {
    const url = await face({ maxStreams: 10, maxStreamsPerClient: 2 });
    // Streams whose first page is refused hold no slot.
    for (let i = 0; i < 3; i++) expect((await openStream(`${url}/operations?cursor=abc`)).status).toBe(400);
    const mine = [
      await openStream(`${url}/ledgers?cursor=now`),
      await openStream(`${url}/ledgers?cursor=now`),
    ];
    const third = await openStream(`${url}/ledgers?cursor=now`);
    const other = await openStream(`${url}/ledgers?cursor=now`, '127.0.0.2');
    try {
      expect(mine.map((s) => s.status)).toEqual([200, 200]);
      expect(third.status).toBe(429);
      expect(await refusal(third)).toMatchObject({
        type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
        status: 429,
      });
      expect(other.status).toBe(200);
      // Plain requests are not streams: not capped.
      expect((await fetch(`${url}/ledgers?limit=1`)).status).toBe(200);
    } finally {
      for (const stream of [...mine, other]) stream.close();
    }
  });

  it('refuses any stream past the total with 503 service_unavailable, and takes one again once a stream ends', async () => {
    const url = await face({ maxStreams: 2, maxStreamsPerClient: 10 });
    // One stream ends after the next ledger's record, the other stays open.
    const ending = await openStream(`${url}/ledgers?cursor=now&limit=1`);
    const open = await openStream(`${url}/ledgers?cursor=now`, '127.0.0.2');
    const refused = await openStream(`${url}/ledgers?cursor=now`, '127.0.0.3');
    try {
      expect([ending.status, open.status]).toEqual([200, 200]);
      expect(refused.status).toBe(503);
      expect(await refusal(refused)).toMatchObject({
        type: 'https://stellar.org/horizon-errors/service_unavailable',
        status: 503,
      });
      await close();
      await ending.ended;
      const again = await openStream(`${url}/ledgers?cursor=now`, '127.0.0.3');
      expect(again.status).toBe(200);
      again.close();
    } finally {
      open.close();
    }
  });
});
