/**
 * What the index keeps of each closed ledger: the ledger-api contract's records without their
 * `_links` (links are built per request, from its own origin), with the columns the REST
 * face filters and pages by.
 */
import type { components } from '@starspec/ledger-api';
import type { StateChanges } from './state/ledger-state.js';

type Schemas = components['schemas'];
/** A contract record as stored: everything but `_links`. */
export type Stored<T> = T extends unknown ? Omit<T, '_links'> : never;

export type LedgerBody = Stored<Schemas['Ledger']>;
export type TransactionBody = Stored<Schemas['Transaction']>;
export type OperationBody = Stored<Schemas['Operation']>;
export type EffectBody = Stored<Schemas['Effect']>;
export type TradeBody = Stored<Schemas['Trade']>;

export interface LedgerRow {
  sequence: number;
  body: LedgerBody;
}

/** The accounts, claimable balances and liquidity pools a transaction or operation touches. */
export interface Participants {
  accounts: string[];
  claimableBalances: string[];
  liquidityPools: string[];
}

/**
 * A record's body as its JSON, written by the thread that derived it (derive-worker.ts): the
 * writing thread stores it as it is, instead of taking the body over and writing it itself.
 */
export interface BodyJson {
  bodyJson: string;
}

export interface TransactionRow<Body = TransactionBody> extends Participants {
  /** TOID (ledger, order, 0). */
  id: bigint;
  /** Hex hash; for a fee bump, the outer hash (the inner one is `innerHash`). */
  hash: string;
  innerHash?: string;
  ledger: number;
  successful: boolean;
  body: Body;
}

export interface OperationRow<Body = OperationBody> extends Participants {
  /** TOID (ledger, order, index). */
  id: bigint;
  transactionId: bigint;
  ledger: number;
  successful: boolean;
  /** Listed by the payments endpoints (create_account, payment, path payments, account_merge…). */
  payment: boolean;
  body: Body;
}

export interface EffectRow<Body = EffectBody> {
  /** The operation's TOID (Horizon has no fee effects: every effect belongs to an operation). */
  operationId: bigint;
  /** 1-based order within the operation. */
  order: number;
  ledger: number;
  account: string;
  body: Body;
}

export interface TradeRow {
  operationId: bigint;
  order: number;
  ledger: number;
  /** Canonical asset strings (`native`, `CODE:ISSUER`). */
  baseAsset: string;
  counterAsset: string;
  baseOfferId?: string;
  counterOfferId?: string;
  liquidityPool?: string;
  tradeType: 'orderbook' | 'liquidity_pool';
  body: TradeBody;
}

/**
 * A ledger's history rows before its trades (which need Horizon's asset ids). `Written` is
 * `BodyJson` where a body may come written already (what the writing thread is handed).
 */
export interface LedgerHistory<Written = never> {
  ledger: LedgerRow;
  transactions: TransactionRow<TransactionBody | Written>[];
  operations: OperationRow<OperationBody | Written>[];
  effects: EffectRow<EffectBody | Written>[];
}

/** A ledger's history rows: what `writeHistory` stores (reingestion writes nothing else). */
export interface HistoryBatch<Written = never> extends LedgerHistory<Written> {
  trades: TradeRow[];
  /** Assets this ledger's trades numbered for the first time (Horizon's `history_assets` ids). */
  tradeAssets?: [string, number][];
}

/** Everything one closed ledger adds to the index, written in one store transaction. */
export interface IndexBatch<Written = never> extends HistoryBatch<Written> {
  /** What its ledger entry changes make of the index's state. */
  state: StateChanges;
}
