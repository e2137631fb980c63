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
import type { xdr } from '@stellar/stellar-sdk/base';
import type { IndexBatch } from '../derive/records.js';
import { hex } from '../derive/state/common.js';
import {
  contractBalanceAmount,
  contractDataKeyHash,
  isSacKey,
  sacContractId,
  sacInstanceAsset,
} from '../derive/state/sac-entries.js';
import { deleteWhereIn, selectWhereIn, upsertRows } from './bulk.js';
import type { Row, SqlExecutor } from './driver.js';

type Table = 'asset_contracts' | 'contract_asset_balances';

interface SacRow {
  table: Table;
  contractId: string;
  /** `CODE:ISSUER` of an instance, the amount of a balance. */
  value: string;
  liveUntil: number;
}

type Fact =
  | { kind: 'created'; keyHash: string; row: Omit<SacRow, 'liveUntil'> }
  | { kind: 'amount'; keyHash: string; amount: string }
  | { kind: 'removed'; keyHash: string };

/** One ledger's SAC facts in order, and the TTLs it left (the last change of a key wins). */
interface LedgerFacts {
  facts: Fact[];
  ttls: Map<string, number>;
}

const COLUMNS: Record<Table, string[]> = {
  asset_contracts: ['key_hash', 'contract_id', 'asset', 'live_until'],
  contract_asset_balances: ['key_hash', 'contract_id', 'amount', 'live_until'],
};

/** The SAC row an entry makes when it appears, if it is one. */
function createdRow(entry: xdr.ContractDataEntry, passphrase: string): Omit<SacRow, 'liveUntil'> | undefined {
  const contractId = sacContractId(entry);
  if (!contractId) return undefined;
  const asset = sacInstanceAsset(entry, passphrase);
  if (asset) return { table: 'asset_contracts', contractId, value: asset };
  const amount = contractBalanceAmount(entry, passphrase);
  return amount === undefined
    ? undefined
    : { table: 'contract_asset_balances', contractId, value: String(amount) };
}

function ledgerFacts(
  changes: readonly xdr.LedgerEntryChange[],
  sequence: number,
  passphrase: string,
): LedgerFacts {
  const facts: Fact[] = [];
  const ttls = new Map<string, number>();
  let before: xdr.LedgerEntry | undefined;
  for (const change of changes) {
    if (change.type === 'ledgerEntryState') {
      before = change.state;
      continue;
    }
    if (change.type === 'ledgerEntryRemoved') {
      const key = change.removed;
      if (key.type === 'contractData' && isSacKey(key.contractData, passphrase))
        facts.push({ kind: 'removed', keyHash: contractDataKeyHash(key.contractData) });
      continue;
    }
    const updated = change.type === 'ledgerEntryUpdated';
    const entry =
      change.type === 'ledgerEntryCreated' ? change.created : updated ? change.updated : change.restored;
    const data = entry.data;
    if (data.type === 'ttl') {
      // An extension of an entry already expired is no extension (addExpirationChange).
      const pre = updated && before?.data.type === 'ttl' ? before.data.ttl.liveUntilLedgerSeq : undefined;
      if (pre === undefined || pre >= sequence)
        ttls.set(hex(data.ttl.keyHash.toBytes()), data.ttl.liveUntilLedgerSeq);
    } else if (data.type === 'contractData') {
      const keyHash = () => contractDataKeyHash(data.contractData);
      if (!updated) {
        const row = createdRow(data.contractData, passphrase);
        if (row) facts.push({ kind: 'created', keyHash: keyHash(), row });
      } else if (before?.data.type === 'contractData') {
        const pre = contractBalanceAmount(before.data.contractData, passphrase);
        const post = contractBalanceAmount(data.contractData, passphrase);
        if (pre !== undefined && post !== undefined)
          facts.push({ kind: 'amount', keyHash: keyHash(), amount: String(post) });
      }
    }
  }
  return { facts, ttls };
}

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

/** Applies the batches' SAC instance, balance and TTL changes, in order. */
export async function writeContractAssets(
  tx: SqlExecutor,
  batches: readonly IndexBatch[],
  passphrase: string,
): Promise<void> {
  const ledgers = batches.map((batch) => ledgerFacts(batch.changes, batch.ledger.sequence, passphrase));
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
