/**
 * Deleting history by ledger: every history table's rows of a range of ledgers, as Horizon's
 * reaper does (stellar/go services/horizon internal/db2/history `DeleteRangeAll`: each table by
 * the TOID column it is keyed on). Current state (entries, accounts, offers, …) and the trades'
 * asset ids (a lookup table bounded by the assets, not the ledgers) are never deleted.
 */
import type { SqlExecutor } from './driver.js';

/** Each history table and its column holding a TOID (the ledger in its high 32 bits). */
const BY_TOID: readonly (readonly [table: string, column: string])[] = [
  ['effects', 'operation_id'],
  ['trade_accounts', 'operation_id'],
  ['trades', 'operation_id'],
  ['participants', 'id'],
  ['operations', 'id'],
  ['transactions', 'id'],
];

/** The history tables, for counting what a retention keeps. */
export const HISTORY_TABLES = ['ledgers', ...BY_TOID.map(([table]) => table)] as const;

/** The first TOID of a ledger (toid.New(sequence, 0, 0)). */
const toidOf = (sequence: number): bigint => BigInt(sequence) << 32n;

/** Deletes the history of ledgers `from` to `to` (inclusive), in the caller's transaction. */
export async function deleteLedgerRange(tx: SqlExecutor, from: number, to: number): Promise<void> {
  const [start, end] = [toidOf(from), toidOf(to + 1)];
  for (const [table, column] of BY_TOID)
    await tx.run(`DELETE FROM ${table} WHERE ${column} >= ? AND ${column} < ?`, [start, end]);
  // The ledgers last: the elder ledger (the oldest one left) moves only with its rows gone.
  await tx.run('DELETE FROM ledgers WHERE sequence >= ? AND sequence <= ?', [from, to]);
}
