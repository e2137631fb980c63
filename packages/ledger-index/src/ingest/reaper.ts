/**
 * The history retention (Horizon's `--history-retention-count` and its reaper, stellar/go
 * services/horizon internal/ingest/reap.go): once a ledger is ingested, the history before the
 * last `ledgers` ledgers is deleted, oldest first, a bounded batch of ledgers per transaction with
 * the event loop let go between batches, so a large trim never holds the server for long. The
 * elder ledger (`history_elder_ledger`, the oldest ledger left) moves with each batch.
 */
import type { IndexStore } from '../store/index-store.js';

/** Ledgers deleted per transaction (Horizon's `--history-retention-reap-count`, smaller here). */
export const DEFAULT_REAP_BATCH = 10;

export interface RetentionOptions {
  /** Ledgers of history kept, the latest included (at least 1). */
  ledgers: number;
  /** Ledgers deleted per transaction (default 10). */
  batchLedgers?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Reaper {
  readonly #store: IndexStore;
  readonly #ledgers: number;
  readonly #batch: number;
  readonly #onError: (error: unknown) => void;
  /** The elder ledger asked for: everything before it goes. */
  #target = 0;
  #running: Promise<void> | undefined;
  /** A request came while a reap ran: it looks again before it ends. */
  #again = false;
  #stopped = false;

  constructor(store: IndexStore, options: RetentionOptions, onError: (error: unknown) => void) {
    const { ledgers, batchLedgers = DEFAULT_REAP_BATCH } = options;
    for (const [name, value] of [
      ['ledgers', ledgers],
      ['batchLedgers', batchLedgers],
    ] as const)
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`retention ${name} must be a whole number, at least 1 (got ${value})`);
    this.#store = store;
    this.#ledgers = ledgers;
    this.#batch = batchLedgers;
    this.#onError = onError;
  }

  /**
   * Asks for the history before the window ending at `latest` to go. One reap runs at a time
   * (Horizon skips a reap while one is under way): a request during one moves its target on.
   */
  request(latest: number): void {
    if (this.#stopped) return;
    this.#target = Math.max(this.#target, latest - this.#ledgers + 1);
    if (this.#running) this.#again = true;
    else this.#running = this.#run();
  }

  /** Ends reaping: a reap under way stops after its batch. */
  stop(): void {
    this.#stopped = true;
  }

  /** Waits for the reap under way, if any. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.#reap();
      } while (this.#again);
    } catch (error) {
      // A failed reap is reported; the next ingested ledger asks again.
      this.#onError(error);
    } finally {
      this.#running = undefined;
    }
  }

  async #reap(): Promise<void> {
    for (;;) {
      const oldest = await this.#store.oldestLedger();
      if (this.#stopped || oldest === undefined || oldest >= this.#target) return;
      await this.#store.deleteHistory(oldest, Math.min(this.#target - 1, oldest + this.#batch - 1));
      await nextTurn();
    }
  }
}
