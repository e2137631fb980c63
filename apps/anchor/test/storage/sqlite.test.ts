// Migrations, pragmas and the store's own behaviour.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations, SqliteStore } from '../../src/storage/sqlite.js';

const temp = () => join(mkdtempSync(join(tmpdir(), 'anchor-store-')), 'anchor.db');
const change = (now: number) => ({ set: {}, remove: [], verified: [], rejection: null, now });

describe('SQLite store', () => {
  it('opens in WAL mode with synchronous=FULL and foreign keys on', async () => {
    const store = new SqliteStore(temp());
    const pragma = (name: string) => Object.values(store.db.prepare(`PRAGMA ${name}`).get() as object)[0];
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(2);
    expect(pragma('foreign_keys')).toBe(1);
    await store.close();
  });

  it('applies the numbered migrations once and records them', async () => {
    const path = temp();
    const migrations = readMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    const store = new SqliteStore(path);
    const rows = store.db.prepare('SELECT version, name FROM schema_migrations').all();
    expect(rows.map((r) => (r as { version: number }).version)).toEqual(migrations.map((m) => m.version));
    expect(migrate(store.db)).toEqual([]);
    await store.close();
    const again = new SqliteStore(path);
    expect(migrate(again.db)).toEqual([]);
    await again.close();
  });

  it('refuses a database migrated by a newer anchor', async () => {
    const path = temp();
    const store = new SqliteStore(path);
    store.db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', 'x')").run();
    await store.close();
    expect(() => new SqliteStore(path)).toThrow(/newer than this anchor knows/);
  });

  it('refuses migration files out of sequence', () => {
    const dir = mkdtempSync(join(tmpdir(), 'anchor-migrations-'));
    writeFileSync(join(dir, '001_a.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '003_c.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow(/numbered 1, 2, 3/);
    writeFileSync(join(dir, 'x.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow(/NNN_description/);
  });

  it('keeps one customer per account and memo', async () => {
    const store = new SqliteStore(':memory:');
    const key = { account: 'GA', memo: null, memoType: null };
    await store.createCustomer('a', key, change(1));
    await expect(store.createCustomer('b', key, change(1))).rejects.toThrow();
    await store.createCustomer('c', { ...key, memo: '1', memoType: 'id' }, change(1));
    await store.createCustomer('d', null, change(1));
    await store.createCustomer('e', null, change(1));
    expect((await store.findCustomer(key))?.id).toBe('a');
    expect(await store.updateCustomer('zzz', change(2))).toBeUndefined();
    await store.close();
  });

  it('deletes a customer with its fields and transaction links', async () => {
    const store = new SqliteStore(':memory:');
    await store.createCustomer('a', null, {
      ...change(1),
      set: { first_name: { value: 'A', providedAt: 1, verified: false } },
      transaction: { id: 't', type: 'sep6' },
    });
    expect((await store.findCustomerByTransaction('t', 'sep6'))?.fields.first_name?.value).toBe('A');
    expect(await store.deleteCustomer('a')).toBe(true);
    expect(await store.findCustomerByTransaction('t', 'sep6')).toBeUndefined();
    expect(store.db.prepare('SELECT count(*) AS n FROM customer_fields').get()).toMatchObject({ n: 0 });
    expect(await store.deleteCustomer('a')).toBe(false);
    await store.close();
  });
});
