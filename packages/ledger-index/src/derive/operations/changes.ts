/**
 * What Horizon derives for an operation from its paired entry changes (`../changes.ts`): its
 * `sponsor`, and the claimable balances and liquidity pools it touched.
 */
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { derivedEntryKey, ledgerKeyXdr } from '../../store/entry-state.js';
import type { EntryChange } from '../changes.js';
import { entrySponsor } from '../entry.js';
import { accountId, claimableBalanceId } from '../format.js';

/** The signer sponsors of an account entry, by signer strkey (stellar/go `SponsorPerSigner`). */
function signerSponsors(entry: xdr.LedgerEntry | undefined): Map<string, string> {
  const sponsors = new Map<string, string>();
  if (entry?.data.type !== 'account') return sponsors;
  const account = entry.data.account;
  const v2 =
    account.ext.type === 'v1' && account.ext.v1.ext.type === 'v2' ? account.ext.v1.ext.v2 : undefined;
  if (!v2) return sponsors;
  account.signers.forEach((signer, i) => {
    const sponsor = v2.signerSponsoringIDs[i];
    if (sponsor) sponsors.set(SignerKey.encodeSignerKey(signer.key), accountId(sponsor));
  });
  return sponsors;
}

/**
 * stellar-horizon `getSponsor`: the sponsor of the first entry the operation created with one,
 * or of the signer a set_options gave a (new) sponsor.
 */
export function sponsorOf(
  changes: readonly EntryChange[],
  signerKey: string | undefined,
): string | undefined {
  for (const change of changes) {
    if (signerKey && change.post?.data.type === 'account') {
      const post = signerSponsors(change.post).get(signerKey);
      const pre = signerSponsors(change.pre).get(signerKey);
      if (post !== undefined && post !== pre) return post;
    }
    if (change.pre || !change.post) continue;
    const sponsor = entrySponsor(change.post);
    if (sponsor) return sponsor;
  }
  return undefined;
}

/** Hex ids of the claimable balances the changes touch (stellar-horizon `claimableBalancesForChanges`). */
export function claimableBalancesOf(changes: readonly EntryChange[]): string[] {
  const ids = changes.flatMap(({ key }) =>
    key?.type === 'claimableBalance' ? [claimableBalanceId(key.claimableBalance.balanceId)] : [],
  );
  return [...new Set(ids)].sort();
}

/** Hex ids of the liquidity pools the changes touch (stellar-horizon `liquidityPoolsForChanges`). */
export function liquidityPoolsOf(changes: readonly EntryChange[]): string[] {
  const ids = changes.flatMap(({ key }) =>
    key?.type === 'liquidityPool' ? [key.liquidityPool.liquidityPoolId.toString()] : [],
  );
  return [...new Set(ids)].sort();
}

/** The last change whose before-image has this key (stellar-horizon trades `findOperationChange`). */
export function changeOfKey(changes: readonly EntryChange[], key: xdr.LedgerKey): EntryChange | undefined {
  const bytes = ledgerKeyXdr(key);
  for (let i = changes.length - 1; i >= 0; i--) {
    const change = changes[i];
    const preKey = change?.pre ? derivedEntryKey(change.pre) : undefined;
    if (change && preKey && Buffer.compare(bytes, ledgerKeyXdr(preKey)) === 0) return change;
  }
  return undefined;
}
