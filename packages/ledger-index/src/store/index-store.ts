/**
 * The ledger index: one closed ledger's batch written in one transaction (idempotently: a ledger
 * already in is skipped), and the reads the REST face makes. Runs the same SQL on SQLite and
 * PostgreSQL through a SqlDriver.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { BodyJson, HistoryBatch, IndexBatch } from '../derive/records.js';
import { offerPrice } from '../derive/state/offer.js';
import { writeContractAssets } from './contract-assets-write.js';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver.js';
import { writeEntries } from './entries-write.js';
import { storedEntry } from './entry-state.js';
import { reingestConflict, rewriteHistory } from './history-rewrite.js';
import { deleteLedgerRange, HISTORY_TABLES } from './history-trim.js';
import { insertTradeAccounts, tradeAccountRows, writeHistory } from './history-write.js';
import { OPEN_LOCK_KEY } from './lock-keys.js';
import { LZ4_AVAILABLE, SCHEMA, SCHEMA_VERSION, USE_LZ4 } from './schema.js';
import { loadState, stateLedger } from './state-load.js';
import { StateStore, writeState } from './state-store.js';

/** Tries of a range's rewrite that PostgreSQL rolled back to end a deadlock. */
const REWRITE_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
const isTransient = (error: unknown) => ['40P01', '40001'].includes((error as { code?: string })?.code ?? '');

/** A database made for another network, by a newer version, or out of order. */
export class IndexStoreError extends Error {
  override readonly name = 'IndexStoreError';
}

export type Order = 'asc' | 'desc';

/** One page of a collection: a key to page by, filters, and the paging. */
export interface PageQuery {
  table: 'ledgers' | 'transactions' | 'operations' | 'effects' | 'trades';
  where?: readonly string[];
  params?: readonly SqlValue[];
  /** After (asc) or before (desc) this key; a pair for effects and trades. */
  after?: readonly bigint[];
  order: Order;
  limit: number;
}

const KEYS: Record<PageQuery['table'], readonly string[]> = {
  ledgers: ['sequence'],
  transactions: ['id'],
  operations: ['id'],
  effects: ['operation_id', 'ord'],
  trades: ['operation_id', 'ord'],
};

function json(row: Row | undefined): unknown {
  return row === undefined ? undefined : JSON.parse(String(row.body));
}

/** `(a, b) > (?, ?)` written out, as both engines plan it well. */
function keyAfter(keys: readonly string[], order: Order): string {
  const op = order === 'asc' ? '>' : '<';
  if (keys.length === 1) return `${keys[0]} ${op} ?`;
  const [a, b] = keys;
  return `(${a} ${op} ? OR (${a} = ? AND ${b} ${op} ?))`;
}

export class IndexStore {
  readonly #db: SqlDriver;
  readonly passphrase: string;
  /** Accounts, offers, claimable balances and liquidity pools as they stand. */
  readonly state: StateStore;

  private constructor(db: SqlDriver, passphrase: string) {
    this.#db = db;
    this.passphrase = passphrase;
    this.state = new StateStore(db);
  }

