/**
 * The SQL the index runs, behind one small interface so SQLite (embedded, the default) and
 * PostgreSQL run the same statements. Statements use `?` placeholders; integers past 2^53 are
 * passed and read as bigint.
 */
export type SqlValue = string | number | bigint | null;
export type Row = Record<string, unknown>;

export interface SqlDriver {
  readonly dialect: 'sqlite' | 'postgres';
  query(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /**
   * Appends rows to `table` in one bulk load (PostgreSQL's COPY), on engines that have one. A row
   * whose key is already there fails the load, as an INSERT would.
   */
  copyRows?(table: string, columns: readonly string[], rows: Iterable<readonly SqlValue[]>): Promise<void>;
  /** Runs `work` in one transaction: all of it is committed (durably) or none. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What runs inside a transaction. */
export type SqlExecutor = Pick<SqlDriver, 'query' | 'run' | 'dialect' | 'copyRows'>;
