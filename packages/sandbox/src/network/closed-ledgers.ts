/**
 * The closed ledgers the faces read, within the retention window (stellar-rpc
 * `history-retention-window`): each ledger's record, and transactions by hash. Older ledgers
 * are trimmed from the history as new ones close.
 */
import type { ClosedLedger } from '../close/close-ledger.js';
import type { LedgerHistory } from '../history.js';
import { type LedgerRecord, ledgerRecord, type TxRecord } from './records.js';

/** stellar-rpc's default `history-retention-window`: 7 days of 5-second ledgers. */
export const DEFAULT_RETENTION = 120_960;

export class ClosedLedgers {
  readonly #history: LedgerHistory;
  readonly #passphrase: string;
  readonly retention: number;
  readonly #records: LedgerRecord[] = [];
  readonly #byHash = new Map<string, TxRecord>();

  constructor(history: LedgerHistory, passphrase: string, retention = DEFAULT_RETENTION) {
    if (!Number.isInteger(retention) || retention < 1) {
      throw new RangeError(`retention must be a whole number of ledgers, at least 1 (got ${retention})`);
    }
    this.#history = history;
    this.#passphrase = passphrase;
    this.retention = retention;
  }

  /** Reads a newly closed ledger and trims what falls out of the window. */
  add(closed: ClosedLedger): LedgerRecord {
    const record = ledgerRecord(closed, this.#passphrase);
    this.#records.push(record);
    for (const tx of record.transactions) this.#byHash.set(tx.hash, tx);
    const first = closed.sequence - this.retention + 1;
    this.#history.trim(first);
    while ((this.#records[0]?.sequence ?? first) < first) {
      const gone = this.#records.shift() as LedgerRecord;
      for (const tx of gone.transactions) {
        if (this.#byHash.get(tx.hash) === tx) this.#byHash.delete(tx.hash);
      }
    }
    return record;
  }

  oldest(): LedgerRecord | undefined {
    return this.#records[0];
  }

  latest(): LedgerRecord | undefined {
    return this.#records.at(-1);
  }

  get(sequence: number): LedgerRecord | undefined {
    const first = this.#records[0];
    if (!first || sequence < first.sequence) return undefined;
    return this.#records[sequence - first.sequence];
  }

  /** The ledgers from `from` to `to` (inclusive) that are kept. */
  range(from: number, to: number): LedgerRecord[] {
    const first = this.#records[0];
    if (!first || to < from) return [];
    const start = Math.max(from, first.sequence) - first.sequence;
    return this.#records.slice(start, Math.max(start, to - first.sequence + 1));
  }

  transaction(hash: string): TxRecord | undefined {
    return this.#byHash.get(hash.toLowerCase());
  }
}
