/**
 * What one ingested ledger holds, in a few sets and counts, made once at ingest from the batch the
 * store writes: open streams test their filter against it (rest/stream-wake.ts) rather than each
 * asking the store again after every ledger. Each set is a superset of what the matching query
 * selects (a stream woken for nothing costs one query; one not woken would miss records).
 */
import type { BodyJson, IndexBatch } from '../derive/records.js';

export interface LedgerSummary {
  sequence: number;
  transactions: number;
  operations: number;
  /** Operations the payments endpoints list. */
  payments: number;
  effects: number;
  trades: number;
  /** Hashes (hex, lower case) of its transactions, fee bumps' inner hashes too. */
  transactionHashes: ReadonlySet<string>;
  /** Accounts its history names: transaction and operation participants, effect accounts, trade sides. */
  historyAccounts: ReadonlySet<string>;
  /** Claimable balances its transactions and operations touch. */
  claimableBalances: ReadonlySet<string>;
  /** Liquidity pools its transactions and operations touch, and those its trades cross. */
  liquidityPools: ReadonlySet<string>;
  /** Offer ids on either side of its trades. */
  tradedOffers: ReadonlySet<string>;
  /** Accounts whose account, trust line or data entries changed (the account resource and its data). */
  changedAccounts: ReadonlySet<string>;
  /** Sellers of the offers that changed. */
  offerSellers: ReadonlySet<string>;
}

function addAll(set: Set<string>, values: Iterable<string | undefined>): void {
  for (const value of values) if (value !== undefined) set.add(value);
}

export function summarizeLedger(batch: IndexBatch<BodyJson>): LedgerSummary {
  const hashes = new Set<string>();
  const accounts = new Set<string>();
  const balances = new Set<string>();
  const pools = new Set<string>();
  const offers = new Set<string>();
  // A transaction's participants hold its operations' (derive/batch.ts).
  for (const tx of batch.transactions) {
    addAll(hashes, [tx.hash, tx.innerHash]);
    addAll(accounts, tx.accounts);
    addAll(balances, tx.claimableBalances);
    addAll(pools, tx.liquidityPools);
  }
  addAll(
    accounts,
    batch.effects.map((effect) => effect.account),
  );
  for (const trade of batch.trades) {
    const sides = trade.body as { base_account?: string; counter_account?: string };
    addAll(accounts, [sides.base_account, sides.counter_account]);
    addAll(offers, [trade.baseOfferId, trade.counterOfferId]);
    addAll(pools, [trade.liquidityPool]);
  }
  return {
    sequence: batch.ledger.sequence,
    transactions: batch.transactions.length,
    operations: batch.operations.length,
    payments: batch.operations.filter((op) => op.payment).length,
    effects: batch.effects.length,
    trades: batch.trades.length,
    transactionHashes: hashes,
    historyAccounts: accounts,
    claimableBalances: balances,
    liquidityPools: pools,
    tradedOffers: offers,
    changedAccounts: batch.state.touched.accounts,
    offerSellers: batch.state.touched.offerSellers,
  };
}
