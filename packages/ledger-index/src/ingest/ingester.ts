/**
 * Feeds the index one closed ledger at a time (in order, one at a time), tells waiting
 * submissions when their transaction has been ingested, and listeners (open streams) what each
 * ledger holds. With a retention, the history before the window is reaped after each ledger
 * (see reaper.ts).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { deriveBatch } from '../derive/batch.js';
import { readClosedLedger } from '../meta/closed-ledger.js';
import type { IndexStore } from '../store/index-store.js';
import { HashWaiters } from './hash-waiters.js';
import { type LedgerSummary, summarizeLedger } from './ledger-summary.js';
import { Reaper, type RetentionOptions } from './reaper.js';

export interface IngesterOptions {
  /** History kept: the last `ledgers` ledgers (default: all of it). */
  retention?: RetentionOptions;
  /** A reap that failed (the next ledger's tries again); default console.error. */
  onError?: (error: unknown) => void;
}

export class Ingester {
  readonly store: IndexStore;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #waiting = new HashWaiters();
  readonly #listeners = new Set<(ledger: LedgerSummary) => void>();
  /** Horizon's asset ids for trades, read from the index on the first ledger. */
  #tradeAssets: Map<string, number> | undefined;
  readonly #reaper: Reaper | undefined;

  constructor(store: IndexStore, options: IngesterOptions = {}) {
    this.store = store;
    const onError =
      options.onError ?? ((error: unknown) => console.error('[ledger-index] reap failed:', error));
    this.#reaper = options.retention && new Reaper(store, options.retention, onError);
  }

  /**
   * Ingests a ledger (its LedgerCloseMeta, XDR or base64); answers false when the index already
   * had it. Calls are applied in the order they are made.
   */
  async ingest(meta: xdr.LedgerCloseMeta | string): Promise<boolean> {
    const [written] = await this.ingestMany([meta]);
    return written ?? false;
  }

  /**
   * Ingests consecutive ledgers in one transaction (a crash leaves the index at the ledger before
   * them, or with all of them); answers, for each, whether it was written (false for those the index
   * already had). Waiting submissions and listeners hear of them once they are committed.
   */
  ingestMany(metas: readonly (xdr.LedgerCloseMeta | string)[]): Promise<boolean[]> {
    const run = this.#queue.then(async () => {
      const ledgers = metas.map((meta) => readClosedLedger(meta, this.store.passphrase));
      const latest = await this.store.latestLedger();
      const fresh = ledgers.filter((ledger) => latest === undefined || ledger.sequence > latest);
      this.#tradeAssets ??= await this.store.tradeAssetIds();
      // Numbered on a copy, ledger after ledger: ledgers the index refuses number nothing.
      const assets = new Map(this.#tradeAssets);
      const batches = fresh.map((ledger) => deriveBatch(ledger, assets));
      const count = await this.store.ingestMany(batches);
      const written = new Set(batches.slice(0, count).map((batch) => batch.ledger.sequence));
      if (count > 0) {
        this.#tradeAssets = assets;
        this.#reaper?.request(batches[count - 1]?.ledger.sequence as number);
      }
      for (const ledger of ledgers) for (const tx of ledger.transactions) this.#waiting.settle(tx.hash);
      // Summarized only when someone listens.
      if (this.#listeners.size > 0)
        for (const batch of batches.slice(0, count)) {
          const summary = summarizeLedger(batch);
          for (const listener of this.#listeners) listener(summary);
        }
      return ledgers.map((ledger) => written.has(ledger.sequence));
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Calls `listener` with what each ingested ledger holds; returns a function that stops it. */
  onLedger(listener: (ledger: LedgerSummary) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves true once the index holds the transaction, false after `timeoutMs`. */
  awaitIngested(hash: string, timeoutMs: number): Promise<boolean> {
    return this.#waiting.wait(
      hash,
      timeoutMs,
      async (key) => (await this.store.transaction(key)) !== undefined,
    );
  }

  /**
   * Forgets what it read once from the index (the trades' asset ids): another node may have
   * written ledgers since, and this one ingests again from where the index is.
   */
  reread(): void {
    this.#queue = this.#queue.then(() => {
      this.#tradeAssets = undefined;
    });
  }

  /** Stops reaping (before the store closes): a batch under way ends first. */
  stopReaping(): void {
    this.#reaper?.stop();
  }

  /** Waits for the ledgers handed over so far, and the reap they asked for. */
  async idle(): Promise<void> {
    await this.#queue;
    await this.#reaper?.idle();
  }
}
