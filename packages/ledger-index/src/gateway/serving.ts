/**
 * How starspec-horizon serves each operation of the ledger-api contract: from its own index
 * (limited to the ledgers it has ingested), by a direct RPC call, or both. One record per
 * operation; the README's table and the docs site's mapping page are read from it.
 */
import type { OperationId } from '@starspec/ledger-api';

export type ServedFrom = 'index' | 'rpc' | 'index+rpc';

export interface Serving {
  from: ServedFrom;
  /** What the answer is built from, in a sentence. */
  how: string;
}

const HISTORY = 'its index: the ledgers ingested through getLedgers';
const STATE =
  'its index: entries as the ingested ledgers left them (entries untouched since ingestion began are not known)';
const PATHS = "its index: the open offers and pools as ingested, searched as Horizon's path finder does";
/** One entry by its key: the index when it has seen the entry, else getLedgerEntries. */
const ONE_ENTRY =
  "its index when it has seen the entry, else getLedgerEntries (at the RPC server's latest ledger)";

export const GATEWAY_SERVING: Readonly<Record<OperationId, Serving>> = {
  getRoot: {
    from: 'index+rpc',
    how: 'ingestion state from its index; core version and latest ledger from getVersionInfo and getLatestLedger',
  },
  listLedgers: { from: 'index', how: HISTORY },
  getLedger: { from: 'index', how: HISTORY },
  listLedgerTransactions: { from: 'index', how: HISTORY },
  listLedgerOperations: { from: 'index', how: HISTORY },
  listLedgerPayments: { from: 'index', how: HISTORY },
  listLedgerEffects: { from: 'index', how: `${HISTORY}, effects derived from each operation's meta` },
  listTransactions: { from: 'index', how: HISTORY },
  getTransaction: { from: 'index', how: `${HISTORY}; 404 until the transaction's ledger is ingested` },
  listTransactionOperations: { from: 'index', how: HISTORY },
  listTransactionPayments: { from: 'index', how: HISTORY },
  listTransactionEffects: { from: 'index', how: `${HISTORY}, effects derived from each operation's meta` },
  submitTransaction: {
    from: 'index+rpc',
    how: "sendTransaction, then waits until its index holds the transaction's ledger (504 with the hash after the timeout)",
  },
  submitTransactionAsync: { from: 'rpc', how: "sendTransaction's status, as Horizon's codes" },
  listOperations: { from: 'index', how: HISTORY },
  getOperation: { from: 'index', how: HISTORY },
  listOperationEffects: { from: 'index', how: `${HISTORY}, effects derived from each operation's meta` },
  listPayments: { from: 'index', how: HISTORY },
  listEffects: { from: 'index', how: `${HISTORY}, effects derived from each operation's meta` },
  getFeeStats: { from: 'index', how: 'fees charged and bid in the last 5 ingested ledgers' },
  listAccounts: { from: 'index', how: STATE },
  getAccount: {
    from: 'index+rpc',
    how: 'its index when it knows every subentry, else getLedgerEntries; 503 still_ingesting while some are unknown',
  },
  listAccountTransactions: { from: 'index', how: HISTORY },
  listAccountOperations: { from: 'index', how: HISTORY },
  listAccountPayments: { from: 'index', how: HISTORY },
  listAccountEffects: { from: 'index', how: `${HISTORY}, effects derived from each operation's meta` },
  listAccountOffers: { from: 'index', how: STATE },
  listAccountTrades: {
    from: 'index',
    how: `${HISTORY}, trades from offer and pool crossings in operation results`,
  },
  getAccountData: { from: 'index+rpc', how: ONE_ENTRY },
  listClaimableBalances: { from: 'index', how: STATE },
  getClaimableBalance: { from: 'index+rpc', how: ONE_ENTRY },
  listClaimableBalanceTransactions: { from: 'index', how: HISTORY },
  listClaimableBalanceOperations: { from: 'index', how: HISTORY },
  listLiquidityPools: { from: 'index', how: STATE },
  getLiquidityPool: { from: 'index+rpc', how: ONE_ENTRY },
  listLiquidityPoolTransactions: { from: 'index', how: HISTORY },
  listLiquidityPoolOperations: { from: 'index', how: HISTORY },
  listLiquidityPoolEffects: { from: 'index', how: HISTORY },
  listLiquidityPoolTrades: {
    from: 'index',
    how: `${HISTORY}, trades from offer and pool crossings in operation results`,
  },
  listOffers: { from: 'index', how: STATE },
  getOffer: {
    from: 'index',
    how: "its index (an offer's key needs its seller); 503 still_ingesting for an old id it has not seen",
  },
  listOfferTrades: { from: 'index', how: `${HISTORY}, trades from offer crossings in operation results` },
  listTrades: { from: 'index', how: `${HISTORY}, trades from offer and pool crossings in operation results` },
  listTradeAggregations: {
    from: 'index',
    how: "its index: the pair's trades in the ingested ledgers, summed per time bucket",
  },
  getOrderBook: { from: 'index', how: "its index: the pair's open offers as ingested, summed by price" },
  listAssets: {
    from: 'index',
    how: 'its index: trust lines, claimable balances and pool reserves as ingested, summed per asset',
  },
  findStrictReceivePaths: { from: 'index', how: PATHS },
  findStrictSendPaths: { from: 'index', how: PATHS },
  findPaths: { from: 'index', how: PATHS },
};
