/**
 * What one ledger's entry changes say about the Stellar Asset Contracts' rows, in order: instances
 * and balances created, balances' new amounts, removals, and the TTLs the ledger left. Derived
 * with the ledger (plain data); `store/contract-assets-write.ts` applies them as Horizon's
 * processors do.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { hex } from './common.js';
import {
  contractBalanceAmount,
  contractDataKeyHash,
  isSacKey,
  sacContractId,
  sacInstanceAsset,
} from './sac-entries.js';

export type Table = 'asset_contracts' | 'contract_asset_balances';

export interface SacRow {
  table: Table;
  contractId: string;
  /** `CODE:ISSUER` of an instance, the amount of a balance. */
  value: string;
  liveUntil: number;
}

export type Fact =
  | { kind: 'created'; keyHash: string; row: Omit<SacRow, 'liveUntil'> }
  | { kind: 'amount'; keyHash: string; amount: string }
  | { kind: 'removed'; keyHash: string };

/** One ledger's SAC facts in order, and the TTLs it left (the last change of a key wins). */
export interface LedgerFacts {
  facts: Fact[];
  ttls: Map<string, number>;
}

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

export function ledgerFacts(
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
