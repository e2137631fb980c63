/**
 * A reingestion job's rows. Workers derive ledgers in any order, but Horizon numbers the trades'
 * assets in ledger order (`history_assets`), and those ids decide each trade's base: a worker
 * derives each trade both ways round, the coordinator numbers the assets job after job, in
 * ledger order (`assignTrades`), and the writer keeps the side that numbering gives
 * (`historyBatches`). N workers thus write what one does.
 */
import { deriveHistory } from '../derive/batch.js';
import type { HistoryBatch, LedgerHistory } from '../derive/records.js';
import {
  assetsNumberedAfter,
  baseIsSeller,
  numberAssetKeys,
  type TradeAssetIds,
  type TwoSidedTrade,
  twoSided,
} from '../derive/trades.js';
import { readClosedLedger } from '../meta/closed-ledger.js';

/** Consecutive ledgers a worker reads, derives (and on PostgreSQL writes) as one transaction. */
export interface Job {
  id: number;
  from: number;
  to: number;
}

type AssetPair = [seller: string, buyer: string];

/** A ledger's history, each trade with both of its sides as the base. */
export interface DerivedLedger extends LedgerHistory {
  trades: TwoSidedTrade[];
}

/** Per ledger of a job: each trade's side (true: the seller's asset is the base), and the assets numbered first. */
export interface TradeAssignment {
  sides: boolean[][];
  tradeAssets: [string, number][][];
}

/** The jobs covering `from`–`to`, `size` ledgers each (the last may be shorter). */
export function planJobs(from: number, to: number, size: number): Job[] {
  const jobs: Job[] = [];
  for (let start = from; start <= to; start += size)
    jobs.push({ id: jobs.length, from: start, to: Math.min(to, start + size - 1) });
  return jobs;
}

export function deriveLedgers(
  metas: Parameters<typeof readClosedLedger>[0][],
  passphrase: string,
): DerivedLedger[] {
  return metas.map((meta) => {
    const { sellerTrades, ...history } = deriveHistory(readClosedLedger(meta, passphrase));
    const trades = sellerTrades.map((trade) => twoSided(trade, history.ledger.sequence));
    return { ...history, trades };
  });
}

/** The asset pairs of each ledger's trades: what `assignTrades` needs of a job. */
export const tradeKeysOf = (ledgers: readonly DerivedLedger[]): AssetPair[][] =>
  ledgers.map((ledger) => ledger.trades.map((trade) => trade.keys));

/** Numbers the job's new assets after those in `ids` (updated), ledger by ledger. */
export function assignTrades(keys: readonly AssetPair[][], ids: TradeAssetIds): TradeAssignment {
  const assignment: TradeAssignment = { sides: [], tradeAssets: [] };
  for (const pairs of keys) {
    const known = ids.size;
    numberAssetKeys(pairs.flat(), ids);
    assignment.sides.push(pairs.map((pair) => baseIsSeller(pair, ids)));
    assignment.tradeAssets.push(assetsNumberedAfter(ids, known));
  }
  return assignment;
}

export function historyBatches(
  ledgers: readonly DerivedLedger[],
  assignment: TradeAssignment,
): HistoryBatch[] {
  return ledgers.map(({ trades, ...history }, i) => ({
    ...history,
    trades: trades.map((trade, k) => (assignment.sides[i]?.[k] ? trade.asSeller : trade.asBuyer)),
    tradeAssets: assignment.tradeAssets[i] ?? [],
  }));
}
