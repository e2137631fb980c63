/** Everything the index learns from one closed ledger. */
import type { ClosedLedger } from '../meta/closed-ledger.js';
import { ledgerChanges } from '../meta/entry-changes.js';
import { effectRows } from './effects/index.js';
import { ledgerBody } from './ledger.js';
import { operationContexts, operationRows } from './operations/index.js';
import type { IndexBatch, LedgerHistory, OperationRow, TransactionRow } from './records.js';
import { type StateChanges, stateChanges } from './state/ledger-state.js';
import {
  assetsNumberedAfter,
  operationTrades,
  pickSides,
  type SellerTrade,
  type TradeAssetIds,
  type TwoSidedTrade,
  tradeRows,
  twoSided,
} from './trades.js';
import { transactionBody } from './transaction.js';

/**
 * A ledger's history rows, its trades still from the sellers' side: which side is the base needs
 * Horizon's asset ids, numbered in ledger order (see `deriveBatch`).
 */
export function deriveHistory(ledger: ClosedLedger): LedgerHistory & { sellerTrades: SellerTrade[] } {
  const transactions: TransactionRow[] = [];
  const operations: OperationRow[] = [];
  const sellerTrades: SellerTrade[] = [];
  for (const tx of ledger.transactions) {
    const body = transactionBody(ledger, tx);
    const id = BigInt(body.paging_token);
    const contexts = operationContexts(ledger, tx);
    const ops = operationRows(contexts, id);
    operations.push(...ops);
    sellerTrades.push(...contexts.flatMap(operationTrades));
    const union = (pick: (op: OperationRow) => string[]) => [...new Set(ops.flatMap(pick))];
    transactions.push({
      id,
      hash: tx.hash,
      innerHash: body.inner_transaction?.hash,
      ledger: ledger.sequence,
      successful: tx.successful,
      accounts: [...new Set([body.source_account, body.fee_account, ...union((op) => op.accounts)])],
      claimableBalances: union((op) => op.claimableBalances),
      liquidityPools: union((op) => op.liquidityPools),
      body,
    });
  }
  return {
    ledger: { sequence: ledger.sequence, body: ledgerBody(ledger) },
    transactions,
    operations,
    effects: effectRows(ledger),
    sellerTrades,
  };
}

/**
 * `tradeAssetIds` numbers assets as Horizon's `history_assets` does, which decides the base and
 * counter of trades: pass the same map for every ledger, in order (a new map orders the assets
 * first traded in this ledger alone).
 */
export function deriveBatch(ledger: ClosedLedger, tradeAssetIds: TradeAssetIds = new Map()): IndexBatch {
  const knownAssets = tradeAssetIds.size;
  const { sellerTrades, ...history } = deriveHistory(ledger);
  return {
    ...history,
    trades: tradeRows(sellerTrades, ledger.sequence, tradeAssetIds),
    state: stateChanges(ledgerChanges(ledger), ledger.sequence, ledger.passphrase),
    tradeAssets: assetsNumberedAfter(tradeAssetIds, knownAssets),
  };
}

/** A ledger's batch before Horizon's asset ids are known: its trades two-sided. */
export interface UnnumberedBatch<Written = never> extends LedgerHistory<Written> {
  trades: TwoSidedTrade[];
  state: StateChanges;
}

/**
 * `deriveBatch` with nothing before it: the ledgers of a run can be derived in any order (on
 * several threads) and numbered in order after (`numberBatch`).
 */
export function deriveUnnumbered(ledger: ClosedLedger): UnnumberedBatch {
  const { sellerTrades, ...history } = deriveHistory(ledger);
  return {
    ...history,
    trades: sellerTrades.map((trade) => twoSided(trade, ledger.sequence)),
    state: stateChanges(ledgerChanges(ledger), ledger.sequence, ledger.passphrase),
  };
}

/** What `deriveBatch` gives, from an unnumbered batch and the asset ids so far (updated). */
export function numberBatch<Written = never>(
  batch: UnnumberedBatch<Written>,
  tradeAssetIds: TradeAssetIds,
): IndexBatch<Written> {
  const knownAssets = tradeAssetIds.size;
  const trades = pickSides(batch.trades, tradeAssetIds);
  return {
    ...batch,
    trades,
    tradeAssets: assetsNumberedAfter(tradeAssetIds, knownAssets),
  };
}
