/**
 * The closed ledgers the faces read, within the retention window (stellar-rpc
 * `history-retention-window`): each ledger's record, and transactions by hash. The records
 * mirror the ledger's history: read from it when the network starts (a stored one included),
 * added as ledgers close, and forgotten as the ledger trims its history to the window.
 */
import type { ClosedLedger } from '../close/close-ledger.js';
import { checkRetention, type LedgerHistory } from '../history.js';
import { type LedgerRecord, ledgerRecord, type TxRecord } from './records.js';

/** stellar-rpc's default `history-retention-window`: 7 days of 5-second ledgers. */
export const DEFAULT_RETENTION = 120_960;

export class ClosedLedgers {
  readonly #history: LedgerHistory;
  readonly #passphrase: string;
  /** The window the ledger keeps its history to (what getHealth reports). */
  readonly retention: number;
  readonly #records: LedgerRecord[] = [];
  readonly #byHash = new Map<string, TxRecord>();

  constructor(history: LedgerHistory, passphrase: string, retention = DEFAULT_RETENTION) {
    this.#history = history;
    this.#passphrase = passphrase;
    this.retention = checkRetention(retention);
    const oldest = history.oldest();
    const latest = history.latest();
    if (oldest && latest)
      for (const closed of history.range(oldest.sequence, latest.sequence)) this.#push(closed);
  }

  /** Reads a newly closed ledger and forgets the ones the history no longer keeps. */
  add(closed: ClosedLedger): LedgerRecord {
    const record = this.#push(closed);
    const first = this.#history.oldest()?.sequence ?? closed.sequence;
    while ((this.#records[0]?.sequence ?? first) < first) {
      const gone = this.#records.shift() as LedgerRecord;
      for (const tx of gone.transactions) {
        if (this.#byHash.get(tx.hash) === tx) this.#byHash.delete(tx.hash);
      }
    }
    return record;
  }

  #push(closed: ClosedLedger): LedgerRecord {
    const record = ledgerRecord(closed, this.#passphrase);
    this.#records.push(record);
    for (const tx of record.transactions) this.#byHash.set(tx.hash, tx);
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
