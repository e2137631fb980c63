/**
 * Feeds the index one closed ledger at a time (in order, one at a time), tells waiting
 * submissions when their transaction has been ingested, and listeners (open streams) what each
 * ledger holds. With a retention, the history before the window is reaped after each ledger
 * (see reaper.ts).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { IndexStore } from '../store/index-store.js';
import { type DerivedLedgers, type Deriver, localDeriver } from './derive-ledgers.js';
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

/** Where a derivation starts: the ledger the index will end at, and the trade asset ids then. */
interface AheadState {
  generation: number;
  after: number | undefined;
  assets: ReadonlyMap<string, number>;
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
  /** What the next batch is derived from: the state the batches handed over so far leave. */
  #ahead: Promise<AheadState> | undefined;

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
    // Derived ahead, from the state the batches handed over before leave once written: the
    // deriver works on this batch while the store writes the one before.
    this.#ahead ??= this.#committedState();
    const early = this.#ahead.then(async (state) => ({
      ...state,
      derived: await this.#deriver.derive(metas, state.after, state.assets),
    }));
    this.#ahead = early.then(({ generation, after, derived }) => ({
      generation,
      after: derived.ledgers.at(-1)?.sequence ?? after,
      assets: derived.assets,
    }));
    // Failures are seen where they are awaited.
    this.#ahead.catch(() => undefined);
    const run = this.#queue.then(() =>
      this.#write(metas, early).catch((error: unknown) => {
        this.#restart();
        throw error;
      }),
    );
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** What the next derivation starts from, once what was handed over before is written: the index's state. */
  #committedState(): Promise<AheadState> {
    const generation = this.#generation;
    const state = this.#queue.then(async () => {
      this.#tradeAssets ??= await this.store.tradeAssetIds();
      return { generation, after: await this.store.latestLedger(), assets: this.#tradeAssets };
    });
    state.catch(() => undefined);
    return state;
  }

  /** Derivations ahead are void (a batch was refused, or another node wrote): the next start from the index. */
  #restart(): void {
    this.#generation++;
    this.#ahead = undefined;
  }

  async #write(
    metas: readonly (xdr.LedgerCloseMeta | string)[],
    early: Promise<AheadState & { derived: DerivedLedgers }>,
  ): Promise<boolean[]> {
    const latest = await this.store.latestLedger();
    const ahead = await early.catch(() => undefined);
    let derived: DerivedLedgers;
    if (ahead && ahead.generation === this.#generation && ahead.after === latest) derived = ahead.derived;
    else {
      // Derived from a state the index is not in: again, from the index's own.
      this.#restart();
      this.#tradeAssets ??= await this.store.tradeAssetIds();
      derived = await this.#deriver.derive(metas, latest, this.#tradeAssets);
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
