/**
 * Reingestion's write: a range's history deleted and written again in one transaction, so a rerun
 * leaves the same rows (stellar/go services/horizon `reingestHistoryRangeState`: the range's
 * history is cleared before it is ingested again). Current state (entries, accounts, offers, …)
 * is never written: it stands at the index's latest ledger, which only live ingestion moves.
 */
import type { BodyJson, HistoryBatch } from '../derive/records.js';
import type { SqlExecutor } from './driver.js';
import { deleteLedgerRange } from './history-trim.js';
import { writeHistory } from './history-write.js';

/**
 * The last ledger reingestion wrote, when it wrote the index's latest: reingesting at or past
 * the latest ledger is then no conflict with live ingestion (which has not gone further).
 */
const REINGESTED_THROUGH = 'reingested_through';

export async function rewriteHistory(
  tx: SqlExecutor,
  from: number,
  to: number,
  batches: readonly HistoryBatch<BodyJson>[],
): Promise<void> {
  await deleteLedgerRange(tx, from, to);
  await writeHistory(tx, batches);
  // The highest wins: workers on PostgreSQL commit their ranges in any order.
  await tx.run(
    `INSERT INTO index_meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
      WHERE CAST(index_meta.value AS BIGINT) < CAST(excluded.value AS BIGINT)`,
    [REINGESTED_THROUGH, String(to)],
  );
}

/**
 * Why ledgers up to `to` may not be reingested, or undefined: as Horizon's reingestion
 * (`ErrReingestRangeConflict`), a range reaching the latest ledger live ingestion wrote is
 * refused: that ledger and those after it are live ingestion's, with their state.
 */
export async function reingestConflict(tx: SqlExecutor, to: number): Promise<string | undefined> {
  const [top] = await tx.query('SELECT MAX(sequence) AS s FROM ledgers');
  const [mark] = await tx.query('SELECT value FROM index_meta WHERE name = ?', [REINGESTED_THROUGH]);
  if (top?.s === null || top?.s === undefined) return undefined;
  const latest = Number(top.s);
  if (to < latest || (mark !== undefined && Number(mark.value) >= latest)) return undefined;
  return `the index's latest ledger, ${latest}, was ingested live: reingest ledgers before it (--to ${latest - 1} at most)`;
}
