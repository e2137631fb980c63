/**
 * Every statement the SQLite store runs, prepared once when the store opens: preparing is a
 * large part of a request's cost when done per call.
 */
import type LibsqlDatabase from 'libsql';

const SQL = {
  customerById: 'SELECT * FROM customers WHERE id = ?',
  customerExists: 'SELECT 1 FROM customers WHERE id = ?',
  customerByKey: `SELECT * FROM customers WHERE account = ? AND ifnull(memo, '') = ? AND ifnull(memo_type, '') = ?`,
  customerByTransaction: `SELECT c.* FROM customers c JOIN customer_transactions t ON t.customer_id = c.id
    WHERE t.transaction_id = ? AND t.type = ?`,
  insertCustomer:
    'INSERT INTO customers (id, account, memo, memo_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  touchCustomer: 'UPDATE customers SET updated_at = ?, rejection_reason = ?, rejection_at = ? WHERE id = ?',
  deleteCustomer: 'DELETE FROM customers WHERE id = ?',
  fieldsOfCustomer: 'SELECT * FROM customer_fields WHERE customer_id = ? ORDER BY name',
  upsertField: `INSERT INTO customer_fields (customer_id, name, value, content, content_type, provided_at, verified, verification_code)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (customer_id, name) DO UPDATE SET value = excluded.value, content = excluded.content,
      content_type = excluded.content_type, provided_at = excluded.provided_at, verified = excluded.verified,
      verification_code = excluded.verification_code`,
  deleteField: 'DELETE FROM customer_fields WHERE customer_id = ? AND name = ?',
  verifyField:
    'UPDATE customer_fields SET verified = 1, verification_code = NULL WHERE customer_id = ? AND name = ?',
  linkTransaction: `INSERT INTO customer_transactions (transaction_id, type, customer_id) VALUES (?, ?, ?)
    ON CONFLICT (transaction_id, type) DO UPDATE SET customer_id = excluded.customer_id`,
  transactionById: 'SELECT id, amount, asset FROM transactions WHERE id = ?',
  upsertTransaction: `INSERT INTO transactions (id, amount, asset) VALUES (?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, asset = excluded.asset`,
  insertQuote: `INSERT INTO quotes (id, client_id, sell_asset, buy_asset, sell_amount, buy_amount, price, fee,
      sell_delivery_method, buy_delivery_method, country_code, expire_after, expires_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  quoteById: 'SELECT * FROM quotes WHERE id = ?',
} as const;

export type Statements = { [name in keyof typeof SQL]: LibsqlDatabase.Statement };

/** Prepares every statement of the store on an open, migrated database. */
export function prepareStatements(db: LibsqlDatabase.Database): Statements {
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as Statements;
}
