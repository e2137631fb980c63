/**
 * A gateway started at the sandbox's latest ledger, after the state it is asked about was made
 * (support/differential/late-gateway.ts): each single-entry endpoint answers as the sandbox's own
 * face does, reading what its index has not seen through getLedgerEntries; an account whose
 * subentries it cannot all know, and an offer made before it, are a still_ingesting problem, not
 * a record missing parts; bad ids get Horizon's 400; a failing RPC server a 503. A gateway started
 * from the sandbox's history archive (support/differential/archive-gateway.ts) holds the whole
 * state: every list endpoint and every single entry answers as the sandbox's face, on each engine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Horizon, Keypair, StrKey } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Gateway } from '../../src/gateway/gateway.js';
import { type Row, Walker } from '../support/crawl.js';
import { ENGINES, freshPostgres } from '../support/databases.js';
import {
  comparableAnswer,
  entryPaths,
  listPaths,
  stateAfterCheckpoint,
  stateUpToCheckpoint,
} from '../support/differential/archive-gateway.js';
import { caughtUp, caughtUpGateway } from '../support/differential/faces.js';
import {
  type LateState,
  stateAfterGateway,
  stateBeforeGateway,
} from '../support/differential/late-gateway.js';

let sandbox: Sandbox;
let gateway: Gateway;
let s: LateState;
/** Offers and the claimable balance, by what made them. */
const ids: Record<string, string> = {};
const errors: unknown[] = [];

const own = () => new Walker(sandbox.url);
const theirs = () => new Walker(gateway.url);

async function firstRecord(path: string): Promise<Row> {
  const { body } = await own().get(path);
  const record = (body as Row)._embedded.records[0];
  expect(record, path).toBeDefined();
  return record;
}

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    validateResults: true,
    onError: (e) => errors.push(e),
  });
  s = await stateBeforeGateway(sandbox.network);
  gateway = await caughtUpGateway(sandbox, errors, { from: sandbox.ledger.latestSequence });
  await stateAfterGateway(s);
  await caughtUp(sandbox, gateway);
  ids.bobOffer = (await firstRecord(`/accounts/${s.bob.publicKey()}/offers`)).id;
  ids.carolOffer = (await firstRecord(`/accounts/${s.carol.publicKey()}/offers`)).id;
  ids.balance = (await firstRecord(`/claimable_balances?claimant=${s.bob.publicKey()}`)).id;
});

afterAll(async () => {
  await gateway?.stop();
  await sandbox?.stop();
});

