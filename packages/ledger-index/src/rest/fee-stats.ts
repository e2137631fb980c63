/**
 * `GET /fee_stats`, as Horizon's operation fee stats compute it: over the last 5 ingested
 * ledgers, each transaction's fee charged and fee bid per operation (a fee bump counts one more),
 * as percentiles (`percentile_disc`), mode and extremes; the base fee when nothing was paid.
 */
import type { HandlerResult } from '@starspec/runtime/http';
import type { IndexStore } from '../store/index-store.js';
import { HAL_JSON } from './request.js';

const WINDOW = 5;
const PERCENTILES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99] as const;

type Distribution = Record<string, string>;

/** Smallest of the most frequent values; percentiles as `percentile_disc`. */
export function distribution(values: readonly bigint[], fallback: bigint): Distribution {
  const sorted = values.length > 0 ? [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : [fallback];
  const counts = new Map<bigint, number>();
  for (const v of sorted) counts.set(v, (counts.get(v) ?? 0) + 1);
  let mode = sorted[0] as bigint;
  for (const [value, count] of counts) if (count > (counts.get(mode) ?? 0)) mode = value;
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as bigint;
  return {
    max: String(sorted.at(-1)),
    min: String(sorted[0]),
    mode: String(mode),
    ...Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, String(at(p))])),
  };
}

type FeeStatsBody = Record<string, unknown>;

/** The answer for the latest ledger: the stats change only when a ledger is ingested. */
const computed = new WeakMap<IndexStore, { latest: number; body: Promise<FeeStatsBody> }>();

export async function feeStats(store: IndexStore): Promise<HandlerResult> {
  const latest = (await store.latestLedger()) ?? 0;
  let entry = computed.get(store);
  if (entry?.latest !== latest) {
    const body = feeStatsBody(store, latest);
    entry = { latest, body };
    computed.set(store, entry);
    // A failed read is not kept: the next request reads again.
    body.catch(() => computed.get(store)?.body === body && computed.delete(store));
  }
  return { status: 200, headers: HAL_JSON, body: await entry.body };
}

async function feeStatsBody(store: IndexStore, latest: number): Promise<FeeStatsBody> {
  const ledger = ((await store.ledger(latest)) ?? {}) as Record<string, unknown>;
  const baseFee = BigInt(Number(ledger.base_fee_in_stroops ?? 100));
  const charged: bigint[] = [];
  const bids: bigint[] = [];
  let after: bigint[] | undefined;
  for (;;) {
    const page = (await store.page({
      table: 'transactions',
      where: ['ledger > ?', 'ledger <= ?'],
      params: [latest - WINDOW, latest],
      after,
      order: 'asc',
      limit: 500,
    })) as Record<string, unknown>[];
    for (const tx of page) {
      const ops = BigInt(Number(tx.operation_count)) + (tx.fee_bump_transaction ? 1n : 0n);
      charged.push(BigInt(String(tx.fee_charged)) / ops);
      bids.push(BigInt(String(tx.max_fee)) / ops);
    }
    if (page.length < 500) break;
    after = [BigInt(String(page.at(-1)?.paging_token))];
  }
  const capacity = Number(ledger.max_tx_set_size ?? 0);
  const used = Number(ledger.tx_set_operation_count ?? 0);
  return {
    last_ledger: String(latest),
    last_ledger_base_fee: String(baseFee),
    ledger_capacity_usage: (capacity > 0 ? used / capacity : 0).toFixed(2),
    fee_charged: distribution(charged, baseFee),
    max_fee: distribution(bids, baseFee),
  };
}
