/**
 * When a ledger wakes a stream: only when the ledger holds something its filter can select, told
 * from the ledger's summary (ingest/ledger-summary.ts) without asking the store. Horizon asks the
 * database again for every stream at every ledger (render/sse/stream_handler.go ServeStream,
 * woken by ledger/ledger_source.go HistoryDBSource); what a stream sends is the same, only the
 * queries that would find nothing are spared. An operation without a rule here wakes every time.
 */
import type { OperationId } from '@starspec/ledger-api';
import type { HandlerRequest } from '@starspec/runtime/http';
import type { LedgerSummary } from '../ingest/ledger-summary.js';

/** Whether a ledger may hold something for the stream. */
export type WakeRule = (ledger: LedgerSummary) => boolean;

const always: WakeRule = () => true;

const pathOf = (request: HandlerRequest, name: string) => String(request.path[name] ?? '');

/** Records of one ledger: only that ledger adds to them. */
const ofLedger = (request: HandlerRequest): WakeRule => {
  const sequence = Number(pathOf(request, 'sequence'));
  return (ledger) => ledger.sequence === sequence;
};

/** Records of one transaction: only its own ledger adds to them. */
const ofTransaction = (request: HandlerRequest): WakeRule => {
  const hash = pathOf(request, 'hash').toLowerCase();
  return (ledger) => ledger.transactionHashes.has(hash);
};

const inHistoryOf =
  (request: HandlerRequest, count: (ledger: LedgerSummary) => number = () => 1): WakeRule =>
  (ledger) =>
    count(ledger) > 0 && ledger.historyAccounts.has(pathOf(request, 'account_id'));

const changedAccount = (request: HandlerRequest): WakeRule => {
  const account = pathOf(request, 'account_id');
  return (ledger) => ledger.changedAccounts.has(account);
};

const ofClaimableBalance = (request: HandlerRequest): WakeRule => {
  const id = pathOf(request, 'id');
  return (ledger) => ledger.claimableBalances.has(id);
};

const ofPool = (request: HandlerRequest): WakeRule => {
  const id = pathOf(request, 'id');
  return (ledger) => ledger.liquidityPools.has(id);
};

/** An operation's effects are all written with its ledger, the TOID's upper half. */
const ofOperation = (request: HandlerRequest): WakeRule => {
  const id = pathOf(request, 'id');
  if (!/^\d{1,19}$/.test(id)) return () => false;
  const sequence = Number(BigInt(id) >> 32n);
  return (ledger) => ledger.sequence === sequence;
};

/** All trades, narrowed by the offer or pool asked for (asset pairs and types wake on any trade). */
const trades = (request: HandlerRequest): WakeRule => {
  const offer = request.query.offer_id;
  const pool = request.query.liquidity_pool_id;
  return (ledger) =>
    ledger.trades > 0 &&
    (offer === undefined || ledger.tradedOffers.has(String(offer))) &&
    (pool === undefined || ledger.liquidityPools.has(String(pool)));
};

const RULES: Partial<Record<OperationId, (request: HandlerRequest) => WakeRule>> = {
  listLedgers: () => always,
  listLedgerTransactions: ofLedger,
  listLedgerOperations: ofLedger,
  listLedgerPayments: ofLedger,
  listLedgerEffects: ofLedger,
  listTransactions: () => (ledger) => ledger.transactions > 0,
  listTransactionOperations: ofTransaction,
  listTransactionPayments: ofTransaction,
  listTransactionEffects: ofTransaction,
  listOperations: () => (ledger) => ledger.operations > 0,
  listOperationEffects: ofOperation,
  listPayments: () => (ledger) => ledger.payments > 0,
  listEffects: () => (ledger) => ledger.effects > 0,
  getAccount: changedAccount,
  getAccountData: changedAccount,
  listAccountTransactions: (request) => inHistoryOf(request, (ledger) => ledger.transactions),
  listAccountOperations: (request) => inHistoryOf(request, (ledger) => ledger.operations),
  listAccountPayments: (request) => inHistoryOf(request, (ledger) => ledger.payments),
  listAccountEffects: (request) => inHistoryOf(request, (ledger) => ledger.effects),
  listAccountTrades: (request) => inHistoryOf(request, (ledger) => ledger.trades),
  listAccountOffers: (request) => {
    const seller = pathOf(request, 'account_id');
    return (ledger) => ledger.offerSellers.has(seller);
  },
  listClaimableBalanceTransactions: ofClaimableBalance,
  listClaimableBalanceOperations: ofClaimableBalance,
  listLiquidityPoolTransactions: ofPool,
  listLiquidityPoolOperations: ofPool,
  listLiquidityPoolEffects: ofPool,
  listLiquidityPoolTrades: ofPool,
  listOfferTrades: (request) => {
    const id = pathOf(request, 'id');
    return (ledger) => ledger.tradedOffers.has(id);
  },
  listTrades: trades,
};

/** The wake rule of a stream of `operationId` for this request. */
export function wakeRule(operationId: string, request: HandlerRequest): WakeRule {
  return RULES[operationId as OperationId]?.(request) ?? always;
}
