/**
 * The SAC rows of a state loaded from a checkpoint: the instances and contract balances among the
 * checkpoint's contract data, each with its TTL, written as if created at the checkpoint
 * (contract-assets-write.ts), as Horizon's asset stats processor builds them from its checkpoint
 * reader's changes. TTLs of every key are held until the end: a TTL may come in a newer bucket
 * than its entry.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { hex } from '../derive/state/common.js';
import { ledgerFacts } from '../derive/state/contract-asset-facts.js';
import { contractDataKeyHash, isSacKey } from '../derive/state/sac-entries.js';
import { writeContractAssets } from './contract-assets-write.js';
import type { SqlExecutor } from './driver.js';

/** The keys a checkpoint reader keeps for the SAC rows, besides the index's own types. */
export const isSacStateKey = (key: xdr.LedgerKey, passphrase: string): boolean =>
  key.type === 'ttl' || (key.type === 'contractData' && isSacKey(key.contractData, passphrase));

export class ContractAssetsLoad {
  readonly #ttls = new Map<string, number>();
  readonly #sac: xdr.LedgerEntry[] = [];

  /** Takes the TTL and contract data entries of a batch; answers the others. */
  take(entries: readonly xdr.LedgerEntry[]): xdr.LedgerEntry[] {
    const rest: xdr.LedgerEntry[] = [];
    for (const entry of entries) {
      const data = entry.data;
      if (data.type === 'ttl') this.#ttls.set(hex(data.ttl.keyHash.toBytes()), data.ttl.liveUntilLedgerSeq);
      else if (data.type === 'contractData') this.#sac.push(entry);
      else rest.push(entry);
    }
    return rest;
  }

  /** Writes the SAC rows of the entries taken, as of `ledger`. */
  async write(tx: SqlExecutor, ledger: number, passphrase: string): Promise<void> {
    const changes: xdr.LedgerEntryChange[] = [];
    for (const entry of this.#sac) {
      const { data } = entry;
      if (data.type !== 'contractData') continue;
      const keyHash = contractDataKeyHash(data.contractData);
      const liveUntil = this.#ttls.get(keyHash);
      if (liveUntil === undefined) continue;
      const ttl = new xdr.TtlEntry({ keyHash: Buffer.from(keyHash, 'hex'), liveUntilLedgerSeq: liveUntil });
      const ttlEntry = new xdr.LedgerEntry({
        lastModifiedLedgerSeq: entry.lastModifiedLedgerSeq,
        data: xdr.LedgerEntryData.ttl(ttl),
        ext: xdr.LedgerEntryExt.v0(),
      });
      changes.push(xdr.LedgerEntryChange.ledgerEntryCreated(ttlEntry));
      changes.push(xdr.LedgerEntryChange.ledgerEntryCreated(entry));
    }
    if (changes.length > 0) await writeContractAssets(tx, [ledgerFacts(changes, ledger, passphrase)]);
  }
}