describe('a gateway started after the state it is asked about', () => {
  it('began after that state was made: its index holds none of the entries read by key', async () => {
    expect(await gateway.store.oldestLedger()).toBeGreaterThan(3);
    expect(await gateway.store.state.account(s.alice.publicKey())).toBeUndefined();
    expect(await gateway.store.state.claimableBalance(ids.balance as string)).toBeUndefined();
    expect(await gateway.store.state.liquidityPool(s.poolId)).toBeUndefined();
  });

  it('answers each single entry the sandbox face answers, as it does', async () => {
    const paths = [
      // getLedgerEntries alone: signers (one sponsored), thresholds, no subentry besides them.
      `/accounts/${s.alice.publicKey()}`,
      // The account entry from the RPC, its trust line's key from the index (paid since).
      `/accounts/${s.frank.publicKey()}`,
      // Every entry changed since the gateway started: its index.
      `/accounts/${s.carol.publicKey()}`,
      `/accounts/${s.issuer.publicKey()}`,
      `/accounts/${s.bob.publicKey()}/data/note`,
      `/accounts/${s.bob.publicKey()}/data/later`,
      `/accounts/${s.erin.publicKey()}/data/sponsored`,
      `/claimable_balances/${ids.balance}`,
      `/liquidity_pools/${s.poolId}`,
      `/offers/${ids.carolOffer}`,
    ];
    const [mine, gateways] = [own(), theirs()];
    for (const path of paths) {
      const expected = await mine.get(path);
      expect(expected.status, path).toBe(200);
      expect(await gateways.get(path), path).toEqual(expected);
    }
    expect(errors).toEqual([]);
  });

  it("works with the SDK's loadAccount", async () => {
    const server = new Horizon.Server(gateway.url, { allowHttp: true });
    const reference = new Horizon.Server(sandbox.url, { allowHttp: true });
    for (const kp of [s.alice, s.frank]) {
      const account = await server.loadAccount(kp.publicKey());
      expect(account.sequenceNumber()).toBe((await reference.loadAccount(kp.publicKey())).sequenceNumber());
      expect(account.balances).toEqual((await reference.loadAccount(kp.publicKey())).balances);
    }
  });

  it('answers still_ingesting, not a record missing parts, where its entries cannot all be known', async () => {
    const gateways = theirs();
    for (const [kp, unknown] of [
      [s.bob, 3], // its trust line, data entry and offer (its account entry changed since: the index holds it)
      [s.dave, 3], // its USD trust line and its pool share trust line (2)
      [s.erin, 1], // its sponsored data entry
    ] as const) {
      const path = `/accounts/${kp.publicKey()}`;
      expect((await own().get(path)).status, path).toBe(200);
      const answer = await gateways.get(path);
      expect(answer.status, path).toBe(503);
      expect(answer.body, path).toMatchObject({
        type: 'https://stellar.org/horizon-errors/still_ingesting',
        status: 503,
        extras: { account_id: kp.publicKey(), unknown_subentries: unknown },
      });
    }
    const offer = await gateways.get(`/offers/${ids.bobOffer}`);
    expect(offer.status).toBe(503);
    expect(offer.body).toMatchObject({ type: 'https://stellar.org/horizon-errors/still_ingesting' });
  });

  it("answers Horizon's 404 where both faces know there is nothing", async () => {
    const paths = [
      `/accounts/${Keypair.random().publicKey()}`,
      `/accounts/${s.alice.publicKey()}/data/none`,
      `/accounts/${s.alice.publicKey()}/data/${'é'.repeat(40)}`,
      `/claimable_balances/${'0'.repeat(72)}`,
      `/liquidity_pools/${'0'.repeat(64)}`,
      // Past every offer id given out: never made.
      '/offers/9000000000',
      '/offers/9223372036854775808',
    ];
    for (const path of paths) {
      const [mine, gateways] = [await own().get(path), await theirs().get(path)];
      expect(mine.status, path).toBe(404);
      expect(gateways, path).toEqual(mine);
    }
  });

  it("answers bad ids with Horizon's invalid_field problem on both faces", async () => {
    const key = s.alice.publicKey();
    // A character changed in the middle: the pattern holds, the checksum does not.
    const badChecksum = `${key.slice(0, 20)}${key[20] === 'A' ? 'B' : 'A'}${key.slice(21)}`;
    expect(StrKey.isValidEd25519PublicKey(badChecksum)).toBe(false);
    const cases: [string, string][] = [
      [`/accounts/${badChecksum}`, 'account_id'],
      [`/accounts/${badChecksum}/data/note`, 'account_id'],
      [`/claimable_balances/00000001${'ab'.repeat(32)}`, 'id'],
      [`/claimable_balances/${ids.balance?.slice(0, 70)}`, 'id'],
    ];
    for (const [path, field] of cases) {
      const [mine, gateways] = [await own().get(path), await theirs().get(path)];
      expect(mine.status, path).toBe(400);
      expect((mine.body as Row).extras.invalid_field, path).toBe(field);
      expect(gateways, path).toEqual(mine);
    }
  });
});

