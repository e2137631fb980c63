/**
 * The Store on SQLite (through libsql, a better-sqlite3-compatible binding shipped as prebuilt
 * N-API packages). WAL journal with synchronous=FULL: a commit returns only once it is in the
 * log on disk, so every write the anchor acknowledged survives a crash of the process or the
 * machine. Schema changes are the numbered SQL files in apps/anchor/migrations, applied in
 * order at start and recorded in schema_migrations.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type LibsqlDatabase from 'libsql';
import { PACKAGE_DIR } from '../config.js';
import { prepareStatements, type Statements } from './statements.js';
import type {
  CustomerChange,
  CustomerKey,
  CustomerRecord,
  FirmQuote,
  KnownTransaction,
  Store,
  StoredField,
} from './store.js';

type Database = LibsqlDatabase.Database;
const Libsql = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;

export const MIGRATIONS_DIR = join(PACKAGE_DIR, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations in a directory: files named `NNN_description.sql`, in order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`migration file ${file} is not named NNN_description.sql`);
      return { version: Number(match[1]), name: match[2] ?? '', sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`migrations must be numbered 1, 2, 3…; found ${m.version}`);
  });
  return migrations;
}

/** Applies the migrations not yet recorded; each one in its own transaction. Returns the versions applied. */
export function migrate(db: Database, migrations: Migration[] = readMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
  const done = new Set(rows.map((r) => Number(r.version)));
  const latest = migrations.at(-1)?.version ?? 0;
  const newer = [...done].filter((v) => v > latest);
  if (newer.length > 0) {
    throw new Error(
      `the database has migration ${Math.max(...newer)}, newer than this anchor knows (${latest})`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }).immediate();
    applied.push(migration.version);
  }
  return applied;
}

interface CustomerRow {
  id: string;
  account: string | null;
  memo: string | null;
  memo_type: string | null;
  created_at: number;
  updated_at: number;
  rejection_reason: string | null;
  rejection_at: number | null;
}

interface FieldRow {
  name: string;
  value: string;
  content: ArrayBuffer | Uint8Array | null;
  content_type: string | null;
  provided_at: number;
  verified: number;
  verification_code: string | null;
}

interface QuoteRow {
  id: string;
  client_id: string;
  sell_asset: string;
  buy_asset: string;
  sell_amount: string;
  buy_amount: string;
  price: string;
  fee: string | null;
  sell_delivery_method: string | null;
  buy_delivery_method: string | null;
  country_code: string | null;
  expire_after: string | null;
  expires_at: string;
  created_at: number;
}

export class SqliteStore implements Store {
  readonly db: Database;
  private readonly sql: Statements;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Libsql(path);
    this.db.exec('PRAGMA busy_timeout = 5000');
    if (path !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA synchronous = FULL');
    this.db.exec('PRAGMA foreign_keys = ON');
    migrate(this.db);
    this.sql = prepareStatements(this.db);
  }

  private customerRow(row: CustomerRow | undefined): CustomerRecord | undefined {
    if (!row) return undefined;
    const fields: Record<string, StoredField> = {};
    const rows = this.sql.fieldsOfCustomer.all(row.id) as FieldRow[];
    for (const f of rows) {
      const field: StoredField = {
        value: f.value,
        providedAt: Number(f.provided_at),
        verified: f.verified === 1,
      };
      if (f.content !== null) field.content = new Uint8Array(f.content);
      if (f.content_type !== null) field.contentType = f.content_type;
      if (f.verification_code !== null) field.verificationCode = f.verification_code;
      fields[f.name] = field;
    }
    return {
      id: row.id,
      key:
        row.account === null
          ? null
          : { account: row.account, memo: row.memo, memoType: row.memo_type as CustomerKey['memoType'] },
      fields,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      rejection:
        row.rejection_reason === null
          ? null
          : { reason: row.rejection_reason, at: Number(row.rejection_at ?? row.updated_at) },
    };
  }

  private readCustomer(id: string): CustomerRecord | undefined {
    return this.customerRow(this.sql.customerById.get(id) as CustomerRow | undefined);
  }

