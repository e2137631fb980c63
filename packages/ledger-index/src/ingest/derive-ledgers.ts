/**
 * Ledgers read and derived into the batches the store writes: a pure step (the LedgerCloseMeta,
 * the ledger the index ends at, Horizon's trade asset ids so far), run on the ingesting thread or,
 * while catching up, in a thread of its own beside the writer (derive-thread.ts).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { deriveBatch } from '../derive/batch.js';
import type { IndexBatch } from '../derive/records.js';
import { readClosedLedger } from '../meta/closed-ledger.js';

export interface DerivedLedgers {
  /** Every ledger handed over, in order: its sequence and its transactions' hashes. */
  ledgers: { sequence: number; hashes: string[] }[];
  /** The batches of the ledgers after `after` (the others the index has already). */
  batches: IndexBatch[];
  /** The trade asset ids once the batches are written. */
  assets: Map<string, number>;
}

/** Where ledgers are derived. */
export interface Deriver {
  derive(
    metas: readonly (xdr.LedgerCloseMeta | string)[],
    after: number | undefined,
    assets: ReadonlyMap<string, number>,
  ): Promise<DerivedLedgers>;
  close(): Promise<void>;
}

/** Derives the ledgers after `after` (all when undefined), numbering new trade assets on a copy of `assets`. */
export function deriveLedgers(
  metas: readonly (xdr.LedgerCloseMeta | string)[],
  passphrase: string,
  after: number | undefined,
  assets: ReadonlyMap<string, number>,
): DerivedLedgers {
  const numbered = new Map(assets);
  const derived: DerivedLedgers = { ledgers: [], batches: [], assets: numbered };
  // Each ledger derived as soon as it is read: its decoded tree is let go before the next is read.
  for (const meta of metas) {
    const ledger = readClosedLedger(meta, passphrase);
    derived.ledgers.push({ sequence: ledger.sequence, hashes: ledger.transactions.map((tx) => tx.hash) });
    if (after === undefined || ledger.sequence > after) derived.batches.push(deriveBatch(ledger, numbered));
  }
  return derived;
}

/** Derivation on this thread. */
export const localDeriver = (passphrase: string): Deriver => ({
  derive: async (metas, after, assets) => deriveLedgers(metas, passphrase, after, assets),
  close: async () => undefined,
});
