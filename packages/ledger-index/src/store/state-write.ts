/**
 * Keeps the current-state records (accounts, offers, claimable balances, liquidity pools) in
 * step with `entries`: after a batch of ledgers' entry changes are applied, in the same
 * transaction, every record the batch touched is derived again from the live entries (read in one
 * query per kind), or deleted when its entry is gone. The records hold no more than the entries at
 * the batch's end, so deriving them once per batch gives what deriving them after each ledger did.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { entrySponsor } from '../derive/entry.js';
import type { BodyJson, IndexBatch } from '../derive/records.js';
import { type AccountEntries, accountFilters, accountRecord } from '../derive/state/account.js';
import { claimableBalanceColumns, claimableBalanceRecord } from '../derive/state/claimable-balance.js';
import { liquidityPoolColumns, liquidityPoolRecord } from '../derive/state/liquidity-pool.js';
import { offerColumns, offerRecord } from '../derive/state/offer.js';
import { mergeTouched, type TouchedRecords } from '../derive/state/touched.js';
import { deleteWhereIn, insertRows, selectWhereIn, upsertRows } from './bulk.js';
import type { Row, SqlExecutor, SqlValue } from './driver.js';
import { storedEntry } from './entry-state.js';

const decode = (row: Row) => storedEntry(row.entry);

/** The close times (`closed_at`) of these ledgers: those `known`, the rest read from the index (null when it has not the ledger). */
async function closeTimes(
  tx: SqlExecutor,
  known: ReadonlyMap<number, string>,
  sequences: Iterable<number>,
): Promise<(sequence: number) => string | null> {
  const times = new Map(known);
  const missing = [...new Set(sequences)].filter((sequence) => !times.has(sequence));
  const rows = await selectWhereIn(tx, 'SELECT sequence, body FROM ledgers WHERE', 'sequence', missing);
  for (const row of rows) {
    const closedAt = (JSON.parse(String(row.body)) as { closed_at?: string }).closed_at;
    if (closedAt !== undefined) times.set(Number(row.sequence), closedAt);
  }
  return (sequence) => times.get(sequence) ?? null;
}

/** The live entries under these keys. */
async function entriesByKey(tx: SqlExecutor, keys: Iterable<string>): Promise<Map<string, xdr.LedgerEntry>> {
  const rows = await selectWhereIn(tx, 'SELECT key, entry FROM entries WHERE', 'key', [...keys]);
  return new Map(rows.map((row) => [String(row.key), decode(row)]));
}

/** The account, trust line and data entries of these accounts, by account (accounts without an account entry left out). */
async function accountEntries(tx: SqlExecutor, ids: readonly string[]): Promise<Map<string, AccountEntries>> {
  const rows = await selectWhereIn(
    tx,
    "SELECT owner, kind, entry FROM entries WHERE kind IN ('account', 'trustline', 'data') AND",
    'owner',
    ids,
  );
  const found = new Map<
    string,
    { account?: xdr.LedgerEntry; trustLines: xdr.LedgerEntry[]; data: xdr.LedgerEntry[] }
  >();
  for (const row of rows) {
    const owner = String(row.owner);
    const of = found.get(owner) ?? { trustLines: [], data: [] };
    found.set(owner, of);
    const entry = decode(row);
    if (row.kind === 'account') of.account = entry;
    else (row.kind === 'trustline' ? of.trustLines : of.data).push(entry);
  }
  const complete = new Map<string, AccountEntries>();
  for (const [id, of] of found) if (of.account) complete.set(id, { ...of, account: of.account });
  return complete;
}

/** Re-derives every record the batches' entry changes touched; runs after they are applied. */
export function writeState(tx: SqlExecutor, batches: readonly IndexBatch<BodyJson>[]): Promise<void> {
  return writeRecords(
    tx,
    mergeTouched(batches.map((batch) => batch.state.touched)),
    new Map(batches.map((b) => [b.ledger.sequence, b.ledger.body.closed_at])),
  );
}

/**
 * Derives the `touched` records again from the live entries (deletes those whose entry is gone);
 * `closedAt` holds close times of ledgers the index does not hold yet (a batch's own).
 */
