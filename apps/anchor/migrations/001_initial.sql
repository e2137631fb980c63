-- Customers (SEP-12), the fields they provided (SEP-9 names), and their links to transactions.
CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  account TEXT,
  memo TEXT,
  memo_type TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  rejection_reason TEXT,
  rejection_at INTEGER
);

-- One customer per account and memo. NULL memos are compared as '' so that an unshared account
-- has exactly one customer.
CREATE UNIQUE INDEX customers_by_key
  ON customers (account, ifnull(memo, ''), ifnull(memo_type, ''))
  WHERE account IS NOT NULL;

CREATE TABLE customer_fields (
  customer_id TEXT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  content BLOB,
  content_type TEXT,
  provided_at INTEGER NOT NULL,
  verified INTEGER NOT NULL DEFAULT 0,
  verification_code TEXT,
  PRIMARY KEY (customer_id, name)
) WITHOUT ROWID;

CREATE TABLE customer_transactions (
  transaction_id TEXT NOT NULL,
  type TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  PRIMARY KEY (transaction_id, type)
) WITHOUT ROWID;

CREATE INDEX customer_transactions_by_customer ON customer_transactions (customer_id);

-- Transactions whose amount the anchor knows, for amount-dependent KYC requirements.
CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  amount TEXT NOT NULL,
  asset TEXT NOT NULL
) WITHOUT ROWID;

-- Firm quotes (SEP-38) as answered to the platform.
CREATE TABLE quotes (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  sell_asset TEXT NOT NULL,
  buy_asset TEXT NOT NULL,
  sell_amount TEXT NOT NULL,
  buy_amount TEXT NOT NULL,
  price TEXT NOT NULL,
  fee TEXT,
  sell_delivery_method TEXT,
  buy_delivery_method TEXT,
  country_code TEXT,
  expire_after TEXT,
  expires_at TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX quotes_by_client ON quotes (client_id, created_at);
