/**
 * The index on each engine: the same ledgers ingested into SQLite and PostgreSQL answer the same
 * pages; ingestion is idempotent and refuses gaps and other networks.
 */
import { Asset, type Keypair, Operation } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { IndexStore, IndexStoreError, type PageQuery } from '../../src/store/index-store.js';
import { SCHEMA_VERSION } from '../../src/store/schema.js';
import { ENGINES } from '../support/databases.js';
import { type TestLedger, testLedger } from '../support/ledger.js';

async function workload(t: TestLedger): Promise<void> {
  const accounts = await t.accounts(4);
  for (let round = 0; round < 3; round++) {
    accounts.forEach((kp, i) => {
      const to = (accounts[(i + 1) % accounts.length] as Keypair).publicKey();
      t.send(kp, [
        Operation.payment({
          destination: to,
          asset: Asset.native(),
          amount: round === 2 && i === 0 ? '99999' : '1',
        }),
      ]);
    });
    await t.close();
  }
}

const QUERIES: { given: string; query: PageQuery }[] = [
  { given: 'ledgers ascending', query: { table: 'ledgers', order: 'asc', limit: 200 } },
  { given: 'transactions descending', query: { table: 'transactions', order: 'desc', limit: 200 } },
  {
    given: 'operations after a cursor',
    query: { table: 'operations', order: 'asc', limit: 3, after: [4n << 32n] },
  },
  {
    given: 'failed transactions only',
    query: { table: 'transactions', where: ['successful = 0'], order: 'asc', limit: 10 },
  },
];

const lastBatch = (t: TestLedger) => {
  const latest = t.network.closed.latest();
  if (!latest) throw new Error('nothing closed');
  return deriveBatch(readClosedLedger(latest.closed.meta, t.network.passphrase));
};

describe.each(ENGINES)('the index on $name', (engine) => {
  it.skipIf(!engine.available)('answers the same pages as SQLite', async () => {
    const { driver } = await engine.open();
    const t = await testLedger({ driver });
    await workload(t);
    const reference = await testLedger();
    for (const record of t.network.closed.range(2, t.network.ledger.latestSequence))
      await reference.store.ingest(deriveBatch(readClosedLedger(record.closed.meta, t.network.passphrase)));
    for (const { given, query } of QUERIES) {
      const got = await t.store.page(query);
      expect(got.length, given).toBeGreaterThan(0);
      expect(got, given).toEqual(await reference.store.page(query));
    }
    await t.store.close();
  });

  it.skipIf(!engine.available)('skips a ledger it has and refuses one that leaves a gap', async () => {
    const { driver } = await engine.open();
    const t = await testLedger({ driver });
    await workload(t);
    const batch = lastBatch(t);
    expect(await t.store.ingest(batch)).toBe(false);
    const ahead = { ...batch, ledger: { ...batch.ledger, sequence: batch.ledger.sequence + 2 } };
    await expect(t.store.ingest(ahead)).rejects.toThrow(IndexStoreError);
    expect(await t.store.latestLedger()).toBe(batch.ledger.sequence);
    await t.store.close();
  });

  it.skipIf(!engine.available)('refuses an index made for another network', async () => {
    const { location, driver } = await engine.open();
    await (await IndexStore.open(driver, 'Network A')).close();
    await expect(IndexStore.open(await engine.reopen(location), 'Network B')).rejects.toThrow(
      /holds the network "Network A"/,
    );
  });

  it.skipIf(!engine.available)('refuses a newer schema and brings an older one forward', async () => {
    const { location, driver } = await engine.open();
    await (await IndexStore.open(driver, 'Network A')).close();
    const setVersion = async (version: number) => {
      const db = await engine.reopen(location);
      await db.transaction((tx) =>
        tx.run("UPDATE index_meta SET value = ? WHERE name = 'schema_version'", [String(version)]),
      );
      await db.close();
    };
    await setVersion(SCHEMA_VERSION + 1);
    await expect(IndexStore.open(await engine.reopen(location), 'Network A')).rejects.toThrow(
      `the index has schema version ${SCHEMA_VERSION + 1}, newer than this one (${SCHEMA_VERSION})`,
    );
    await setVersion(1);
    await (await IndexStore.open(await engine.reopen(location), 'Network A')).close();
    const db = await engine.reopen(location);
    const rows = await db.transaction((tx) =>
      tx.query("SELECT value FROM index_meta WHERE name = 'schema_version'"),
    );
    await db.close();
    expect(rows).toEqual([{ value: String(SCHEMA_VERSION) }]);
  });

  it.skipIf(!engine.available)(
    "fills the trades' accounts when it brings a schema 2 index forward",
    async () => {
      const { location, driver } = await engine.open();
      await (await IndexStore.open(driver, 'Network A')).close();
      const [base, counter] = ['GA', 'GB'].map((p) => p.padEnd(56, 'A'));
      const trades = [
        { operation_id: 4294971393n, ord: 1, body: { base_account: base, counter_account: counter } },
        { operation_id: 4294971393n, ord: 2, body: { base_account: base, counter_liquidity_pool_id: 'ab' } },
      ];
      const db = await engine.reopen(location);
      await db.transaction(async (tx) => {
        for (const t of trades)
          await tx.run(
            `INSERT INTO trades (operation_id, ord, ledger, base_asset, counter_asset, trade_type, body)
            VALUES (?, ?, 1, 'native', 'native', 'orderbook', ?)`,
            [t.operation_id, t.ord, JSON.stringify(t.body)],
          );
        await tx.run("UPDATE index_meta SET value = '2' WHERE name = 'schema_version'");
      });
      await db.close();
      await (await IndexStore.open(await engine.reopen(location), 'Network A')).close();
      const after = await engine.reopen(location);
      const rows = await after.query('SELECT account, ord FROM trade_accounts ORDER BY account, ord');
      await after.close();
      expect(rows.map((r) => [String(r.account), Number(r.ord)])).toEqual([
        [base, 1],
        [base, 2],
        [counter, 1],
      ]);
    },
  );

  it.skipIf(!engine.available)(
    "fills the offers' price when it brings a schema 3 index forward",
    async () => {
      const { location, driver } = await engine.open();
      await (await IndexStore.open(driver, 'Network A')).close();
      const db = await engine.reopen(location);
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO offers (id, seller, selling, buying, body) VALUES (7, 'GA', 'native', 'native', ?)`,
          [JSON.stringify({ price_r: { n: 3, d: 4 } })],
        );
        await tx.run('ALTER TABLE offers DROP COLUMN price');
        await tx.run("UPDATE index_meta SET value = '3' WHERE name = 'schema_version'");
      });
      await db.close();
      await (await IndexStore.open(await engine.reopen(location), 'Network A')).close();
      const after = await engine.reopen(location);
      const rows = await after.query('SELECT id, price FROM offers');
      await after.close();
      expect(rows.map((r) => [Number(r.id), Number(r.price)])).toEqual([[7, 0.75]]);
    },
  );
});
