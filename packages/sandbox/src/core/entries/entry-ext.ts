/**
 * The part every ledger entry shares: its sponsor (LedgerEntryExtensionV1.sponsoringID).
 * An extension once present stays present (stellar-core prepareLedgerEntryExtensionV1), so the
 * draft remembers whether the entry had one.
 */
import { xdr } from '@stellar/stellar-sdk/base';

export interface EntryExtState {
  /** The account paying this entry's reserve, if sponsored. */
  sponsor: xdr.PublicKey | null;
  /** The entry carries a LedgerEntryExtensionV1 (even with no sponsor). */
  hasExtV1: boolean;
}

/**
 * The entry's extension state. Readers copy its two fields by name: spread (`...`) at the head
 * of a larger object literal, it made each read many times slower in V8.
 */
export function readEntryExt(entry: xdr.LedgerEntry): EntryExtState {
  return entry.ext.type === 'v1'
    ? { sponsor: entry.ext.v1.sponsoringId, hasExtV1: true }
    : { sponsor: null, hasExtV1: false };
}

export function entryExt(state: EntryExtState): xdr.LedgerEntryExt {
  if (!state.hasExtV1 && !state.sponsor) return xdr.LedgerEntryExt.v0();
  return xdr.LedgerEntryExt.v1(
    new xdr.LedgerEntryExtensionV1({ sponsoringId: state.sponsor, ext: xdr.LedgerEntryExtensionV1Ext.v0() }),
  );
}

/** Wraps entry data into a LedgerEntry; the ledger view stamps lastModifiedLedgerSeq on write. */
export function ledgerEntry(
  data: xdr.LedgerEntryData,
  ext: EntryExtState,
  lastModified = 0,
): xdr.LedgerEntry {
  return new xdr.LedgerEntry({ lastModifiedLedgerSeq: lastModified, data, ext: entryExt(ext) });
}
