/**
 * A gateway on PostgreSQL names its connections and keeps each pool to what it needs, so that
 * a DBA sees who holds them in pg_stat_activity and many nodes fit the server's max_connections:
 * serving up to 8, the ingestion thread up to 3, the ingestion lock 1. The thread runs dist
 * (build first).
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshPostgres } from '../support/databases.js';
import { caughtUpGateway } from '../support/differential/faces.js';
import { getJson } from '../support/json.js';

const postgresUrl = inject('postgresUrl');
const NAMES = ['starspec-horizon serving', 'starspec-horizon ingestion', 'starspec-horizon ingestion lock'];

describe.skipIf(postgresUrl === '')('a gateway on PostgreSQL', () => {
  let sandbox: Sandbox | undefined;
  afterAll(() => sandbox?.stop());

  it('names each pool of connections, and none holds more than it may', async () => {
    sandbox = await startSandbox({ closeEvery: 'manual' });
    for (let i = 0; i < 5; i++) sandbox.closeLedger();
    const database = await freshPostgres(postgresUrl);
    const gateway = await caughtUpGateway(sandbox, [], { database, validateResponses: false });
    const admin = new pg.Client({ connectionString: database });
    await admin.connect();
    try {
      // Requests at once, so that the serving pool opens more than one connection.
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => getJson(gateway.url, '/ledgers?limit=200')),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const { rows } = await admin.query(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY application_name`,
      );
      const held: Record<string, number> = Object.fromEntries(rows.map((row) => [row.name, row.n]));
      // Every connection is named. The ingestion thread's may all have closed as idle by now.
      expect(Object.keys(held).filter((name) => !NAMES.includes(name))).toEqual([]);
      expect(held['starspec-horizon serving']).toBeGreaterThanOrEqual(1);
      expect(held['starspec-horizon serving']).toBeLessThanOrEqual(8);
      expect(held['starspec-horizon ingestion'] ?? 0).toBeLessThanOrEqual(3);
      expect(held['starspec-horizon ingestion lock']).toBe(1);
    } finally {
      await admin.end();
      await gateway.stop();
    }
  });
});