  private applyChange(id: string, change: CustomerChange): void {
    const upsert = this.sql.upsertField;
    for (const [name, f] of Object.entries(change.set)) {
      upsert.run(
        id,
        name,
        f.value,
        f.content ? Buffer.from(f.content) : null,
        f.contentType ?? null,
        f.providedAt,
        f.verified ? 1 : 0,
        f.verificationCode ?? null,
      );
    }
    for (const name of change.remove) this.sql.deleteField.run(id, name);
    for (const name of change.verified) this.sql.verifyField.run(id, name);
    if (change.transaction) this.sql.linkTransaction.run(change.transaction.id, change.transaction.type, id);
    this.sql.touchCustomer.run(
      change.now,
      change.rejection?.reason ?? null,
      change.rejection?.at ?? null,
      id,
    );
  }

  async getCustomer(id: string): Promise<CustomerRecord | undefined> {
    return this.readCustomer(id);
  }

  async findCustomer(key: CustomerKey): Promise<CustomerRecord | undefined> {
    const row = this.sql.customerByKey.get(key.account, key.memo ?? '', key.memoType ?? '') as
      | CustomerRow
      | undefined;
    return this.customerRow(row);
  }

  async findCustomerByTransaction(transactionId: string, type: string): Promise<CustomerRecord | undefined> {
    const row = this.sql.customerByTransaction.get(transactionId, type) as CustomerRow | undefined;
    return this.customerRow(row);
  }

  async createCustomer(id: string, key: CustomerKey | null, change: CustomerChange): Promise<CustomerRecord> {
    this.db
      .transaction(() => {
        this.sql.insertCustomer.run(
          id,
          key?.account ?? null,
          key?.memo ?? null,
          key?.memoType ?? null,
          change.now,
          change.now,
        );
        this.applyChange(id, change);
      })
      .immediate();
    const created = this.readCustomer(id);
    if (!created) throw new Error(`customer ${id} vanished after it was created`);
    return created;
  }

  async updateCustomer(id: string, change: CustomerChange): Promise<CustomerRecord | undefined> {
    const found = this.db
      .transaction(() => {
        if (this.sql.customerExists.get(id) === undefined) return false;
        this.applyChange(id, change);
        return true;
      })
      .immediate();
    return found ? this.readCustomer(id) : undefined;
  }

  async deleteCustomer(id: string): Promise<boolean> {
    // Fields and transaction links go with it (ON DELETE CASCADE).
    return this.sql.deleteCustomer.run(id).changes > 0;
  }

  async getTransaction(id: string): Promise<KnownTransaction | undefined> {
    return this.sql.transactionById.get(id) as KnownTransaction | undefined;
  }

  async putTransaction(transaction: KnownTransaction): Promise<void> {
    this.sql.upsertTransaction.run(transaction.id, transaction.amount, transaction.asset);
  }

  async saveQuote(q: FirmQuote): Promise<void> {
    this.sql.insertQuote.run(
      q.id,
      q.clientId,
      q.sellAsset,
      q.buyAsset,
      q.sellAmount,
      q.buyAmount,
      q.price,
      q.fee === null || q.fee === undefined ? null : JSON.stringify(q.fee),
      q.sellDeliveryMethod,
      q.buyDeliveryMethod,
      q.countryCode,
      q.expireAfter,
      q.expiresAt,
      q.createdAt,
    );
  }

  async getQuote(id: string): Promise<FirmQuote | undefined> {
    const row = this.sql.quoteById.get(id) as QuoteRow | undefined;
    if (!row) return undefined;
    return {
      id: row.id,
      clientId: row.client_id,
      sellAsset: row.sell_asset,
      buyAsset: row.buy_asset,
      sellAmount: row.sell_amount,
      buyAmount: row.buy_amount,
      price: row.price,
      fee: row.fee === null ? null : JSON.parse(row.fee),
      sellDeliveryMethod: row.sell_delivery_method,
      buyDeliveryMethod: row.buy_delivery_method,
      countryCode: row.country_code,
      expireAfter: row.expire_after,
      expiresAt: row.expires_at,
      createdAt: Number(row.created_at),
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
