/**
 * Whether a set of an account's entries is all of them: stellar-core counts every subentry in the
 * account's `numSubEntries` (`SponsorshipUtils.cpp` `computeMultiplier`: a trust line 1, a pool
 * share trust line 2, an offer or data entry 1; each signer 1), so the entries known are every
 * one exactly when their count, with the signers, is that number.
 */
import type { xdr } from '@stellar/stellar-sdk/base';

function weight(entry: xdr.LedgerEntry): number {
  switch (entry.data.type) {
    case 'trustline':
      return entry.data.trustLine.asset.type === 'assetTypePoolShare' ? 2 : 1;
    case 'offer':
    case 'data':
      return 1;
    default:
      return 0;
  }
}

/** The subentries `owned` (trust lines, offers, data entries) leave uncounted; 0 when they are all. */
export function unknownSubentries(account: xdr.AccountEntry, owned: readonly xdr.LedgerEntry[]): number {
  const known = owned.reduce((sum, entry) => sum + weight(entry), account.signers.length);
  return account.numSubEntries - known;
}
