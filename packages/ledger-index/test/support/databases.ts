/** The engines the store tests run on: SQLite always, PostgreSQL when the run has a server. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { SqlDriver } from '../../src/store/driver.js';
import { openPostgres } from '../../src/store/postgres.js';
import { openSqlite } from '../../src/store/sqlite.js';

export interface Engine {
  name: 'sqlite' | 'postgres';
  available: boolean;
  /** A new, empty database (a file path or URL) and a driver on it. */
  open(): Promise<{ location: string; driver: SqlDriver }>;
  /** Another driver on a database `open` made. */
  reopen(location: string): Promise<SqlDriver>;
}

/** A new, empty database on the test cluster. */
export async function freshPostgres(base: string): Promise<string> {
  const name = `starspec_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

export const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    available: true,
    async open() {
      const location = join(mkdtempSync(join(tmpdir(), 'starspec-index-')), 'index.sqlite');
      return { location, driver: openSqlite(location) };
    },
    reopen: async (location) => openSqlite(location),
  },
  {
    name: 'postgres',
    available: inject('postgresUrl') !== '',
    async open() {
      const location = await freshPostgres(inject('postgresUrl'));
      return { location, driver: await openPostgres(location) };
    },
    reopen: (location) => openPostgres(location),
  },
];
