/**
 * Ledgers read and derived into the batches the store writes: a pure step (the LedgerCloseMeta,
 * the ledger the index ends at, Horizon's trade asset ids so far), run on the ingesting thread or,
 * while catching up, in a thread of its own beside the writer (derive-thread.ts).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { deriveBatch, deriveUnnumbered, numberBatch, type UnnumberedBatch } from '../derive/batch.js';
import type { BodyJson, IndexBatch } from '../derive/records.js';
import { type LedgerCloseMetaInput, readClosedLedger } from '../meta/closed-ledger.js';

/** Where a derivation starts: the ledger the index ends at, and Horizon's trade asset ids then. */
export interface DeriveStart {
  after: number | undefined;
  assets: ReadonlyMap<string, number>;
}

export interface DerivedLedgers {
  /** The ledger the index was taken to end at: the batches follow it. */
  after: number | undefined;
  /** Every ledger handed over, in order: its sequence and its transactions' hashes. */
  ledgers: { sequence: number; hashes: string[] }[];
  /** The batches of the ledgers after `after` (the others the index has already). */
  batches: IndexBatch<BodyJson>[];
  /** The trade asset ids once the batches are written. */
  assets: Map<string, number>;
}

/** Where ledgers are derived. */
export interface Deriver {
  /**
   * Derives `metas` from `start` once it resolves or, without one, from where the derivation
   * asked for before this one ends: a run of batches is asked for at once, and each is derived
   * as soon as the one before it is, with no wait for its answer. Continuing a derivation that
   * failed fails.
   */
  derive(
    metas: readonly (xdr.LedgerCloseMeta | string)[],
    start?: DeriveStart | Promise<DeriveStart>,
  ): Promise<DerivedLedgers>;
  /** How many runs it derives side by side (1 when not said). */
  readonly parallel?: number;
  close(): Promise<void>;
}

/** Where a derivation that continues `derived` starts. */
export const endOf = (derived: DerivedLedgers): DeriveStart => ({
  after: derived.ledgers.at(-1)?.sequence ?? derived.after,
  assets: derived.assets,
});

/** What continuing with nothing before says. */
export const NOTHING_TO_CONTINUE = 'a derivation continues the one before it, and none was asked for';

/** Where a derivation starts: `start`, else where the one before it ends (`previousEnd`). */
export const startFrom = (
  start: DeriveStart | Promise<DeriveStart> | undefined,
  previousEnd: Promise<DeriveStart> | undefined,
): Promise<DeriveStart> =>
  start !== undefined
    ? Promise.resolve(start)
    : (previousEnd ?? Promise.reject(new Error(NOTHING_TO_CONTINUE)));

/** Derives the ledgers after `after` (all when undefined), numbering new trade assets on a copy of `assets`. */
export function deriveLedgers(
  metas: readonly LedgerCloseMetaInput[],
  passphrase: string,
  after: number | undefined,
  assets: ReadonlyMap<string, number>,
): DerivedLedgers {
  const numbered = new Map(assets);
  const derived: DerivedLedgers = { after, ledgers: [], batches: [], assets: numbered };
  // Each ledger derived as soon as it is read: its decoded tree is let go before the next is read.
  for (const meta of metas) {
    const ledger = readClosedLedger(meta, passphrase);
    derived.ledgers.push({ sequence: ledger.sequence, hashes: ledger.transactions.map((tx) => tx.hash) });
    if (after === undefined || ledger.sequence > after) derived.batches.push(deriveBatch(ledger, numbered));
  }
  return derived;
}

/** A ledger read and derived with nothing before it: its batch waits for the asset ids so far. */
export interface UnnumberedLedger<Written = never> {
  sequence: number;
  hashes: string[];
  batch: UnnumberedBatch<Written>;
}

/** The first half of `deriveLedgers` for one ledger: it needs nothing of the ledgers before (a thread's share). */
export function deriveUnnumberedLedger(meta: LedgerCloseMetaInput, passphrase: string): UnnumberedLedger {
  const ledger = readClosedLedger(meta, passphrase);
  const hashes = ledger.transactions.map((tx) => tx.hash);
  return { sequence: ledger.sequence, hashes, batch: deriveUnnumbered(ledger) };
}

/**
 * A derived ledger's transaction, operation and effect bodies written as JSON, in place: what a
 * derivation thread answers, so that the writing thread neither takes the bodies over object by
 * object nor writes them itself.
 */
export function writeBodies(ledger: UnnumberedLedger): UnnumberedLedger<BodyJson> {
  const { transactions, operations, effects } = ledger.batch;
  // The rows are the thread's own, posted next: each body is replaced where it is.
  for (const rows of [transactions, operations, effects] as { body: unknown }[][])
    for (const row of rows) row.body = { bodyJson: JSON.stringify(row.body) } satisfies BodyJson;
  return ledger as unknown as UnnumberedLedger<BodyJson>;
}

/** The second half: what `deriveLedgers` gives from `start`, the ledgers' assets numbered in order. */
export function numberLedgers<Written extends BodyJson = never>(
  ledgers: readonly UnnumberedLedger<Written>[],
  start: DeriveStart,
): DerivedLedgers {
  const numbered = new Map(start.assets);
  const derived: DerivedLedgers = { after: start.after, ledgers: [], batches: [], assets: numbered };
  for (const { sequence, hashes, batch } of ledgers) {
    derived.ledgers.push({ sequence, hashes });
    if (start.after === undefined || sequence > start.after)
      derived.batches.push(numberBatch(batch, numbered));
  }
  return derived;
}

/** Derivation on this thread. */
export function localDeriver(passphrase: string): Deriver {
  // Where the last derivation asked for ends (not its batches, which may be let go).
  let previousEnd: Promise<DeriveStart> | undefined;
  return {
    derive(metas, start) {
      const derived = startFrom(start, previousEnd).then(({ after, assets }) =>
        deriveLedgers(metas, passphrase, after, assets),
      );
      previousEnd = derived.then(endOf);
      // Its failure is seen where it is awaited, or by the derivation continuing it.
      previousEnd.catch(() => undefined);
      return derived;
    },
    parallel: 1,
    close: async () => undefined,
  };
}
