/**
 * The closed ledgers on SQLite, within the retention window: each as its LedgerCloseMeta XDR
 * (the header and its hash are in it), read from memory, appended and trimmed in the close's
 * transaction (see WriteUnit).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { type ClosedLedger, closedLedger } from '../close/close-ledger.js';
import { type LedgerHistory, MemoryLedgerHistory } from '../history.js';
import { blob, type Statements } from './statements.js';
import type { WriteUnit } from './transaction.js';

export class SqliteLedgerHistory implements LedgerHistory {
  readonly #unit: WriteUnit;
  readonly #sql: Statements;
  readonly #file: string;
  readonly #memory: MemoryLedgerHistory;

  /** Reads every stored ledger into memory. */
  constructor(unit: WriteUnit, sql: Statements, file: string) {
    this.#unit = unit;
    this.#sql = sql;
    this.#file = file;
    const rows = sql.allLedgers.all() as { meta: unknown }[];
    this.#memory = new MemoryLedgerHistory(
      rows.map((row) => closedLedger(xdr.LedgerCloseMeta.fromXdr(blob(row.meta)))),
    );
  }

  append(ledger: ClosedLedger): void {
    this.#unit.atomically(() => {
      this.#memory.append(ledger);
      this.#unit.remember(() => this.#memory.removeLatest());
      try {
        this.#sql.insertLedger.run(ledger.sequence, Buffer.from(ledger.hash), ledger.meta.toXdr());
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        throw new Error(
          `${this.#file} already holds ledger ${ledger.sequence}: another sandbox is using the file`,
          {
            cause: error,
          },
        );
      }
    });
  }

  trim(sequence: number): ClosedLedger[] {
    return this.#unit.atomically(() => {
      this.#sql.trimLedgers.run(sequence);
      const gone = this.#memory.trim(sequence);
      this.#unit.remember(() => this.#memory.restore(gone));
      return gone;
    });
  }

  get(sequence: number): ClosedLedger | undefined {
    return this.#memory.get(sequence);
  }

  range(from: number, to: number): ClosedLedger[] {
    return this.#memory.range(from, to);
  }

  latest(): ClosedLedger | undefined {
    return this.#memory.latest();
  }

  oldest(): ClosedLedger | undefined {
    return this.#memory.oldest();
  }
}
