/**
 * The PostgreSQL driver (node-postgres), for an index larger than one node's disk. The same
 * statements as SQLite: `?` placeholders become `$1…`, int8 columns are read as bigint, and each
 * ingest transaction commits with PostgreSQL's default synchronous commit (durable on return).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { from as copyFrom } from 'pg-copy-streams';
import { copyLines } from './copy-text.js';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver.js';

const INT8_OID = 20;
// node-postgres loads on the first openPostgres: a SQLite index (and starspec-horizon's start) never
// pays for it.
let driver: typeof pg | undefined;
let copyStreams: { from: typeof copyFrom } | undefined;
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8_OID) return (value: string) => BigInt(value);
    return (driver as typeof pg).types.getTypeParser(oid, format as 'text');
  },
};

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * Statements run as named (prepared) ones: parsed and planned once per connection, then only
 * bound. The writes' statements are few (bulk.ts); past MAX_NAMED distinct texts, unnamed.
 */
const MAX_NAMED = 512;
const names = new Map<string, string>();

function query(sql: string, params: readonly SqlValue[]): pg.QueryConfig {
  const text = numbered(sql);
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `s${names.size}`;
    names.set(text, name);
  }
  return { text, values: values(params), types, ...(name ? { name } : {}) } as pg.QueryConfig;
}

function values(params: readonly SqlValue[]): unknown[] {
  return params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    dialect: 'postgres',
    async query(sql, params = []) {
      return (await client.query(query(sql, params))).rows as Row[];
    },
    async run(sql, params = []) {
      await client.query(query(sql, params));
    },
  };
}

/**
 * A transaction's executor, with COPY: its lines are sent as they are made, and the server parses
 * them meanwhile (a multi-row INSERT is made whole, then parsed, before the next one is made).
 */
function transactionExecutor(client: pg.PoolClient): SqlExecutor {
  return {
    ...executor(client),
    async copyRows(table, columns, rows) {
      copyStreams ??= (await import('pg-copy-streams')).default;
      const load = client.query(copyStreams.from(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
      await pipeline(Readable.from(copyLines(rows), { objectMode: false }), load);
    },
  };
}

export interface PoolOptions {
  /** Connections the pool opens at most (default 8). */
  connections?: number;
  /** The pool's `application_name`: what its connections are in `pg_stat_activity`. */
  name?: string;
}

/** Opens a pool on `postgres://…`; the first query checks that the server answers. */
export async function openPostgres(connectionString: string, options: PoolOptions = {}): Promise<SqlDriver> {
  driver ??= (await import('pg')).default;
  const pool = new driver.Pool({
    connectionString,
    max: options.connections ?? 8,
    ...(options.name === undefined ? {} : { application_name: options.name }),
  });
  // An idle client losing its server must not crash the process: the next query reports it.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return {
    ...executor(pool),
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(transactionExecutor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
