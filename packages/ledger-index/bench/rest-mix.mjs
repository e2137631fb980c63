// The requests a wallet makes of a Horizon server, for the REST-while-ingesting row: its account,
// its payments, the latest of every history list and the fees to bid, each page as long as
// Horizon's default (10), newest first as a wallet shows them.
import { accountId } from '../dist/derive/format.js';
import { ledgerChanges } from '../dist/meta/entry-changes.js';

/** The paths of the mix, in the order the prober sends them (cycled). */
export function walletMix(account) {
  const latest = 'order=desc&limit=10';
  return [
    `/ledgers?${latest}`,
    `/accounts/${account}`,
    `/accounts/${account}/payments?${latest}`,
    `/transactions?${latest}`,
    `/operations?${latest}`,
    `/payments?${latest}`,
    '/fee_stats',
  ];
}

/** The entry a change leaves, or null when it removes one (undefined for a before-image). */
function entryAfter(change) {
  switch (change.type) {
    case 'ledgerEntryState':
      return undefined;
    case 'ledgerEntryRemoved':
      return null;
    case 'ledgerEntryCreated':
      return change.created;
    case 'ledgerEntryUpdated':
      return change.updated;
    default:
      return change.restored;
  }
}

/**
 * The accounts a ledger leaves, by id: whether each is complete (every subentry of it is a
 * signer: no trust line, offer or data entry the index could not have seen), or null when the
 * ledger removes it. stellar-core counts each signer, trust line, offer and data entry in
 * `numSubEntries`; the gateway answers an account from its index only when it knows them all
 * (src/rest/single-entries.ts), else from getLedgerEntries, which a recorded RPC does not serve.
 */
export function accountsLeft(ledger) {
  const left = new Map();
  for (const change of ledgerChanges(ledger)) {
    const entry = entryAfter(change);
    if (entry === undefined) continue;
    if (entry === null) {
      if (change.removed.type === 'account') left.set(accountId(change.removed.account.accountId), null);
      continue;
    }
    if (entry.data.type !== 'account') continue;
    const account = entry.data.account;
    left.set(accountId(account.accountId), account.numSubEntries === account.signers.length);
  }
  return left;
}

/**
 * The wallet's account: the first complete account of `ledgers` (ClosedLedgers, in order) that
 * no later ledger removes, with the sequence of the ledger that first left it complete (the
 * gateway answers it once that ledger is ingested).
 */
export function walletAccount(ledgers) {
  const candidates = new Map();
  for (const ledger of ledgers) {
    for (const [id, complete] of accountsLeft(ledger)) {
      if (complete === null) candidates.delete(id);
      else if (complete && !candidates.has(id)) candidates.set(id, ledger.sequence);
    }
  }
  const [first] = candidates;
  if (first === undefined) throw new Error('no account of the ledgers is complete in their index');
  return { account: first[0], ledger: first[1] };
}
