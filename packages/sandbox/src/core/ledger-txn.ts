/**
 * A nested, change-tracking view of the ledger state (stellar-core LedgerTxn). A transaction
 * opens one on the ledger's, each operation one on the transaction's; `commit` folds the
 * writes into the parent, dropping a view discards them. `changes()` gives stellar-core's
 * LedgerEntryChanges for the view: CREATED for an entry new to it, STATE (the parent's
 * version) then UPDATED or REMOVED for one it changed, in the order entries were first written.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { HeaderState } from './header.js';
import { entryKey, keyId } from './keys.js';
import type { EntryReader, EntryStore, EntryWrite } from './store.js';

interface Touched {
  key: xdr.LedgerKey;
  entry: xdr.LedgerEntry | null;
  /** The entry did not exist in the parent. */
  created: boolean;
}

export class LedgerTxn implements EntryReader {
  readonly #parent: EntryReader;
  readonly #touched = new Map<string, Touched>();
  /** Entries that live only while a transaction applies (stellar-core InternalLedgerEntry). */
  readonly #internal = new Map<string, unknown>();
  readonly #parentTxn: LedgerTxn | undefined;
  #open = true;
  /** This view's header; committed to the parent with the entries. */
  header: HeaderState;

  constructor(parent: EntryReader | LedgerTxn, header?: HeaderState) {
    this.#parent = parent;
    this.#parentTxn = parent instanceof LedgerTxn ? parent : undefined;
    const base = header ?? this.#parentTxn?.header;
    if (!base) throw new Error('a ledger view over the store needs a header');
    this.header = { ...base, skipList: [...base.skipList] };
  }

  /** A child view (stellar-core `LedgerTxn ltxInner(ltx)`). */
  child(): LedgerTxn {
    this.#assertOpen();
    return new LedgerTxn(this);
  }

  get(id: string): xdr.LedgerEntry | undefined {
    const touched = this.#touched.get(id);
    if (touched) return touched.entry ?? undefined;
    return this.#parent.get(id);
  }

  load(key: xdr.LedgerKey): xdr.LedgerEntry | undefined {
    return this.get(keyId(key));
  }

  /**
   * Every live entry the view sees whose data is of `type` (through the parents and the store),
   * for order book queries (stellar-core loadBestOffer, loadOffersByAccountAndAsset).
   */
  liveEntries(type: xdr.LedgerEntryData['type']): xdr.LedgerEntry[] {
    const seen = new Map<string, xdr.LedgerEntry | null>();
    for (let view: LedgerTxn | undefined = this; view; view = view.#parentTxn) {
      for (const [id, touched] of view.#touched) if (!seen.has(id)) seen.set(id, touched.entry);
      if (!view.#parentTxn) {
        const store = view.#parent as Partial<EntryStore>;
        if (!store.entries) throw new Error('the store cannot list its entries');
        for (const [id, entry] of store.entries()) if (!seen.has(id)) seen.set(id, entry);
      }
    }
    return [...seen.values()].filter((e): e is xdr.LedgerEntry => e !== null && e.data.type === type);
  }

  /** Writes an entry, new or not, stamped with this ledger's sequence number. */
  put(entry: xdr.LedgerEntry): void {
    this.#assertOpen();
    const key = entryKey(entry);
    const id = keyId(key);
    const stamped =
      entry.lastModifiedLedgerSeq === this.header.ledgerSeq
        ? entry
        : new xdr.LedgerEntry({ ...entry, lastModifiedLedgerSeq: this.header.ledgerSeq });
    const touched = this.#touched.get(id);
    if (touched) {
      touched.entry = stamped;
      return;
    }
    this.#touched.set(id, { key, entry: stamped, created: this.#parent.get(id) === undefined });
  }

  /** Creates an entry that must not exist yet. */
  create(entry: xdr.LedgerEntry): void {
    if (this.load(entryKey(entry))) throw new Error('the entry to create already exists');
    this.put(entry);
  }

  /** Removes an entry that must exist. */
  erase(key: xdr.LedgerKey): void {
    this.#assertOpen();
    const id = keyId(key);
    if (this.get(id) === undefined) throw new Error('the entry to remove does not exist');
    const touched = this.#touched.get(id);
    if (touched?.created) this.#touched.delete(id);
    else if (touched) touched.entry = null;
    else this.#touched.set(id, { key, entry: null, created: false });
  }

  /** An internal entry (sponsorship state), through the parents; undefined when absent. */
  getInternal<T>(id: string): T | undefined {
    if (this.#internal.has(id)) return (this.#internal.get(id) ?? undefined) as T | undefined;
    return this.#parentTxn?.getInternal<T>(id);
  }

  /** Sets (or with undefined, removes) an internal entry. */
  putInternal(id: string, value: unknown): void {
    this.#assertOpen();
    this.#internal.set(id, value ?? null);
  }

  /** Ids of the internal entries present with a prefix (stellar-core hasSponsorshipEntry). */
  hasInternal(prefix: string): boolean {
    const seen = new Set<string>();
    for (let view: LedgerTxn | undefined = this; view; view = view.#parentTxn) {
      for (const [id, value] of view.#internal) {
        if (seen.has(id)) continue;
        seen.add(id);
        if (id.startsWith(prefix) && value !== null) return true;
      }
    }
    return false;
  }

  /** The changes this view made, as stellar-core LedgerTxn::getChanges lists them. */
  changes(): xdr.LedgerEntryChange[] {
    const changes: xdr.LedgerEntryChange[] = [];
    for (const [id, touched] of this.#touched) {
      if (touched.created) {
        if (touched.entry) changes.push(xdr.LedgerEntryChange.ledgerEntryCreated(touched.entry));
        continue;
      }
      const previous = this.#parent.get(id);
      if (!previous) throw new Error('a changed entry has no previous state');
      changes.push(xdr.LedgerEntryChange.ledgerEntryState(previous));
      changes.push(
        touched.entry
          ? xdr.LedgerEntryChange.ledgerEntryUpdated(touched.entry)
          : xdr.LedgerEntryChange.ledgerEntryRemoved(touched.key),
      );
    }
    return changes;
  }

  /** The writes of this view, in order (for a store, or a parent view). */
  writes(): EntryWrite[] {
    return [...this.#touched].map(([id, t]) => ({ id, key: t.key, entry: t.entry }));
  }

  /** Folds this view into its parent view and closes it. */
  commit(): void {
    this.#assertOpen();
    const parent = this.#parentTxn;
    if (!parent) throw new Error('a view over the store is written with writes()');
    for (const write of this.writes()) {
      if (write.entry) parent.put(write.entry);
      else parent.erase(write.key);
    }
    for (const [id, value] of this.#internal) parent.#internal.set(id, value);
    parent.header = this.header;
    this.#open = false;
  }

  /** True when this view wrote nothing. */
  get isEmpty(): boolean {
    return this.#touched.size === 0;
  }

  #assertOpen(): void {
    if (!this.#open) throw new Error('this ledger view was already committed');
  }
}
