/**
 * appendRows on each engine: COPY on PostgreSQL, multi-row INSERTs on SQLite, the same rows read
 * back; a row already there fails the load, as an INSERT fails, and its transaction writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { appendRows } from '../../src/store/bulk.js';
import type { SqlValue } from '../../src/store/driver.js';
import { ENGINES } from '../support/databases.js';

const COLUMNS = ['id', 'note', 'body'];
const ROWS: SqlValue[][] = [
  [1n, 'plain', '{"a":1}'],
  [(1n << 63n) - 1n, 'tab\there\nnewline\rreturn', '{"memo":"quote \\" and backslash \\\\"}'],
  [3n, null, '\\N is text here'],
  [4n, 'é€😀', ''],
  ...Array.from({ length: 3000 }, (_, i): SqlValue[] => [BigInt(10 + i), `row ${i}`, 'x'.repeat(700)]),
];

describe.each(ENGINES)('appendRows on $name', (engine) => {
  it.skipIf(!engine.available)(
    'reads back every row as written, and a repeated key fails it all',
    async () => {
      const { driver } = await engine.open();
      try {
        await driver.run('CREATE TABLE appended (id BIGINT PRIMARY KEY, note TEXT, body TEXT NOT NULL)');
        expect(Boolean(await driver.transaction(async (tx) => tx.copyRows !== undefined))).toBe(
          engine.name === 'postgres',
        );
        await driver.transaction((tx) => appendRows(tx, 'appended', COLUMNS, ROWS));
        const back = await driver.query('SELECT id, note, body FROM appended ORDER BY id');
        expect(back.map((row) => [BigInt(row.id as bigint), row.note, row.body])).toEqual(
          [...ROWS].sort((a, b) => ((a[0] as bigint) < (b[0] as bigint) ? -1 : 1)),
        );
        const again = driver.transaction(async (tx) => {
          await appendRows(tx, 'appended', COLUMNS, [[999_999n, 'new', '{}']]);
          await appendRows(tx, 'appended', COLUMNS, [ROWS[0] as SqlValue[]]);
        });
        await expect(again).rejects.toThrow();
        expect(await driver.query('SELECT id FROM appended WHERE id = 999999')).toEqual([]);
      } finally {
        await driver.close();
      }
    },
  );
});
