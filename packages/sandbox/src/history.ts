/**
 * Closed ledgers, as later faces read them: every ledger after genesis with its
 * LedgerCloseMeta. Behind an interface so a persistent store can keep them.
 */
import type { ClosedLedger } from './close/close-ledger.js';

export interface LedgerHistory {
  append(ledger: ClosedLedger): void;
  get(sequence: number): ClosedLedger | undefined;
  /** The ledgers from `from` to `to` (inclusive) that are kept, oldest first. */
  range(from: number, to: number): ClosedLedger[];
  latest(): ClosedLedger | undefined;
  /** The oldest ledger kept. */
  oldest(): ClosedLedger | undefined;
  /** Forgets the ledgers before `sequence` (a retention window); returns them, oldest first. */
  trim(sequence: number): ClosedLedger[];
}

/** A retention window (ledgers kept) must be a whole number, at least 1. */
export function checkRetention(retention: number): number {
  if (!Number.isInteger(retention) || retention < 1) {
    throw new RangeError(`retention must be a whole number of ledgers, at least 1 (got ${retention})`);
  }
  return retention;
}

export class MemoryLedgerHistory implements LedgerHistory {
  #ledgers: ClosedLedger[] = [];

  /** A history holding `ledgers` (consecutive, oldest first), e.g. as read back from a database. */
  constructor(ledgers: Iterable<ClosedLedger> = []) {
    for (const ledger of ledgers) this.append(ledger);
  }

  append(ledger: ClosedLedger): void {
    const last = this.#ledgers.at(-1);
    if (last && ledger.sequence !== last.sequence + 1) {
      throw new Error(`ledger ${ledger.sequence} does not follow ledger ${last.sequence}`);
    }
    this.#ledgers.push(ledger);
  }

  get(sequence: number): ClosedLedger | undefined {
    const first = this.#ledgers[0];
    return first ? this.#ledgers[sequence - first.sequence] : undefined;
  }

  range(from: number, to: number): ClosedLedger[] {
    const first = this.#ledgers[0];
    if (!first || to < from) return [];
    const start = Math.max(from, first.sequence) - first.sequence;
    return this.#ledgers.slice(start, Math.max(start, to - first.sequence + 1));
  }

  latest(): ClosedLedger | undefined {
    return this.#ledgers.at(-1);
  }

  oldest(): ClosedLedger | undefined {
    return this.#ledgers[0];
  }

  trim(sequence: number): ClosedLedger[] {
    const first = this.#ledgers[0];
    if (!first || sequence <= first.sequence) return [];
    return this.#ledgers.splice(0, sequence - first.sequence);
  }

  /** Takes back the last `append` (a close whose transaction failed). */
  removeLatest(): void {
    this.#ledgers.pop();
  }

  /** Takes back a `trim`: `ledgers` are what it returned. */
  restore(ledgers: readonly ClosedLedger[]): void {
    this.#ledgers = [...ledgers, ...this.#ledgers];
  }
}