export async function writeRecords(
  tx: SqlExecutor,
  touched: TouchedRecords,
  closedAt: ReadonlyMap<number, string>,
): Promise<void> {
  const accountIds = [...touched.accounts];
  const accounts = await accountEntries(tx, accountIds);
  const offers = await entriesByKey(tx, touched.offers.values());
  const balances = await entriesByKey(tx, touched.claimableBalances.values());
  const pools = await entriesByKey(tx, touched.liquidityPools.values());
  const closeTime = await closeTimes(tx, closedAt, [
    ...[...accounts.values()].map(({ account }) => account.lastModifiedLedgerSeq),
    ...[offers, balances, pools].flatMap((map) => [...map.values()].map((e) => e.lastModifiedLedgerSeq)),
  ]);

  await deleteWhereIn(tx, 'account_filters', 'account_id', accountIds);
  await deleteWhereIn(
    tx,
    'accounts',
    'id',
    accountIds.filter((id) => !accounts.has(id)),
  );
  const accountRows: SqlValue[][] = [];
  const filterRows: SqlValue[][] = [];
  for (const [id, entries] of accounts) {
    const body = accountRecord(entries, closeTime(entries.account.lastModifiedLedgerSeq));
    accountRows.push([id, JSON.stringify(body)]);
    for (const [kind, subject] of accountFilters(entries)) filterRows.push([kind, subject, id]);
  }
  await upsertRows(tx, 'accounts', ['id', 'body'], accountRows);
  await insertRows(tx, 'account_filters', ['kind', 'subject', 'account_id'], filterRows);

  const present = <K>(touchedKeys: Map<K, string>, live: Map<string, xdr.LedgerEntry>) => {
    const gone: K[] = [];
    const kept: [K, xdr.LedgerEntry][] = [];
    for (const [id, key] of touchedKeys) {
      const entry = live.get(key);
      if (entry) kept.push([id, entry]);
      else gone.push(id);
    }
    return { gone, kept };
  };

  const offersNow = present(touched.offers, offers);
  await deleteWhereIn(tx, 'offers', 'id', offersNow.gone);
  await upsertRows(
    tx,
    'offers',
    ['id', 'seller', 'sponsor', 'selling', 'buying', 'price', 'body'],
    offersNow.kept.map(([, entry]) => {
      const columns = offerColumns(entry);
      const body = offerRecord(entry, closeTime(entry.lastModifiedLedgerSeq));
      const sponsor = entrySponsor(entry) ?? null;
      const { id, seller, selling, buying, price } = columns;
      return [id, seller, sponsor, selling, buying, price, JSON.stringify(body)];
    }),
  );

  const balancesNow = present(touched.claimableBalances, balances);
  await deleteWhereIn(tx, 'claimable_balance_claimants', 'balance_id', [...touched.claimableBalances.keys()]);
  await deleteWhereIn(tx, 'claimable_balances', 'id', balancesNow.gone);
  const claimantRows: SqlValue[][] = [];
  await upsertRows(
    tx,
    'claimable_balances',
    ['id', 'last_modified', 'asset', 'sponsor', 'body'],
    balancesNow.kept.map(([id, entry]) => {
      const columns = claimableBalanceColumns(entry);
      for (const destination of columns.claimants) claimantRows.push([destination, id]);
      const body = claimableBalanceRecord(entry, closeTime(columns.lastModified));
      return [id, columns.lastModified, columns.asset, entrySponsor(entry) ?? null, JSON.stringify(body)];
    }),
  );
  await insertRows(tx, 'claimable_balance_claimants', ['destination', 'balance_id'], claimantRows);

  const poolsNow = present(touched.liquidityPools, pools);
  await deleteWhereIn(tx, 'liquidity_pools', 'id', poolsNow.gone);
  await upsertRows(
    tx,
    'liquidity_pools',
    ['id', 'asset_a', 'asset_b', 'body'],
    poolsNow.kept.map(([id, entry]) => {
      const columns = liquidityPoolColumns(entry);
      const body = liquidityPoolRecord(entry, closeTime(entry.lastModifiedLedgerSeq));
      return [id, columns.assetA, columns.assetB, JSON.stringify(body)];
    }),
  );
}
