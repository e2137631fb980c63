/**
 * @starspec/ledger-index: closed ledgers (LedgerCloseMeta) in, the Horizon-compatible REST API of
 * the ledger-api contract out.
 */

export { deriveBatch } from './derive/batch.js';
export type { BodyJson, IndexBatch } from './derive/records.js';
export { type Gateway, type GatewayOptions, startGateway } from './gateway/gateway.js';
export { GATEWAY_SERVING, type ServedFrom, type Serving } from './gateway/serving.js';
// CORS, problem documents and the stream caps: also the light `/host` entry.
export * from './host.js';
export {
  type DerivedLedgers,
  type Deriver,
  type DeriveStart,
  deriveLedgers,
  localDeriver,
} from './ingest/derive-ledgers.js';
export { threadDeriver } from './ingest/derive-thread.js';
export { Ingester, type IngesterOptions } from './ingest/ingester.js';
export type { LedgerSummary } from './ingest/ledger-summary.js';
export type { RetentionOptions } from './ingest/reaper.js';
export {
  type ClosedLedger,
  type ClosedTransaction,
  type LedgerCloseMetaInput,
  readClosedLedger,
} from './meta/closed-ledger.js';
export { createLedgerApiListener, type LedgerApiFaceOptions, ledgerApiHandlers } from './rest/face.js';
export { type RateLimit, rateLimiter } from './rest/rate-limit.js';
export type { EntrySource, LedgerSource, LiveEntries, SourceStatus, SubmitAnswer } from './source.js';
export type { Row, SqlDriver, SqlExecutor, SqlValue } from './store/driver.js';
export { IndexStore, IndexStoreError, type PageQuery } from './store/index-store.js';
export { openDatabase } from './store/open-index.js';
export { openPostgres, type PoolOptions } from './store/postgres.js';
export { openSqlite } from './store/sqlite.js';
