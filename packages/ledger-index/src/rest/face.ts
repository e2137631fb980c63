/**
 * The REST face: every operation of the ledger-api contract served from the index on the
 * contract's generated request handling (requests validated, errors as problem+json).
 */
import { contract, errorStyle, type OperationId, validate } from '@starspec/ledger-api';
import {
  createRequestListener,
  type Handler,
  type RequestListener,
  type ServerOptions,
} from '@starspec/runtime/http';
import type { LedgerSource } from '../source.js';
import type { IndexStore } from '../store/index-store.js';
import { listAssets } from './assets.js';
import { feeStats } from './fee-stats.js';
import { historyHandlers } from './history.js';
import { orderBook } from './order-book.js';
import { strictReceivePaths, strictSendPaths } from './paths.js';
import { type RateLimit, withRateLimit } from './rate-limit.js';
import { rootDocument } from './root.js';
import { stateHandlers } from './state.js';
import { type StreamOptions, withStreams } from './stream.js';
import { type SubmitOptions, submissionHandlers } from './submit.js';
import { tradeAggregations } from './trade-aggregations.js';
import { tradeHandlers } from './trades.js';

export interface LedgerApiFaceOptions extends ServerOptions, SubmitOptions, StreamOptions {
  store: IndexStore;
  source: LedgerSource;
  /** Requests per client address (off by default). */
  rateLimit?: RateLimit;
}

export function ledgerApiHandlers(options: LedgerApiFaceOptions): Partial<Record<OperationId, Handler>> {
  const { store, source } = options;
  const handlers: Partial<Record<OperationId, Handler>> = {
    getRoot: (request) => rootDocument(store, source, request),
    getFeeStats: () => feeStats(store),
    getOrderBook: (request) => orderBook(store, request),
    listTradeAggregations: (request) => tradeAggregations(store, request),
    listAssets: (request) => listAssets(store, request),
    findStrictReceivePaths: (request) => strictReceivePaths(store, request),
    findPaths: (request) => strictReceivePaths(store, request),
    findStrictSendPaths: (request) => strictSendPaths(store, request),
    ...historyHandlers(store),
    ...submissionHandlers(store, source, options),
    ...tradeHandlers(store),
    ...stateHandlers(store, source.state, options.onError && ((error) => options.onError?.(error, {}))),
  };
  return withStreams(handlers, options, () => store.latestLedger());
}

export function createLedgerApiListener(options: LedgerApiFaceOptions): RequestListener {
  const listener = createRequestListener(
    { contract, validate, errorStyle },
    ledgerApiHandlers(options),
    options,
  );
  return withRateLimit(listener, options.rateLimit);
}
