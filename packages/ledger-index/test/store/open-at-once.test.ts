// Reingestion's workers and gateways sharing one PostgreSQL index open it at the same moment, and
// beside the node that ingests: every open succeeds, the index is made once, and an open never
// waits on the ingesting node's lock or write transaction. (A SQLite index has one writing process,
// whose workers hand their rows to it.)
import { setTimeout as sleep } from 'node:timers/promises';
import { Networks } from '@stellar/stellar-sdk';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { IndexStore } from '../../src/store/index-store.js';
import { INGEST_LOCK_KEY } from '../../src/store/lock-keys.js';
import { ENGINES } from '../support/databases.js';

const AT_ONCE = 6;
const postgres = ENGINES.find((engine) => engine.name === 'postgres');

/** Whether `work` ends before any session of the cluster waits on a lock (polled; never timed). */
async function endsWithoutWaiting(admin: pg.Client, work: Promise<unknown>): Promise<'ended' | 'waits'> {
  let ended = false;
  void work.finally(() => {
    ended = true;
  });
  for (;;) {
    if (ended) return 'ended';
    const { rows } = await admin.query('SELECT COUNT(*)::int AS n FROM pg_locks WHERE NOT granted');
    if (rows[0].n > 0) return 'waits';
    await sleep(20);
  }
}

describe.skipIf(!postgres?.available)('opening one PostgreSQL index', () => {
  const engine = postgres as NonNullable<typeof postgres>;

  it(`${AT_ONCE} times at once, when it is new`, async () => {
    const { location, driver } = await engine.open();
    const others = await Promise.all(Array.from({ length: AT_ONCE - 1 }, () => engine.reopen(location)));
    const drivers = [driver, ...others];
    try {
      const opened = await Promise.allSettled(drivers.map((each) => IndexStore.open(each, Networks.TESTNET)));
      expect(
        opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened')),
      ).toEqual(Array(AT_ONCE).fill('opened'));
      const meta = await driver.query("SELECT value FROM index_meta WHERE name = 'passphrase'");
      expect(meta).toEqual([{ value: Networks.TESTNET }]);
    } finally {
      for (const each of drivers) await each.close();
    }
  });

  it('beside a node that holds the ingestion lock and is writing', async () => {
    const { location, driver } = await engine.open();
    await (await IndexStore.open(driver, Networks.TESTNET)).close();
    const ingesting = new pg.Client({ connectionString: location });
    const admin = new pg.Client({ connectionString: location });
    await Promise.all([ingesting.connect(), admin.connect()]);
    const second = await engine.reopen(location);
    try {
      await ingesting.query('SELECT pg_advisory_lock($1::bigint)', [String(INGEST_LOCK_KEY)]);
      await ingesting.query('BEGIN');
      // What an ingest transaction's inserts take on every history table.
      await ingesting.query('LOCK TABLE ledgers, transactions, operations IN ROW EXCLUSIVE MODE');
      const open = IndexStore.open(second, Networks.TESTNET);
      const outcome = await endsWithoutWaiting(admin, open);
      // The ingesting node ends its transaction and lets go of the lock: a waiting open ends too.
      await ingesting.query('COMMIT');
      await ingesting.query('SELECT pg_advisory_unlock_all()');
      await open;
      expect(outcome).toBe('ended');
    } finally {
      await ingesting.end();
      await admin.end();
      await second.close();
    }
  });
});
