/**
 * Keeps the current-state records (accounts, offers, claimable balances, liquidity pools) in
 * step with `entries`: after a ledger's entry changes are applied, in the same transaction,
 * every record the ledger touched is derived again from the live entries, or deleted when its
 * entry is gone.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { entrySponsor } from '../derive/entry.js';
import type { IndexBatch } from '../derive/records.js';
import { accountFilters, accountRecord } from '../derive/state/account.js';
import { claimableBalanceColumns, claimableBalanceRecord } from '../derive/state/claimable-balance.js';
import { liquidityPoolColumns, liquidityPoolRecord } from '../derive/state/liquidity-pool.js';
import { offerColumns, offerRecord } from '../derive/state/offer.js';
import { touchedRecords } from '../derive/state/touched.js';
import type { SqlExecutor, SqlValue } from './driver.js';

/** The close time (`closed_at`) of a ledger in the index, null when the index does not hold it. */
type CloseTime = (sequence: number) => Promise<string | null>;

function closeTimes(tx: SqlExecutor, batch: IndexBatch): CloseTime {
  const known = new Map<number, string | null>([[batch.ledger.sequence, batch.ledger.body.closed_at]]);
  return async (sequence) => {
    const cached = known.get(sequence);
    if (cached !== undefined) return cached;
    const [row] = await tx.query('SELECT body FROM ledgers WHERE sequence = ?', [sequence]);
    const closedAt = row
      ? ((JSON.parse(String(row.body)) as { closed_at?: string }).closed_at ?? null)
      : null;
    known.set(sequence, closedAt);
    return closedAt;
  };
}

function decode(row: Record<string, unknown>): xdr.LedgerEntry {
  return xdr.LedgerEntry.fromXdr(String(row.entry), 'base64');
}

async function entryAt(tx: SqlExecutor, key: string): Promise<xdr.LedgerEntry | undefined> {
  const [row] = await tx.query('SELECT entry FROM entries WHERE key = ?', [key]);
  return row ? decode(row) : undefined;
}

/** Inserts a row, or replaces every column but the first (the primary key). */
async function upsert(tx: SqlExecutor, table: string, row: Record<string, SqlValue>): Promise<void> {
  const columns = Object.keys(row);
  const updates = columns.slice(1).map((column) => `${column} = excluded.${column}`);
  await tx.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (${columns[0]}) DO UPDATE SET ${updates.join(', ')}`,
    Object.values(row),
  );
}

async function writeAccount(tx: SqlExecutor, id: string, closeTime: CloseTime): Promise<void> {
  const rows = await tx.query(
    "SELECT kind, entry FROM entries WHERE owner = ? AND kind IN ('account', 'trustline', 'data')",
    [id],
  );
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(decode);
  const [account] = of('account');
  await tx.run('DELETE FROM account_filters WHERE account_id = ?', [id]);
  if (!account) {
    await tx.run('DELETE FROM accounts WHERE id = ?', [id]);
    return;
  }
  const entries = { account, trustLines: of('trustline'), data: of('data') };
  const body = accountRecord(entries, await closeTime(account.lastModifiedLedgerSeq));
  await upsert(tx, 'accounts', { id, body: JSON.stringify(body) });
  for (const [kind, subject] of accountFilters(entries))
    await tx.run('INSERT INTO account_filters (kind, subject, account_id) VALUES (?, ?, ?)', [
      kind,
      subject,
      id,
    ]);
}

/**
 * Derives a record again from its live entry and upserts its row, or deletes the record when the
 * entry is gone; answers the entry.
 */
async function rewrite(
  tx: SqlExecutor,
  table: string,
  id: SqlValue,
  key: string,
  row: (entry: xdr.LedgerEntry) => Promise<Record<string, SqlValue>>,
): Promise<xdr.LedgerEntry | undefined> {
  const entry = await entryAt(tx, key);
  if (!entry) await tx.run(`DELETE FROM ${table} WHERE id = ?`, [id]);
  else await upsert(tx, table, await row(entry));
  return entry;
}

function writeOffer(tx: SqlExecutor, id: bigint, key: string, closeTime: CloseTime) {
  return rewrite(tx, 'offers', id, key, async (entry) => {
    const columns = offerColumns(entry);
    return {
      id: columns.id,
      seller: columns.seller,
      sponsor: entrySponsor(entry) ?? null,
      selling: columns.selling,
      buying: columns.buying,
      price: columns.price,
      body: JSON.stringify(offerRecord(entry, await closeTime(entry.lastModifiedLedgerSeq))),
    };
  });
}

async function writeClaimableBalance(
  tx: SqlExecutor,
  id: string,
  key: string,
  closeTime: CloseTime,
): Promise<void> {
  await tx.run('DELETE FROM claimable_balance_claimants WHERE balance_id = ?', [id]);
  const entry = await rewrite(tx, 'claimable_balances', id, key, async (entry) => {
    const columns = claimableBalanceColumns(entry);
    return {
      id,
      last_modified: columns.lastModified,
      asset: columns.asset,
      sponsor: entrySponsor(entry) ?? null,
      body: JSON.stringify(claimableBalanceRecord(entry, await closeTime(columns.lastModified))),
    };
  });
  if (!entry) return;
  for (const destination of claimableBalanceColumns(entry).claimants)
    await tx.run('INSERT INTO claimable_balance_claimants (destination, balance_id) VALUES (?, ?)', [
      destination,
      id,
    ]);
}

function writeLiquidityPool(tx: SqlExecutor, id: string, key: string, closeTime: CloseTime) {
  return rewrite(tx, 'liquidity_pools', id, key, async (entry) => {
    const columns = liquidityPoolColumns(entry);
    return {
      id,
      asset_a: columns.assetA,
      asset_b: columns.assetB,
      body: JSON.stringify(liquidityPoolRecord(entry, await closeTime(entry.lastModifiedLedgerSeq))),
    };
  });
}

/** Re-derives every record the batch's entry changes touched; runs after they are applied. */
export async function writeState(tx: SqlExecutor, batch: IndexBatch): Promise<void> {
  const touched = touchedRecords(batch.changes);
  const closeTime = closeTimes(tx, batch);
  for (const id of touched.accounts) await writeAccount(tx, id, closeTime);
  for (const [id, key] of touched.offers) await writeOffer(tx, id, key, closeTime);
  for (const [id, key] of touched.claimableBalances) await writeClaimableBalance(tx, id, key, closeTime);
  for (const [id, key] of touched.liquidityPools) await writeLiquidityPool(tx, id, key, closeTime);
}
