/**
 * One SQLite transaction per ledger close, and the in-memory copies kept in step with it. Reads
 * come from memory (the apply loop reads synchronously), so each write to a copy records how to
 * take it back: when the close throws or its commit fails, the database rolls back and the
 * copies are put back as they were, so memory never shows a ledger the file does not hold.
 */
import type LibsqlDatabase from 'libsql';

export class WriteUnit {
  readonly #db: LibsqlDatabase.Database;
  readonly #file: string;
  /** Undo steps of the open transaction, in the order the writes happened. */
  #journal: (() => void)[] | undefined;

  constructor(db: LibsqlDatabase.Database, file: string) {
    this.#db = db;
    this.#file = file;
  }

  /**
   * Runs `write` in one transaction, committed (with synchronous=FULL: on disk) before this
   * returns. Inside an open one, `write` joins it.
   */
  atomically<T>(write: () => T): T {
    if (this.#journal) return write();
    if (!this.#db.open) throw new Error(`${this.#file} is closed: the network has stopped`);
    const journal: (() => void)[] = [];
    this.#db.exec('BEGIN IMMEDIATE');
    this.#journal = journal;
    try {
      const result = write();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      // A failed COMMIT may have rolled back already (SQLITE_FULL, SQLITE_IOERR).
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      for (const undo of journal.reverse()) undo();
      throw error;
    } finally {
      this.#journal = undefined;
    }
  }

  /** Records how to take back a change to an in-memory copy made inside `atomically`. */
  remember(undo: () => void): void {
    if (!this.#journal) throw new Error('an in-memory copy was written outside a transaction');
    this.#journal.push(undo);
  }
}
