/**
 * The history retention (Horizon's reaper), on SQLite and PostgreSQL: the rows of every history
 * table before the window go, state stays, the elder ledger moves, the tables stay as large as the
 * window, and the REST face answers as Horizon's does for what went: 410 before_history for a
 * ledger, an operation or a descending cursor before the elder ledger, 404 for a transaction's hash.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Asset, Claimant, type Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reaper } from '../../src/ingest/reaper.js';
import { createLedgerApiListener } from '../../src/rest/face.js';
import type { LedgerSource } from '../../src/source.js';
import type { SqlDriver } from '../../src/store/driver.js';
import { HISTORY_TABLES } from '../../src/store/history-trim.js';
import { ENGINES } from '../support/databases.js';
import { getJson } from '../support/json.js';
import { type TestLedger, testLedger } from '../support/ledger.js';

const KEPT = 4;
const ROUNDS = 16;

describe.each(ENGINES.filter((engine) => engine.available))('on $name', (engine) => {
  let t: TestLedger;
  let driver: SqlDriver;
  let reaper: Reaper;
  let server: Server;
  let url: string;
  /** A transaction, an operation and an account of the first ledgers, which the reaper deletes. */
  let reapedHash: string;
  let reapedOperation: string;
  let aliceId: string;
  const reapErrors: unknown[] = [];
  /** Each history table's rows after round 8 and after the last round. */
  const counts: Record<string, number>[] = [];

  /** One round of two ledgers, the same each time: a payment, offers that cross (a trade), a claimable balance. */
  async function round(accounts: Record<'issuer' | 'alice' | 'bob' | 'carol', Keypair>, usd: Asset) {
    const { alice, bob, carol } = accounts;
    t.send(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
      Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '1', price: '1' }),
    ]);
    await t.close();
    t.send(bob, [
      Operation.manageBuyOffer({ selling: Asset.native(), buying: usd, buyAmount: '1', price: '1' }),
    ]);
    t.send(carol, [
      Operation.createClaimableBalance({
        asset: Asset.native(),
        amount: '1',
        claimants: [new Claimant(alice.publicKey())],
      }),
    ]);
    reaper.request(await t.close());
    await reaper.idle();
  }

  beforeAll(async () => {
    driver = (await engine.open()).driver;
    t = await testLedger({ driver });
    reaper = new Reaper(t.store, { ledgers: KEPT, batchLedgers: 2 }, (e) => reapErrors.push(e));
    const [issuer, alice, bob, carol] = (await t.accounts(4)) as [Keypair, Keypair, Keypair, Keypair];
    const usd = new Asset('USD', issuer.publicKey());
    reapedHash = t.send(alice, [Operation.changeTrust({ asset: usd })]);
    t.send(bob, [Operation.changeTrust({ asset: usd })]);
    // Its first operation: TOID (ledger, transaction 1, operation 1).
    reapedOperation = String((BigInt(await t.close()) << 32n) | (1n << 12n) | 1n);
    aliceId = alice.publicKey();
    t.send(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '1000' })]);
    await t.close();
    for (let i = 1; i <= ROUNDS; i++) {
      await round({ issuer, alice, bob, carol }, usd);
      if (i === ROUNDS / 2 || i === ROUNDS) counts.push(await t.store.historyCounts());
    }
    const source: LedgerSource = {
      passphrase: t.network.passphrase,
      serverVersion: 'test',
      status: async () => ({ coreVersion: 'test', latestLedger: 0, protocolVersion: 23 }),
      submit: async () => {
        throw new Error('not in this test');
      },
    };
    const listener = createLedgerApiListener({
      store: t.store,
      source,
      awaitIngested: async () => false,
      onLedger: () => () => undefined,
      validateResponses: true,
    });
    server = createServer((req, res) => listener(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await t?.store.close();
    expect(reapErrors).toEqual([]);
  });

  const latest = () => t.network.ledger.latestSequence;
  const elder = () => latest() - KEPT + 1;

  describe('the history retention', () => {
    it('keeps the last ledgers and moves the elder ledger', async () => {
      expect(await t.store.oldestLedger()).toBe(elder());
      expect(await t.store.latestLedger()).toBe(latest());
      const root = await getJson(url, '/');
      expect(root.body.history_elder_ledger).toBe(elder());
      expect(root.body.history_latest_ledger).toBe(latest());
    });

    it('leaves no row of any history table before the elder ledger', async () => {
      const before = BigInt(elder()) << 32n;
      const columns: Record<string, string> = {
        effects: 'operation_id',
        trade_accounts: 'operation_id',
        trades: 'operation_id',
        participants: 'id',
        operations: 'id',
        transactions: 'id',
      };
      for (const [table, column] of Object.entries(columns)) {
        const [row] = await driver.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} < ?`, [before]);
        expect(Number(row?.n), table).toBe(0);
      }
      for (const table of ['transactions', 'operations', 'effects', 'trades']) {
        const [row] = await driver.query(`SELECT MIN(ledger) AS m FROM ${table}`);
        expect(Number(row?.m), table).toBeGreaterThanOrEqual(elder());
      }
    });

    it('bounds every history table: as many rows after 16 rounds as after 8', () => {
      const [half, full] = counts;
      expect(Object.keys(full ?? {}).sort()).toEqual([...HISTORY_TABLES].sort());
      for (const table of HISTORY_TABLES) expect(full?.[table], table).toBeGreaterThan(0);
      expect(full?.ledgers).toBe(KEPT);
      expect(full).toEqual(half);
    });

    it('answers 410 before_history for a ledger or a descending cursor before the elder ledger', async () => {
      const gone = await getJson(url, `/ledgers/${elder() - 1}`);
      expect(gone.status).toBe(410);
      expect(gone.body.type).toBe('https://stellar.org/horizon-errors/before_history');
      expect((await getJson(url, `/ledgers/${elder()}`)).status).toBe(200);
      const cursor = String(BigInt(elder()) << 32n);
      for (const collection of ['ledgers', 'transactions', 'operations', 'effects', 'payments']) {
        const page = await getJson(url, `/${collection}?order=desc&cursor=${cursor}`);
        expect(page.status, collection).toBe(410);
        expect(page.body.type, collection).toBe('https://stellar.org/horizon-errors/before_history');
      }
    });

    it('answers 410 for an operation before the elder ledger, 404 for a transaction hash (as Horizon)', async () => {
      const operation = await getJson(url, `/operations/${reapedOperation}`);
      expect(operation.status).toBe(410);
      expect(operation.body.type).toBe('https://stellar.org/horizon-errors/before_history');
      expect((await getJson(url, `/transactions/${reapedHash}`)).status).toBe(404);
    });

    it('keeps the current state the reaped ledgers made', async () => {
      const balances = await getJson(url, `/claimable_balances?claimant=${aliceId}&limit=200`);
      expect(balances.status).toBe(200);
      expect(balances.body._embedded.records).toHaveLength(ROUNDS);
      const [row] = await driver.query('SELECT COUNT(*) AS n FROM accounts WHERE id = ?', [aliceId]);
      expect(Number(row?.n)).toBe(1);
    });

    it('starts an ascending page before the elder ledger at the elder ledger (no 410)', async () => {
      const page = await getJson(url, '/ledgers?order=asc&cursor=1&limit=200');
      expect(page.status).toBe(200);
      expect(page.body._embedded.records.map((r: { sequence: number }) => r.sequence)).toEqual(
        Array.from({ length: KEPT }, (_, i) => elder() + i),
      );
    });
  });
});
