/**
 * The index's state loaded whole at a ledger (a history archive's checkpoint), as Horizon builds
 * its state from a checkpoint (ingest buildState): the live entries written in batches, then the
 * accounts, offers, claimable balances and liquidity pools derived from them a page at a time, and
 * the ledger noted (`state_ledger`) so ingestion goes on from the next. Times of ledgers the index
 * does not hold (every one up to the checkpoint) are unknown: null, as Horizon has them.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { touchedRecords } from '../derive/state/touched.js';
import { ContractAssetsLoad } from './contract-assets-load.js';
import type { SqlExecutor } from './driver.js';
import { writeLiveEntries } from './entries-write.js';
import { storedEntry } from './entry-state.js';
import { writeRecords } from './state-write.js';

/** Entries whose records are derived per statement: one query per kind reads them again. */
const PAGE = 500;
/** The kinds a record is made of; trust lines and data entries join their account's. */
const RECORD_KINDS = "('account', 'offer', 'claimableBalance', 'liquidityPool')";

export const STATE_LEDGER = 'state_ledger';

/** The ledger the index's state was loaded at, if it was. */
export async function stateLedger(tx: Pick<SqlExecutor, 'query'>): Promise<number | undefined> {
  const [row] = await tx.query('SELECT value FROM index_meta WHERE name = ?', [STATE_LEDGER]);
  return row ? Number(row.value) : undefined;
}

/** Derives every record from the entries, a page of record entries at a time. */
async function deriveAllRecords(tx: SqlExecutor): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await tx.query(
      `SELECT key, entry FROM entries WHERE kind IN ${RECORD_KINDS} AND key > ? ORDER BY key LIMIT ${PAGE}`,
      [after],
    );
    if (rows.length === 0) return;
    const created = rows.map((row) => xdr.LedgerEntryChange.ledgerEntryCreated(storedEntry(row.entry)));
    await writeRecords(tx, touchedRecords(created), new Map());
    after = String(rows[rows.length - 1]?.key);
  }
}

/**
 * Loads `batches` (the live entries at `ledger`, each key once) into an index with no ledger and
 * no state; answers false, writing nothing, when it has either (another node loaded it first).
 */
export async function loadState(
  tx: SqlExecutor,
  ledger: number,
  batches: AsyncIterable<readonly xdr.LedgerEntry[]>,
  passphrase: string,
): Promise<boolean> {
  const [held] = await tx.query('SELECT 1 AS found FROM ledgers LIMIT 1');
  if (held || (await stateLedger(tx)) !== undefined) return false;
  // TTLs and SAC contract data (when the reader kept them) make the SAC rows; the rest are entries.
  const contractAssets = new ContractAssetsLoad();
  for await (const batch of batches) await writeLiveEntries(tx, contractAssets.take(batch));
  await deriveAllRecords(tx);
  await contractAssets.write(tx, ledger, passphrase);
  await tx.run('INSERT INTO index_meta (name, value) VALUES (?, ?)', [STATE_LEDGER, String(ledger)]);
  return true;
}
