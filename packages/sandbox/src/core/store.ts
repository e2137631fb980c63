/**
 * Where the live ledger state is kept: XDR `LedgerEntry` values under the base64 XDR of their
 * `LedgerKey`. Reads are synchronous, as stellar-core's apply loop needs them; a persistent
 * store keeps a copy in memory and writes each closed ledger's changes through.
 */
import type { xdr } from '@stellar/stellar-sdk/base';

/** Read access to ledger entries by key id (see `keyId`). */
export interface EntryReader {
  get(id: string): xdr.LedgerEntry | undefined;
}

/** One write of a committed change set: an entry, or `null` for a removed one. */
export interface EntryWrite {
  id: string;
  key: xdr.LedgerKey;
  entry: xdr.LedgerEntry | null;
}

export interface EntryStore extends EntryReader {
  /** Applies the changes of one closed ledger, in order. */
  write(changes: readonly EntryWrite[]): void;
  /** Every live entry, in no particular order. */
  entries(): IterableIterator<[string, xdr.LedgerEntry]>;
  readonly size: number;
}

export class MemoryEntryStore implements EntryStore {
  readonly #entries: Map<string, xdr.LedgerEntry>;

  /** A store holding `entries` (by key id), e.g. as read back from a database. */
  constructor(entries: Iterable<[string, xdr.LedgerEntry]> = []) {
    this.#entries = new Map(entries);
  }

  get(id: string): xdr.LedgerEntry | undefined {
    return this.#entries.get(id);
  }

  write(changes: readonly EntryWrite[]): void {
    for (const change of changes) {
      if (change.entry) this.#entries.set(change.id, change.entry);
      else this.#entries.delete(change.id);
    }
  }

  entries(): IterableIterator<[string, xdr.LedgerEntry]> {
    return this.#entries.entries();
  }

  get size(): number {
    return this.#entries.size;
  }
}
