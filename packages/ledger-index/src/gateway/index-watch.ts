/**
 * What a node that does not ingest learns of the ledgers another node writes to the shared index:
 * it polls the index's latest ledger and, when it moves on, wakes open streams and the submissions
 * waiting for their transaction. It cannot tell what a ledger holds without reading it, so every
 * stream is woken (a stream woken for nothing costs one query); Horizon's API-only nodes poll the
 * database the same way (stellar/go services/horizon internal/ledger/ledger_source.go
 * HistoryDBSource).
 */
import { HashWaiters } from '../ingest/hash-waiters.js';
import type { LedgerSummary } from '../ingest/ledger-summary.js';
import type { IndexStore } from '../store/index-store.js';
import { sleep } from './follow.js';

/** A set that holds every value: a ledger that may touch anything. */
class Everything extends Set<string> {
  override has(): boolean {
    return true;
  }
}
const EVERYTHING: ReadonlySet<string> = new Everything();

/** A summary that wakes every stream: counts of 1 and sets that hold all. */
function anything(sequence: number): LedgerSummary {
  return {
    sequence,
    transactions: 1,
    operations: 1,
    payments: 1,
    effects: 1,
    trades: 1,
    transactionHashes: EVERYTHING,
    historyAccounts: EVERYTHING,
    claimableBalances: EVERYTHING,
    liquidityPools: EVERYTHING,
    tradedOffers: EVERYTHING,
    changedAccounts: EVERYTHING,
    offerSellers: EVERYTHING,
  };
}

export class IndexWatch {
  readonly #store: IndexStore;
  readonly #listeners = new Set<(ledger: LedgerSummary) => void>();
  readonly #waiting = new HashWaiters();
  /** The latest ledger the last poll saw (-1 before the first). */
  #seen = -1;
  /** While this node ingests itself, the ingester tells its listeners: the watch keeps quiet. */
  #quiet = false;

  constructor(store: IndexStore) {
    this.#store = store;
  }

  /** Polls every `pollMs` until `signal` aborts; a failed poll is reported and the next one tries. */
  async run(pollMs: number, signal: AbortSignal, onError: (error: unknown) => void): Promise<void> {
    while (!signal.aborted) {
      await this.#poll().catch(onError);
      await sleep(pollMs, signal);
    }
  }

  /** Quiet while this node ingests (its ingester wakes streams and submissions then). */
  quiet(quiet: boolean): void {
    this.#quiet = quiet;
  }

  onLedger(listener: (ledger: LedgerSummary) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves true once the index holds the transaction, false after `timeoutMs`. */
  awaitIngested(hash: string, timeoutMs: number): Promise<boolean> {
    return this.#waiting.wait(hash, timeoutMs, (key) => this.#holds(key));
  }

  async #holds(hash: string): Promise<boolean> {
    return (await this.#store.transaction(hash)) !== undefined;
  }

  async #poll(): Promise<void> {
    const latest = (await this.#store.latestLedger()) ?? 0;
    const previous = this.#seen;
    this.#seen = latest;
    if (this.#quiet || previous < 0 || latest <= previous) return;
    for (const hash of this.#waiting.hashes()) if (await this.#holds(hash)) this.#waiting.settle(hash);
    const summary = anything(latest);
    for (const listener of this.#listeners) listener(summary);
  }
}