  /** Opens (and creates) the index of the network with this passphrase. */
  static async open(db: SqlDriver, passphrase: string): Promise<IndexStore> {
    await db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.run('SELECT pg_advisory_xact_lock(?)', [OPEN_LOCK_KEY]);
      // An index at this version is opened without DDL: CREATE INDEX IF NOT EXISTS locks its table
      // even when the index is there, so a node starting beside one that ingests would wait on (or
      // deadlock with) the other's write transaction.
      let meta = await storedMeta(tx);
      if (meta?.get('schema_version') !== String(SCHEMA_VERSION)) {
        for (const statement of SCHEMA) await tx.run(statement);
        meta = (await storedMeta(tx)) ?? new Map();
        // A new index's record columns are compressed with lz4 where the server has it (schema.ts).
        if (
          tx.dialect === 'postgres' &&
          !meta.has('passphrase') &&
          (await tx.query(LZ4_AVAILABLE)).length > 0
        )
          for (const statement of USE_LZ4) await tx.run(statement);
      }
      const version = Number(meta.get('schema_version') ?? SCHEMA_VERSION);
      if (version > SCHEMA_VERSION)
        throw new IndexStoreError(
          `the index has schema version ${version}, newer than this one (${SCHEMA_VERSION})`,
        );
      const stored = meta.get('passphrase');
      if (stored !== undefined && stored !== passphrase)
        throw new IndexStoreError(`the index holds the network "${stored}", not "${passphrase}"`);
      // An older index is brought forward (2 left effects.liquidity_pool unused; 3 added the trades'
      // accounts, filled here from the trades; 4 the offers' price; 5 the asset contracts and
      // contract balances, kept from the ledgers ingested since): older code refuses it then.
      if (stored !== undefined && version < SCHEMA_VERSION) {
        if (version < 3) await fillTradeAccounts(tx);
        if (version < 4) await fillOfferPrices(tx);
        await tx.run("UPDATE index_meta SET value = ? WHERE name = 'schema_version'", [
          String(SCHEMA_VERSION),
        ]);
      }
      if (stored === undefined) {
        await tx.run('INSERT INTO index_meta (name, value) VALUES (?, ?)', ['passphrase', passphrase]);
        await tx.run('INSERT INTO index_meta (name, value) VALUES (?, ?)', [
          'schema_version',
          String(SCHEMA_VERSION),
        ]);
      }
    });
    return new IndexStore(db, passphrase);
  }

  get dialect(): SqlDriver['dialect'] {
    return this.#db.dialect;
  }

  async latestLedger(): Promise<number | undefined> {
    const [row] = await this.#db.query('SELECT MAX(sequence) AS s FROM ledgers');
    return row?.s === null || row?.s === undefined ? undefined : Number(row.s);
  }

  async oldestLedger(): Promise<number | undefined> {
    const [row] = await this.#db.query('SELECT MIN(sequence) AS s FROM ledgers');
    return row?.s === null || row?.s === undefined ? undefined : Number(row.s);
  }

  /**
   * The ledger whose state the index was loaded with (a history archive's checkpoint), if it was:
   * its state is whole from then on, and ingestion goes on from the ledger after it.
   */
  stateLedger(): Promise<number | undefined> {
    return stateLedger(this.#db);
  }

  /**
   * Loads the whole state at `ledger` (the live entries, in batches) into an index without
   * ledgers, in one transaction; answers false (loading nothing) when the index has ledgers or a
   * state already. A failure part way leaves the index as it was.
   */
  loadState(ledger: number, batches: AsyncIterable<readonly xdr.LedgerEntry[]>): Promise<boolean> {
    return this.#db.transaction((tx) => loadState(tx, ledger, batches, this.passphrase));
  }

  /**
   * Writes a ledger's batch. Answers false (and writes nothing) when the ledger is already in;
   * refuses a ledger that does not follow the latest one. Bodies may come written as JSON
   * already (`BodyJson`).
   */
  async ingest(batch: IndexBatch<BodyJson>): Promise<boolean> {
    return (await this.ingestMany([batch])) > 0;
  }

  /**
   * Writes the batches of consecutive ledgers in one transaction: all of them are committed or
   * none. Answers how many were written: none when the first is already in (the index has them
   * all then, or refuses the rest); refuses ledgers that do not follow the latest one.
   */
  async ingestMany(batches: readonly IndexBatch<BodyJson>[]): Promise<number> {
    const first = batches[0];
    if (!first) return 0;
    batches.forEach((batch, i) => {
      if (batch.ledger.sequence !== first.ledger.sequence + i)
        throw new IndexStoreError(
          `ledger ${batch.ledger.sequence} does not follow ledger ${first.ledger.sequence + i - 1}`,
        );
    });
    return this.#db.transaction(async (tx) => {
      const sequence = first.ledger.sequence;
      const [row] = await tx.query('SELECT MAX(sequence) AS s FROM ledgers');
      // The latest ledger, or the one whose state was loaded: the next must follow it.
      const latest = row?.s === null || row?.s === undefined ? await stateLedger(tx) : Number(row.s);
      if (latest !== undefined && sequence <= latest) return 0;
      if (latest !== undefined && sequence !== latest + 1)
        throw new IndexStoreError(
          `ledger ${sequence} does not follow ledger ${latest}, the latest in the index`,
        );
      // History, then the entries, then the records derived from the entries.
      await writeHistory(tx, batches);
      await writeEntries(
        tx,
        batches.map((batch) => batch.state),
      );
      await writeState(tx, batches);
      await writeContractAssets(
        tx,
        batches.map((batch) => batch.state.contractAssets),
      );
      return batches.length;
    });
  }

  /**
   * Deletes the history of ledgers `from` to `to` (inclusive) in one transaction: the elder
   * ledger (the oldest left) moves past `to`. The retention's reaper calls it a batch at a time.
   */
  async deleteHistory(from: number, to: number): Promise<void> {
    await this.#db.transaction((tx) => deleteLedgerRange(tx, from, to));
  }

  /** Reingestion: the history of ledgers `from` to `to` replaced by `batches`, in one transaction. */
  async rewriteHistory(from: number, to: number, batches: readonly HistoryBatch[]): Promise<void> {
    // Workers writing ranges at once on PostgreSQL may deadlock on the rows they share (trade
    // assets and accounts, the index's marks): PostgreSQL then rolls one back, which is run again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#db.transaction((tx) => rewriteHistory(tx, from, to, batches));
      } catch (error) {
        if (attempt >= REWRITE_ATTEMPTS || !isTransient(error)) throw error;
      }
    }
  }

  /** Why ledgers up to `to` may not be reingested (undefined when they may; see history-rewrite.ts). */
  reingestConflict(to: number): Promise<string | undefined> {
    return reingestConflict(this.#db, to);
  }

  /** The rows of each history table (what a retention bounds). */
  async historyCounts(): Promise<Record<(typeof HISTORY_TABLES)[number], number>> {
    const counts = await Promise.all(
      HISTORY_TABLES.map(async (table) => {
        const [row] = await this.#db.query(`SELECT COUNT(*) AS n FROM ${table}`);
        return [table, Number(row?.n ?? 0)] as const;
      }),
    );
    return Object.fromEntries(counts) as Record<(typeof HISTORY_TABLES)[number], number>;
  }

  /** SQLite's pages: those in the database and those free for reuse (undefined on PostgreSQL). */
  async pages(): Promise<{ total: number; free: number } | undefined> {
    if (this.#db.dialect !== 'sqlite') return undefined;
    const [total] = await this.#db.query('PRAGMA page_count');
    const [free] = await this.#db.query('PRAGMA freelist_count');
    return { total: Number(total?.page_count ?? 0), free: Number(free?.freelist_count ?? 0) };
  }

  async ledger(sequence: number): Promise<unknown> {
    return json((await this.#db.query('SELECT body FROM ledgers WHERE sequence = ?', [sequence]))[0]);
  }

  /** A transaction by its hash, or a fee bump's inner hash. */
  async transaction(hash: string): Promise<{ id: bigint; body: unknown } | undefined> {
    const [row] = await this.#db.query(
      'SELECT id, body FROM transactions WHERE hash = ? OR inner_hash = ? ORDER BY id LIMIT 1',
      [hash, hash],
    );
    return row ? { id: BigInt(row.id as bigint), body: json(row) } : undefined;
  }

  async transactionBodies(ids: readonly bigint[]): Promise<Map<bigint, unknown>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db.query(
      `SELECT id, body FROM transactions WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [BigInt(r.id as bigint), json(r)]));
  }

  async operation(id: bigint): Promise<unknown> {
    return json((await this.#db.query('SELECT body FROM operations WHERE id = ?', [id]))[0]);
  }

  /** A page of records (the stored JSON), in page order. */
  async page(query: PageQuery): Promise<unknown[]> {
    const keys = KEYS[query.table];
    const where = [...(query.where ?? [])];
    const params = [...(query.params ?? [])];
    if (query.after) {
      where.push(keyAfter(keys, query.order));
      const [a, b] = query.after;
      params.push(...(keys.length === 1 ? [a ?? 0n] : [a ?? 0n, a ?? 0n, b ?? 0n]));
    }
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const sql = `SELECT body FROM ${query.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${keys.map((k) => `${k} ${direction}`).join(', ')} LIMIT ?`;
    const rows = await this.#db.query(sql, [...params, query.limit]);
    return rows.map(json);
  }

  /**
   * Whether the index's history names the account: a participant of a transaction or operation,
   * the account of an effect, or a side of a trade (Horizon's `history_accounts`).
   */
  async knowsAccount(id: string): Promise<boolean> {
    for (const sql of [
      "SELECT 1 AS found FROM participants WHERE kind = 'account' AND subject = ? LIMIT 1",
      'SELECT 1 AS found FROM effects WHERE account = ? LIMIT 1',
      'SELECT 1 AS found FROM trade_accounts WHERE account = ? LIMIT 1',
    ])
      if ((await this.#db.query(sql, [id])).length > 0) return true;
    return false;
  }

  /** The asset ids trades have given so far (`deriveBatch` numbers new ones after them). */
  async tradeAssetIds(): Promise<Map<string, number>> {
    const rows = await this.#db.query('SELECT key, id FROM trade_assets');
    return new Map(rows.map((r) => [String(r.key), Number(r.id)]));
  }

  /** The live entry under a LedgerKey (base64), as the index last saw it. */
  async entry(key: string): Promise<xdr.LedgerEntry | undefined> {
    const [row] = await this.#db.query('SELECT entry FROM entries WHERE key = ?', [key]);
    return row ? storedEntry(row.entry) : undefined;
  }

  /** The live entries of an account, by kind (`account`, `trustline`, `offer`, `data`). */
  async entriesOf(owner: string, kind: string): Promise<xdr.LedgerEntry[]> {
    const rows = await this.#db.query('SELECT entry FROM entries WHERE owner = ? AND kind = ?', [
      owner,
      kind,
    ]);
    return rows.map((r) => storedEntry(r.entry));
  }

  /** An account's live entries the index holds (its account, trust line, offer and data entries), with their keys. */
  async ownedEntries(owner: string): Promise<{ key: string; entry: xdr.LedgerEntry }[]> {
    const rows = await this.#db.query('SELECT key, entry FROM entries WHERE owner = ?', [owner]);
    return rows.map((r) => ({
      key: String(r.key),
      entry: storedEntry(r.entry),
    }));
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

/** `trade_accounts` for an index written before it existed. */
async function fillTradeAccounts(tx: SqlExecutor): Promise<void> {
  const rows = await tx.query('SELECT operation_id, ord, body FROM trades');
  await insertTradeAccounts(
    tx,
    rows.flatMap((row) =>
      tradeAccountRows(row.operation_id as SqlValue, row.ord as SqlValue, JSON.parse(String(row.body))),
    ),
  );
}

/** The offers' price column for an index written before it existed (and, made since, has it). */
async function fillOfferPrices(tx: SqlExecutor): Promise<void> {
  const columns = await tx.query(
    tx.dialect === 'postgres'
      ? "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'offers'"
      : "SELECT name FROM pragma_table_info('offers')",
  );
  if (!columns.some((column) => column.name === 'price'))
    await tx.run('ALTER TABLE offers ADD COLUMN price DOUBLE PRECISION');
  for (const row of await tx.query('SELECT id, body FROM offers')) {
    const { price_r } = JSON.parse(String(row.body)) as { price_r: { n: number; d: number } };
    await tx.run('UPDATE offers SET price = ? WHERE id = ?', [offerPrice(price_r), row.id as SqlValue]);
  }
}

/** The index's meta rows (network, schema version), or undefined in a database without the index. */
async function storedMeta(tx: SqlExecutor): Promise<Map<string, string> | undefined> {
  const [exists] = await tx.query(
    tx.dialect === 'postgres'
      ? "SELECT to_regclass('index_meta') IS NOT NULL AS present"
      : "SELECT COUNT(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'index_meta'",
  );
  if (!Number(exists?.present ?? 0)) return undefined;
  const rows = await tx.query('SELECT name, value FROM index_meta');
  return new Map(rows.map((r) => [String(r.name), String(r.value)]));
}
