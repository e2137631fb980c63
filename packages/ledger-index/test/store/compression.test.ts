// A new PostgreSQL index stores its records' JSON and its entries' XDR with lz4 where the server
// has it (pglz, PostgreSQL's default, cost about a third more of the server's CPU time while
// catching up); the other columns keep the server's default.
import { Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { IndexStore } from '../../src/store/index-store.js';
import { ENGINES } from '../support/databases.js';

const postgres = ENGINES.find((engine) => engine.name === 'postgres');

const want = [
  'accounts.body',
  'claimable_balances.body',
  'effects.body',
  'entries.entry',
  'ledgers.body',
  'liquidity_pools.body',
  'offers.body',
  'operations.body',
  'trades.body',
  'transactions.body',
];

describe.skipIf(!postgres?.available)('a new PostgreSQL index', () => {
  const engine = postgres as NonNullable<typeof postgres>;

  it('compresses its record columns with lz4, where the server has it', async () => {
    const { driver } = await engine.open();
    const store = await IndexStore.open(driver, Networks.TESTNET);
    try {
      const [lz4] = await driver.query(
        "SELECT 'lz4' = ANY (enumvals) AS yes FROM pg_settings WHERE name = 'default_toast_compression'",
      );
      const columns = await driver.query(
        `SELECT c.relname || '.' || a.attname AS name FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND a.attcompression = 'l' ORDER BY 1`,
      );
      expect(columns.map((row) => row.name)).toEqual(lz4?.yes ? want : []);
    } finally {
      await store.close();
    }
  });
});
