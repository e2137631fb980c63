/**
 * Many rows in few statements: multi-row INSERTs and `IN (…)` deletes and selects, cut into
 * chunks whose sizes are powers of two (at most CHUNK rows), so a table is written by a handful
 * of distinct statements that both engines prepare once and reuse, whatever the batch's size.
 */
import type { Row, SqlExecutor, SqlValue } from './driver.js';

/** Rows per statement at most: 256 rows of the widest table (10 columns) stay far under either engine's parameter limit. */
export const CHUNK = 256;

/** Consecutive slices of `items`: CHUNK-sized, then the rest cut into descending powers of two. */
export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  while (at < items.length) {
    const left = items.length - at;
    const size = left >= CHUNK ? CHUNK : 2 ** Math.floor(Math.log2(left));
    out.push(items.slice(at, at + size));
    at += size;
  }
  return out;
}

const placeholders = (width: number) => `(${Array.from({ length: width }, () => '?').join(', ')})`;

/**
 * Inserts rows (each the values of `columns`, in order). `onConflict` is the statement's tail,
 * e.g. `ON CONFLICT DO NOTHING`; rows with the same conflict key must not repeat under DO UPDATE.
 */
export async function insertRows(
  tx: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  onConflict = '',
): Promise<void> {
  const tuple = placeholders(columns.length);
  for (const chunk of chunks(rows)) {
    const values = chunk.map(() => tuple).join(', ');
    await tx.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ${onConflict}`.trimEnd(),
      chunk.flat(),
    );
  }
}

/**
 * Appends rows none of which is there yet: in one bulk load where the engine has one (COPY, which
 * PostgreSQL parses as the rows stream in), else as insertRows does.
 */
export function appendRows(
  tx: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  return tx.copyRows ? tx.copyRows(table, columns, rows) : insertRows(tx, table, columns, rows);
}

/** Inserts rows, or replaces every column but the first (the primary key) of the row already there. */
export function upsertRows(
  tx: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  const updates = columns.slice(1).map((column) => `${column} = excluded.${column}`);
  return insertRows(
    tx,
    table,
    columns,
    rows,
    `ON CONFLICT (${columns[0]}) DO UPDATE SET ${updates.join(', ')}`,
  );
}

/** `DELETE FROM table WHERE column IN (…)`. */
export async function deleteWhereIn(
  tx: SqlExecutor,
  table: string,
  column: string,
  keys: readonly SqlValue[],
): Promise<void> {
  for (const chunk of chunks(keys))
    await tx.run(`DELETE FROM ${table} WHERE ${column} IN ${placeholders(chunk.length)}`, chunk);
}

/**
 * `<select> column IN (…)`, every chunk's rows together; `select` ends where the condition goes,
 * e.g. `SELECT key, entry FROM entries WHERE`.
 */
export async function selectWhereIn(
  tx: SqlExecutor,
  select: string,
  column: string,
  keys: readonly SqlValue[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const chunk of chunks(keys))
    rows.push(...(await tx.query(`${select} ${column} IN ${placeholders(chunk.length)}`, chunk)));
  return rows;
}
