/**
 * The index's tables, the same on SQLite and PostgreSQL. Records are kept as the contract's JSON
 * (without `_links`) beside the columns the REST face filters and pages by.
 */
export const SCHEMA_VERSION = 5;

export const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS index_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ledgers (sequence BIGINT PRIMARY KEY, body TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS transactions (
    id BIGINT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, inner_hash TEXT, ledger BIGINT NOT NULL,
    successful INTEGER NOT NULL, body TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS transactions_inner_hash ON transactions (inner_hash)`,
  `CREATE INDEX IF NOT EXISTS transactions_ledger ON transactions (ledger, id)`,
  `CREATE TABLE IF NOT EXISTS operations (
    id BIGINT PRIMARY KEY, transaction_id BIGINT NOT NULL, ledger BIGINT NOT NULL,
    successful INTEGER NOT NULL, payment INTEGER NOT NULL, body TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS operations_transaction ON operations (transaction_id, id)`,
  `CREATE INDEX IF NOT EXISTS operations_ledger ON operations (ledger, id)`,
  // Who a transaction or operation involves: kind is account, claimable_balance or liquidity_pool.
  `CREATE TABLE IF NOT EXISTS participants (
    kind TEXT NOT NULL, subject TEXT NOT NULL, collection TEXT NOT NULL, id BIGINT NOT NULL,
    PRIMARY KEY (kind, subject, collection, id))`,
  // What the retention trim deletes participants by (the ids are TOIDs: ledger first).
  `CREATE INDEX IF NOT EXISTS participants_id ON participants (id)`,
  `CREATE TABLE IF NOT EXISTS effects (
    operation_id BIGINT NOT NULL, ord INTEGER NOT NULL, ledger BIGINT NOT NULL, account TEXT NOT NULL,
    body TEXT NOT NULL, PRIMARY KEY (operation_id, ord))`,
  `CREATE INDEX IF NOT EXISTS effects_ledger ON effects (ledger, operation_id, ord)`,
  `CREATE INDEX IF NOT EXISTS effects_account ON effects (account, operation_id, ord)`,
  `CREATE TABLE IF NOT EXISTS trades (
    operation_id BIGINT NOT NULL, ord INTEGER NOT NULL, ledger BIGINT NOT NULL, base_asset TEXT NOT NULL,
    counter_asset TEXT NOT NULL, base_offer_id TEXT, counter_offer_id TEXT, liquidity_pool TEXT,
    trade_type TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (operation_id, ord))`,
  // The accounts on either side of a trade (Horizon's `base_account_id`, `counter_account_id`).
  `CREATE TABLE IF NOT EXISTS trade_accounts (
    account TEXT NOT NULL, operation_id BIGINT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (account, operation_id, ord))`,
  `CREATE INDEX IF NOT EXISTS trade_accounts_operation ON trade_accounts (operation_id)`,
  // Horizon's `history_assets` ids of the assets trades have shown: they decide a trade's base.
  `CREATE TABLE IF NOT EXISTS trade_assets (key TEXT PRIMARY KEY, id INTEGER NOT NULL)`,
  // The live ledger entries the index has seen (base64 LedgerKey → base64 LedgerEntry).
  `CREATE TABLE IF NOT EXISTS entries (
    key TEXT PRIMARY KEY, kind TEXT NOT NULL, owner TEXT, entry TEXT NOT NULL, last_modified BIGINT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS entries_owner ON entries (owner, kind)`,
  // Current-state records, re-derived from `entries` for everything a ledger touches.
  `CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, body TEXT NOT NULL)`,
  // What listAccounts finds an account by: kind is signer, sponsor, asset or liquidity_pool.
  `CREATE TABLE IF NOT EXISTS account_filters (
    kind TEXT NOT NULL, subject TEXT NOT NULL, account_id TEXT NOT NULL, PRIMARY KEY (kind, subject, account_id))`,
  `CREATE INDEX IF NOT EXISTS account_filters_account ON account_filters (account_id, kind)`,
  // price is n/d as a double, what Horizon's order book groups and sorts offers by (version 4).
  `CREATE TABLE IF NOT EXISTS offers (
    id BIGINT PRIMARY KEY, seller TEXT NOT NULL, sponsor TEXT, selling TEXT NOT NULL, buying TEXT NOT NULL,
    body TEXT NOT NULL, price DOUBLE PRECISION)`,
  `CREATE INDEX IF NOT EXISTS offers_seller ON offers (seller, id)`,
  `CREATE INDEX IF NOT EXISTS offers_sponsor ON offers (sponsor, id)`,
  `CREATE INDEX IF NOT EXISTS offers_selling ON offers (selling, buying, id)`,
  `CREATE INDEX IF NOT EXISTS offers_buying ON offers (buying, id)`,
  `CREATE TABLE IF NOT EXISTS claimable_balances (
    id TEXT PRIMARY KEY, last_modified BIGINT NOT NULL, asset TEXT NOT NULL, sponsor TEXT, body TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS claimable_balances_page ON claimable_balances (last_modified, id)`,
  `CREATE INDEX IF NOT EXISTS claimable_balances_asset ON claimable_balances (asset, last_modified, id)`,
  `CREATE INDEX IF NOT EXISTS claimable_balances_sponsor ON claimable_balances (sponsor, last_modified, id)`,
  `CREATE TABLE IF NOT EXISTS claimable_balance_claimants (
    destination TEXT NOT NULL, balance_id TEXT NOT NULL, PRIMARY KEY (destination, balance_id))`,
  `CREATE INDEX IF NOT EXISTS claimable_balance_claimants_balance ON claimable_balance_claimants (balance_id)`,
  `CREATE TABLE IF NOT EXISTS liquidity_pools (
    id TEXT PRIMARY KEY, asset_a TEXT NOT NULL, asset_b TEXT NOT NULL, body TEXT NOT NULL)`,
  // The pools the path search reads for an asset.
  `CREATE INDEX IF NOT EXISTS liquidity_pools_asset_a ON liquidity_pools (asset_a)`,
  `CREATE INDEX IF NOT EXISTS liquidity_pools_asset_b ON liquidity_pools (asset_b)`,
  // Stellar Asset Contract instances and the balances contracts hold in SAC-shaped entries, by
  // the sha256 of their LedgerKey (their TTL's key hash); rows stay past live_until (version 5).
  `CREATE TABLE IF NOT EXISTS asset_contracts (
    key_hash TEXT PRIMARY KEY, contract_id TEXT NOT NULL, asset TEXT NOT NULL, live_until BIGINT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS asset_contracts_asset ON asset_contracts (asset, live_until)`,
  `CREATE TABLE IF NOT EXISTS contract_asset_balances (
    key_hash TEXT PRIMARY KEY, contract_id TEXT NOT NULL, amount TEXT NOT NULL, live_until BIGINT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS contract_asset_balances_contract ON contract_asset_balances (contract_id, live_until)`,
];

/** The columns holding a record's JSON or an entry's XDR: the values long enough to be compressed. */
const RECORD_COLUMNS = [
  ['ledgers', 'body'],
  ['transactions', 'body'],
  ['operations', 'body'],
  ['effects', 'body'],
  ['trades', 'body'],
  ['entries', 'entry'],
  ['accounts', 'body'],
  ['offers', 'body'],
  ['claimable_balances', 'body'],
  ['liquidity_pools', 'body'],
] as const;

/**
 * PostgreSQL compresses a value of more than about 2 kB as it stores it, with pglz unless told
 * otherwise; lz4 (PostgreSQL 14 and later, when built with it) took about a third less of the
 * server's CPU time while catching up on busy public-network ledgers, whose transactions carry
 * their meta's XDR. A new index's record columns use it where the server has it; an index made
 * before keeps pglz.
 */
export const LZ4_AVAILABLE = `SELECT 1 AS yes FROM pg_settings
  WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)`;
export const USE_LZ4 = RECORD_COLUMNS.map(
  ([table, column]) => `ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION lz4`,
);
