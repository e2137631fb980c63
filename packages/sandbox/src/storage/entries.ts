/**
 * The live entries on SQLite: read from memory, each closed ledger's changes written through
 * in the close's transaction (see WriteUnit).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { type EntryStore, type EntryWrite, MemoryEntryStore } from '../core/store.js';
import { blob, type Statements } from './statements.js';
import type { WriteUnit } from './transaction.js';

export class SqliteEntryStore implements EntryStore {
  readonly #unit: WriteUnit;
  readonly #sql: Statements;
  readonly #memory: MemoryEntryStore;

  /** Reads every stored entry into memory. */
  constructor(unit: WriteUnit, sql: Statements) {
    this.#unit = unit;
    this.#sql = sql;
    const rows = sql.allEntries.all() as { id: string; entry: unknown }[];
    this.#memory = new MemoryEntryStore(
      rows.map((row) => [row.id, xdr.LedgerEntry.fromXdr(blob(row.entry))]),
    );
  }

  get(id: string): xdr.LedgerEntry | undefined {
    return this.#memory.get(id);
  }

  write(changes: readonly EntryWrite[]): void {
    this.#unit.atomically(() => {
      for (const change of changes) {
        if (change.entry) this.#sql.putEntry.run(change.id, change.entry.toXdr());
        else this.#sql.deleteEntry.run(change.id);
      }
      // Undone last to first, so an entry changed twice ends as it was before both.
      const before = changes.map((change) => ({ ...change, entry: this.#memory.get(change.id) ?? null }));
      this.#memory.write(changes);
      this.#unit.remember(() => this.#memory.write(before.reverse()));
    });
  }

  entries(): IterableIterator<[string, xdr.LedgerEntry]> {
    return this.#memory.entries();
  }

  get size(): number {
    return this.#memory.size;
  }
}
