/**
 * Every row of every table of an index, as sorted text (values as strings: the engines read
 * integers differently), to compare two indexes whole; and a driver that counts the statements
 * it is given and can fail on one of them (a crash in the middle of a transaction).
 */
import type { Row, SqlDriver, SqlExecutor, SqlValue } from '../../src/store/driver.js';
import { SCHEMA } from '../../src/store/schema.js';

const TABLES = SCHEMA.flatMap((sql) => /CREATE TABLE IF NOT EXISTS (\w+)/.exec(sql)?.[1] ?? []);

export async function dumpIndex(db: Pick<SqlDriver, 'query'>): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.query(`SELECT * FROM ${table}`);
    dump[table] = rows
      .map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)])))
      .sort();
  }
  return dump;
}

export interface CountingDriver extends SqlDriver {
  /** Statements (queries and runs) given so far. */
  statements: number;
  /** The statement (counted from now) that throws, once; undefined for none. */
  failAt(statement: number | undefined): void;
}

export function countingDriver(db: SqlDriver): CountingDriver {
  let failing: number | undefined;
  const wrap = (inner: SqlExecutor): SqlExecutor => ({
    dialect: inner.dialect,
    query: (sql: string, params?: readonly SqlValue[]): Promise<Row[]> => {
      counted();
      return inner.query(sql, params);
    },
    run: (sql: string, params?: readonly SqlValue[]): Promise<void> => {
      counted();
      return inner.run(sql, params);
    },
  });
  const driver: CountingDriver = {
    ...wrap(db),
    statements: 0,
    failAt(statement) {
      failing = statement === undefined ? undefined : driver.statements + statement;
    },
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
  function counted() {
    driver.statements++;
    if (driver.statements === failing) {
      failing = undefined;
      throw new Error(`statement ${driver.statements} failed (a crash)`);
    }
  }
  return driver;
}
