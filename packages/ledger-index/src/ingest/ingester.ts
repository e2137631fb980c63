/**
 * Feeds the index one closed ledger at a time (in order, one at a time), tells waiting
 * submissions when their transaction has been ingested, and listeners (open streams) what each
 * ledger holds. With a retention, the history before the window is reaped after each ledger
 * (see reaper.ts).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { IndexStore } from '../store/index-store.js';
import { type DerivedLedgers, type Deriver, type DeriveStart, localDeriver } from './derive-ledgers.js';
import { HashWaiters } from './hash-waiters.js';
import { type LedgerSummary, summarizeLedger } from './ledger-summary.js';
import { Reaper, type RetentionOptions } from './reaper.js';

export interface IngesterOptions {
  /** History kept: the last `ledgers` ledgers (default: all of it). */
  retention?: RetentionOptions;
  /** A reap that failed (the next ledger's tries again); default console.error. */
  onError?: (error: unknown) => void;
  /** Where ledgers are read and derived (default: on this thread). */
  deriver?: Deriver;
}

export class Ingester {
  readonly store: IndexStore;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #waiting = new HashWaiters();
  readonly #listeners = new Set<(ledger: LedgerSummary) => void>();
  /** Horizon's asset ids for trades, read from the index on the first ledger. */
  #tradeAssets: Map<string, number> | undefined;
  readonly #reaper: Reaper | undefined;
  readonly #deriver: Deriver;
  /** Bumped whenever derivations made ahead become void. */
  #generation = 0;
  /** The generation whose batches are derived one from the next in the deriver. */
  #chained: number | undefined;

  constructor(store: IndexStore, options: IngesterOptions = {}) {
    this.store = store;
    const onError =
      options.onError ?? ((error: unknown) => console.error('[ledger-index] reap failed:', error));
    this.#reaper = options.retention && new Reaper(store, options.retention, onError);
    this.#deriver = options.deriver ?? localDeriver(store.passphrase);
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
    // Derived ahead, from where the batch handed over before ends (the first of a run from the
    // index's state): the deriver works on this batch while the store writes the one before.
    const generation = this.#generation;
    const continues = this.#chained === generation;
    this.#chained = generation;
    const early = this.#deriver.derive(metas, continues ? undefined : this.#committedState());
    // Its failure is seen where it is written.
    early.catch(() => undefined);
    const run = this.#queue.then(() =>
      this.#write(metas, generation, early).catch((error: unknown) => {
        this.#restart();
        throw error;
      }),
    );
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Where a derivation starts once what was handed over before is written: the index's state. */
  #committedState(): Promise<DeriveStart> {
    return this.#queue.then(async () => {
      this.#tradeAssets ??= await this.store.tradeAssetIds();
      return { after: await this.store.latestLedger(), assets: this.#tradeAssets };
    });
  }

  /** Derivations ahead are void (a batch was refused, or another node wrote): the next start from the index. */
  #restart(): void {
    this.#generation++;
  }

  async #write(
    metas: readonly (xdr.LedgerCloseMeta | string)[],
    generation: number,
    early: Promise<DerivedLedgers>,
  ): Promise<boolean[]> {
    const latest = await this.store.latestLedger();
    const ahead = await early.catch(() => undefined);
    let derived: DerivedLedgers;
    if (ahead && generation === this.#generation && ahead.after === latest) derived = ahead;
    else {
      // Derived from a state the index is not in: again, from the index's own.
      this.#restart();
      this.#tradeAssets ??= await this.store.tradeAssetIds();
      derived = await this.#deriver.derive(metas, { after: latest, assets: this.#tradeAssets });
    }
    const { batches } = derived;
    const count = await this.store.ingestMany(batches);
    // None written (the index had the first already): what was derived after them is void.
    if (count < batches.length) this.#restart();
    const written = new Set(batches.slice(0, count).map((batch) => batch.ledger.sequence));
    if (count > 0) {
      this.#tradeAssets = derived.assets;
      this.#reaper?.request(batches[count - 1]?.ledger.sequence as number);
    }
    for (const { hashes } of derived.ledgers) for (const hash of hashes) this.#waiting.settle(hash);
    // Summarized only when someone listens.
    if (this.#listeners.size > 0)
      for (const batch of batches.slice(0, count)) {
        const summary = summarizeLedger(batch);
        for (const listener of this.#listeners) listener(summary);
      }
    return derived.ledgers.map(({ sequence }) => written.has(sequence));
  }

  /** How many batches its deriver derives side by side: a follower hands over one more than that. */
  get parallelDerivations(): number {
    return this.#deriver.parallel ?? 1;
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
    this.#restart();
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
