/**
 * An operation's ledger entry changes as stellar/go's `ingest.Change` pairs them (`state`
 * before-images joined to the `updated`/`removed` after them) and sorts them (by the XDR of the
 * ledger key, stably): the order Horizon's processors read them in. What Horizon derives from
 * them lives here too: the `sponsor` of an operation and the claimable balances and liquidity
 * pools it touched.
 */
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { entryKey } from '../../store/entry-state.js';
import { accountId } from '../format.js';

export interface EntryChange {
  /** The entry before (absent when created or restored). */
  pre?: xdr.LedgerEntry;
  /** The entry after (absent when removed). */
  post?: xdr.LedgerEntry;
  /** The ledger key (undefined for entry types the index does not key). */
  key: xdr.LedgerKey | undefined;
}

const NO_KEY = new Uint8Array(0);

/** stellar/go `ingest.GetChangesFromLedgerEntryChanges`: pairs, then sorts by ledger key. */
export function pairChanges(changes: readonly xdr.LedgerEntryChange[]): EntryChange[] {
  const pairs: EntryChange[] = [];
  let before: xdr.LedgerEntry | undefined;
  for (const change of changes) {
    switch (change.type) {
      case 'ledgerEntryState':
        before = change.state;
        break;
      case 'ledgerEntryRestored':
        before = change.restored;
        pairs.push({ post: change.restored, key: entryKey(change.restored) });
        break;
      case 'ledgerEntryCreated':
        pairs.push({ post: change.created, key: entryKey(change.created) });
        break;
      case 'ledgerEntryUpdated':
        pairs.push({ pre: before, post: change.updated, key: entryKey(change.updated) });
        break;
      case 'ledgerEntryRemoved':
        pairs.push({ pre: before, key: change.removed });
        break;
    }
  }
  const keyed = pairs.map((pair) => ({ pair, bytes: pair.key ? pair.key.toXdr() : NO_KEY }));
  // Array.prototype.sort is stable, as Go's sort.Stable.
  keyed.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  return keyed.map(({ pair }) => pair);
}

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
    const ext = change.post.ext;
    if (ext.type === 'v1' && ext.v1.sponsoringId) return accountId(ext.v1.sponsoringId);
  }
  return undefined;
}

/** Hex ids of the claimable balances the changes touch (stellar-horizon `claimableBalancesForChanges`). */
export function claimableBalancesOf(changes: readonly EntryChange[]): string[] {
  const ids = changes.flatMap(({ key }) =>
    key?.type === 'claimableBalance' ? [key.claimableBalance.balanceId.toXdr('hex')] : [],
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
  const bytes = Buffer.from(key.toXdr());
  for (let i = changes.length - 1; i >= 0; i--) {
    const change = changes[i];
    const preKey = change?.pre ? entryKey(change.pre) : undefined;
    if (change && preKey && bytes.equals(Buffer.from(preKey.toXdr()))) return change;
  }
  return undefined;
}
