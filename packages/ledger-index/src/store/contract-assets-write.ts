/**
 * The Stellar Asset Contracts' instances (`asset_contracts`) and the balances contracts hold in
 * them (`contract_asset_balances`), kept from each ledger's contract data and TTL changes as
 * stellar-horizon's `ingest/processors/asset_stats_processor.go` (TTL changes) and
 * `contract_asset_stats.go` (ContractAssetStatSet) keep them:
 * - an instance or a balance counts from its creation (or restoration) with the TTL made with it;
 * - a balance follows its updates (both images SAC-shaped); an instance's updates change nothing;
 * - a TTL extension moves its entry's `live_until`, unless the entry had expired before (an
 *   archived entry comes back by restoration alone);
 * - a removal deletes the row.
 * Rows stay past `live_until`: reads count those live at the latest ledger, which is what
 * Horizon's deletion of the rows expiring at each ledger leaves.
 */
import type { LedgerFacts, SacRow, Table } from '../derive/state/contract-asset-facts.js';
import { deleteWhereIn, selectWhereIn, upsertRows } from './bulk.js';
import type { Row, SqlExecutor } from './driver.js';

const COLUMNS: Record<Table, string[]> = {
  asset_contracts: ['key_hash', 'contract_id', 'asset', 'live_until'],
  contract_asset_balances: ['key_hash', 'contract_id', 'amount', 'live_until'],
};

/** The rows under these key hashes, from both tables. */
async function storedRows(tx: SqlExecutor, keyHashes: string[]): Promise<Map<string, SacRow>> {
  const rows = new Map<string, SacRow>();
  const read = (table: Table, found: Row[], value: string) => {
    for (const row of found)
      rows.set(String(row.key_hash), {
        table,
        contractId: String(row.contract_id),
        value: String(row[value]),
        liveUntil: Number(row.live_until),
      });
  };
  for (const table of ['asset_contracts', 'contract_asset_balances'] as const) {
    const columns = COLUMNS[table].join(', ');
    read(
      table,
      await selectWhereIn(tx, `SELECT ${columns} FROM ${table} WHERE`, 'key_hash', keyHashes),
      COLUMNS[table][2] as string,
    );
  }
  return rows;
}

/** Applies consecutive ledgers' SAC instance, balance and TTL facts, in order. */
export async function writeContractAssets(tx: SqlExecutor, ledgers: readonly LedgerFacts[]): Promise<void> {
  const candidates = new Set<string>();
  for (const { facts, ttls } of ledgers) {
    for (const fact of facts) candidates.add(fact.keyHash);
    for (const keyHash of ttls.keys()) candidates.add(keyHash);
  }
  if (candidates.size === 0) return;
  const rows: Map<string, SacRow | null> = await storedRows(tx, [...candidates]);
  const dirty = new Set<string>();
  for (const { facts, ttls } of ledgers) {
    for (const fact of facts) {
      const now = rows.get(fact.keyHash);
      if (fact.kind === 'created') {
        // Counted only with the TTL created with it (ingestContractAssetBalance, ingestAssetContractMetadata).
        const liveUntil = ttls.get(fact.keyHash);
        if (liveUntil !== undefined) rows.set(fact.keyHash, { ...fact.row, liveUntil });
      } else if (fact.kind === 'amount') {
        if (now) rows.set(fact.keyHash, { ...now, value: fact.amount });
      } else rows.set(fact.keyHash, null);
      dirty.add(fact.keyHash);
    }
    for (const [keyHash, liveUntil] of ttls) {
      const now = rows.get(keyHash);
      if (!now || now.liveUntil === liveUntil) continue;
      rows.set(keyHash, { ...now, liveUntil });
      dirty.add(keyHash);
    }
  }
  const gone = [...dirty].filter((keyHash) => !rows.get(keyHash));
  for (const table of ['asset_contracts', 'contract_asset_balances'] as const) {
    await deleteWhereIn(tx, table, 'key_hash', gone);
    const kept = [...dirty].flatMap((keyHash) => {
      const row = rows.get(keyHash);
      return row?.table === table ? [[keyHash, row.contractId, row.value, row.liveUntil]] : [];
    });
    await upsertRows(tx, table, COLUMNS[table], kept);
  }
}