describe('a gateway whose RPC server fails getLedgerEntries', () => {
  let proxy: Server;
  let failing: Gateway;

  beforeAll(async () => {
    // Forwards every call to the sandbox but getLedgerEntries, which gets an internal error.
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const call = JSON.parse(body) as { id: unknown; method: string };
      res.setHeader('content-type', 'application/json');
      if (call.method === 'getLedgerEntries') {
        res.end(
          JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32603, message: 'core is down' } }),
        );
        return;
      }
      const answer = await fetch(sandbox.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.end(await answer.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    failing = await caughtUpGateway(sandbox, [], {
      rpcUrl: `http://127.0.0.1:${port}/rpc`,
      from: sandbox.ledger.latestSequence,
    });
  });

  afterAll(async () => {
    await failing?.stop();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it('answers 503 service_unavailable, not a 500 or a 404', async () => {
    const gateways = new Walker(failing.url);
    for (const path of [
      `/accounts/${s.alice.publicKey()}`,
      `/accounts/${s.bob.publicKey()}/data/note`,
      `/claimable_balances/${ids.balance}`,
      `/liquidity_pools/${s.poolId}`,
    ]) {
      const answer = await gateways.get(path);
      expect(answer.status, path).toBe(503);
      expect(answer.body, path).toMatchObject({
        type: 'https://stellar.org/horizon-errors/service_unavailable',
      });
    }
  });
});

describe('gateways started from the history archive', () => {
  let checkpoint: number;
  let deletedOffer: string;
  const started: Gateway[] = [];

  beforeAll(async () => {
    ({ checkpoint, deletedOffer } = await stateUpToCheckpoint(sandbox, s));
    await stateAfterCheckpoint(s);
  });

  afterAll(async () => {
    for (const g of started) await g.stop();
  });

  for (const engine of ENGINES.filter((e) => e.available))
    it(`answers every list endpoint and single entry as the sandbox face (${engine.name})`, async () => {
      const database = engine.name === 'postgres' ? await freshPostgres(inject('postgresUrl')) : ':memory:';
      const progress: number[] = [];
      const archived = await caughtUpGateway(sandbox, errors, {
        historyArchive: `${sandbox.url}/archive`,
        database,
        onArchiveProgress: ({ read }) => progress.push(read),
      });
      started.push(archived);
      const { store } = archived;
      expect(await store.stateLedger()).toBe(checkpoint);
      expect(await store.oldestLedger()).toBe(checkpoint + 1);
      expect(progress.at(-1)).toBeGreaterThan(0);

      const [mine, gateways] = [own(), new Walker(archived.url)];
      const ids = { offers: [] as string[], balances: [] as string[] };
      const paths = listPaths(s);
      // Records last changed up to the checkpoint (from the buckets) and after it (from the RPC).
      const changed = { upTo: 0, after: 0 };
      for (const path of paths) {
        const expected = await mine.get(path);
        expect(expected.status, path).toBe(200);
        const records = (expected.body as Row)._embedded?.records ?? [];
        for (const r of records as Row[])
          if (r.last_modified_ledger !== undefined)
            changed[r.last_modified_ledger <= checkpoint ? 'upTo' : 'after'] += 1;
        if (path.startsWith('/offers?')) ids.offers.push(...records.map((r: Row) => r.id));
        if (path.startsWith('/claimable_balances?')) ids.balances.push(...records.map((r: Row) => r.id));
        expect(comparableAnswer(await gateways.get(path), expected, checkpoint, path), path).toEqual(
          expected,
        );
      }
      expect(changed.upTo).toBeGreaterThan(10);
      expect(changed.after).toBeGreaterThan(0);
      // Each filter finds something: the comparison is not of empty pages.
      for (const path of paths.filter((p) => !p.startsWith('/order_book')))
        expect(((await mine.get(path)).body as Row)._embedded.records.length, path).toBeGreaterThan(0);
      for (const path of entryPaths(s, {
        offers: [...new Set(ids.offers)],
        balances: [...new Set(ids.balances)],
      })) {
        const expected = await mine.get(path);
        expect(expected.status, path).toBe(200);
        expect(comparableAnswer(await gateways.get(path), expected, checkpoint, path), path).toEqual(
          expected,
        );
      }
      // Gone before the checkpoint (an offer, a data entry never made): 404 on both faces.
      for (const path of [`/offers/${deletedOffer}`, `/accounts/${s.alice.publicKey()}/data/none`]) {
        const expected = await mine.get(path);
        expect(expected.status, path).toBe(404);
        expect(await gateways.get(path), path).toEqual(expected);
      }
      expect(errors).toEqual([]);
    });
});
