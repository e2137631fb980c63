/** What any ledger entry answers: its sponsor, and its data when it is of a kind. */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { EntryKind } from './changes.js';
import { accountId } from './format.js';

/**
 * The account paying the entry's reserve (LedgerEntryExtensionV1.sponsoringID), as a G address
 * (stellar-horizon `ledgerEntrySponsorToNullString`).
 */
export function entrySponsor(entry: xdr.LedgerEntry | undefined): string | undefined {
  if (entry?.ext.type !== 'v1') return undefined;
  const sponsor = entry.ext.v1.sponsoringId;
  return sponsor ? accountId(sponsor) : undefined;
}

type DataOf<K extends EntryKind> = Extract<xdr.LedgerEntryData, { type: K }>;

/** The entry's data when it is of that kind (`data(change.pre, 'account')?.account`). */
export function data<K extends EntryKind>(
  entry: xdr.LedgerEntry | undefined,
  kind: K,
): DataOf<K> | undefined {
  return entry?.data.type === kind ? (entry.data as DataOf<K>) : undefined;
}
