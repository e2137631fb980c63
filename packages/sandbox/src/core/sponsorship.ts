/**
 * Reserve sponsorship (CAP-33) after stellar-core SponsorshipUtils: creating and removing
 * entries and signers with or without a sponsor, and the "sponsoring future reserves" state
 * a transaction holds between begin_sponsoring_future_reserves and end_sponsoring_future_reserves.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { accountAvailableBalance, accountMinBalance } from './balances.js';
import { type AccountState, loadAccount, prepareAccountExt, storeAccount } from './entries/account.js';
import type { EntryExtState } from './entries/entry-ext.js';
import type { HeaderState } from './header.js';
import { accountIdBytes, sameAccount, toHex } from './keys.js';
import type { LedgerTxn } from './ledger-txn.js';

/** stellar-core ACCOUNT_SUBENTRY_LIMIT. */
export const ACCOUNT_SUBENTRY_LIMIT = 1000;
const UINT32_MAX = 0xffffffff;

export type SponsorshipResult =
  | 'success'
  | 'lowReserve'
  | 'tooManySubentries'
  | 'tooManySponsoring'
  | 'tooManySponsored';

export type SponsoredType = 'account' | 'trustline' | 'offer' | 'data' | 'claimableBalance';

/** An entry whose reserve is counted: its type, its multiplier and its sponsor field. */
export interface ReserveEntry {
  type: SponsoredType;
  /** stellar-core computeMultiplier: 2 for accounts and pool-share lines, claimants for balances. */
  mult: number;
  ext: EntryExtState;
}

// --- the sponsoring-future-reserves state of a transaction (stellar-core SPONSORSHIP entries)

const SPONSORSHIP = 'sponsorship:';
const SPONSORSHIP_COUNTER = 'sponsorship-counter:';

/** Who sponsors the future reserves of `sponsored`, while its transaction applies. */
export function sponsorOf(ltx: LedgerTxn, sponsored: xdr.PublicKey): xdr.PublicKey | undefined {
  return ltx.getInternal<xdr.PublicKey>(SPONSORSHIP + toHex(accountIdBytes(sponsored)));
}

export function setSponsorOf(
  ltx: LedgerTxn,
  sponsored: xdr.PublicKey,
  sponsor: xdr.PublicKey | undefined,
): void {
  ltx.putInternal(SPONSORSHIP + toHex(accountIdBytes(sponsored)), sponsor);
}

/** How many accounts `sponsor` is sponsoring the future reserves of. */
export function sponsoringCount(ltx: LedgerTxn, sponsor: xdr.PublicKey): number {
  return ltx.getInternal<number>(SPONSORSHIP_COUNTER + toHex(accountIdBytes(sponsor))) ?? 0;
}

export function setSponsoringCount(ltx: LedgerTxn, sponsor: xdr.PublicKey, count: number): void {
  ltx.putInternal(SPONSORSHIP_COUNTER + toHex(accountIdBytes(sponsor)), count === 0 ? undefined : count);
}

/** stellar-core LedgerTxn::hasSponsorshipEntry: a begin with no end (txBAD_SPONSORSHIP). */
export function hasOpenSponsorship(ltx: LedgerTxn): boolean {
  return ltx.hasInternal(SPONSORSHIP) || ltx.hasInternal(SPONSORSHIP_COUNTER);
}

// --- checks (stellar-core can*Sponsorship helpers)

function tooManySponsoring(account: AccountState, mult: number): boolean {
  if (account.numSponsoring > UINT32_MAX - mult) return true;
  return account.numSponsoring + account.numSubEntries + mult > UINT32_MAX;
}

function tooManySubEntries(account: AccountState, mult: number): boolean {
  if (account.numSubEntries > ACCOUNT_SUBENTRY_LIMIT - mult) return true;
  return account.numSponsoring + account.numSubEntries + mult > UINT32_MAX;
}

/** stellar-core canEstablishSponsorshipHelper. */
export function canEstablish(
  header: HeaderState,
  sponsoring: AccountState,
  sponsored: AccountState | undefined,
  mult: number,
): SponsorshipResult {
  if (accountAvailableBalance(header, sponsoring) < BigInt(mult) * BigInt(header.baseReserve))
    return 'lowReserve';
  if (tooManySponsoring(sponsoring, mult)) return 'tooManySponsoring';
  if (sponsored && sponsored.numSponsored > UINT32_MAX - mult) return 'tooManySponsored';
  return 'success';
}

/** stellar-core canRemoveSponsorshipHelper. */
export function canRemove(
  header: HeaderState,
  sponsoring: AccountState,
  sponsored: AccountState | undefined,
  mult: number,
): SponsorshipResult {
  if (sponsoring.numSponsoring < mult) throw new Error('insufficient numSponsoring');
  if (sponsored && sponsored.numSponsored < mult) throw new Error('insufficient numSponsored');
  if (sponsored && accountAvailableBalance(header, sponsored) < BigInt(mult) * BigInt(header.baseReserve)) {
    return 'lowReserve';
  }
  return 'success';
}

/** stellar-core canTransferSponsorshipHelper. */
export function canTransfer(
  header: HeaderState,
  oldSponsoring: AccountState,
  newSponsoring: AccountState,
  mult: number,
): SponsorshipResult {
  const removed = canRemove(header, oldSponsoring, undefined, mult);
  return removed === 'success' ? canEstablish(header, newSponsoring, undefined, mult) : removed;
}

// --- bookkeeping (stellar-core establish/remove/transfer helpers)

export function establishEntrySponsorship(
  entry: ReserveEntry,
  sponsoring: AccountState,
  sponsored: AccountState | undefined,
): void {
  entry.ext.sponsor = sponsoring.accountId;
  entry.ext.hasExtV1 = true;
  prepareAccountExt(sponsoring, 2);
  sponsoring.numSponsoring += entry.mult;
  if (sponsored) {
    prepareAccountExt(sponsored, 2);
    sponsored.numSponsored += entry.mult;
  }
}

export function removeEntrySponsorship(
  entry: ReserveEntry,
  sponsoring: AccountState,
  sponsored: AccountState | undefined,
): void {
  if (!entry.ext.sponsor || !sameAccount(entry.ext.sponsor, sponsoring.accountId)) {
    throw new Error("sponsorship doesn't match");
  }
  entry.ext.sponsor = null;
  sponsoring.numSponsoring -= entry.mult;
  if (sponsored) sponsored.numSponsored -= entry.mult;
}

function isSubentry(type: SponsoredType): boolean {
  return type === 'trustline' || type === 'offer' || type === 'data';
}

/**
 * stellar-core createEntryWithPossibleSponsorship: counts a new entry's reserve against its
 * sponsor (if the owner's future reserves are sponsored) or its owner. `owner` is the account
 * the entry belongs to (for an account entry: the new account itself). The caller stores
 * `owner`; a distinct sponsoring account is loaded and stored here.
 */
export function createEntryWithPossibleSponsorship(
  ltx: LedgerTxn,
  entry: ReserveEntry,
  owner: AccountState,
): SponsorshipResult {
  const header = ltx.header;
  const sponsorId = sponsorOf(ltx, owner.accountId);
  const sponsored = entry.type === 'claimableBalance' ? undefined : owner;
  if (sponsorId) {
    const sponsoring = loadAccount(ltx, sponsorId);
    if (!sponsoring) throw new Error('the sponsoring account does not exist');
    if (sponsored && isSubentry(entry.type) && tooManySubEntries(sponsored, entry.mult))
      return 'tooManySubentries';
    const res = canEstablish(header, sponsoring, sponsored, entry.mult);
    if (res !== 'success') return res;
    if (sponsored && isSubentry(entry.type)) sponsored.numSubEntries += entry.mult;
    establishEntrySponsorship(entry, sponsoring, sponsored);
    storeAccount(ltx, sponsoring);
    return 'success';
  }
  if (!sponsored) {
    // A claimable balance's creator sponsors it.
    const res = canEstablish(header, owner, undefined, entry.mult);
    if (res === 'success') establishEntrySponsorship(entry, owner, undefined);
    return res;
  }
  if (entry.type === 'account') {
    return owner.balance < accountMinBalance(header, owner) ? 'lowReserve' : 'success';
  }
  if (tooManySubEntries(owner, entry.mult)) return 'tooManySubentries';
  if (accountAvailableBalance(header, owner) < BigInt(entry.mult) * BigInt(header.baseReserve))
    return 'lowReserve';
  owner.numSubEntries += entry.mult;
  return 'success';
}

/**
 * stellar-core removeEntryWithPossibleSponsorship: releases a removed entry's reserve. The
 * caller stores `owner`; a distinct sponsoring account is loaded and stored here.
 */
export function removeEntryWithPossibleSponsorship(
  ltx: LedgerTxn,
  entry: ReserveEntry,
  owner: AccountState,
): void {
  const sponsorId = entry.ext.sponsor;
  if (!sponsorId) {
    if (entry.type !== 'account') {
      if (owner.numSubEntries < entry.mult) throw new Error('invalid account state');
      owner.numSubEntries -= entry.mult;
    }
    return;
  }
  const sponsored = entry.type === 'claimableBalance' ? undefined : owner;
  const unsubentry = (account: AccountState | undefined) => {
    if (account && entry.type !== 'account') account.numSubEntries -= entry.mult;
  };
  if (sameAccount(sponsorId, owner.accountId)) {
    if (entry.type !== 'claimableBalance') throw new Error('an entry sponsored by its own account');
    removeEntrySponsorship(entry, owner, undefined);
    return;
  }
  const sponsoring = loadAccount(ltx, sponsorId);
  if (!sponsoring) throw new Error('the sponsoring account does not exist');
  unsubentry(sponsored);
  removeEntrySponsorship(entry, sponsoring, sponsored);
  storeAccount(ltx, sponsoring);
}

/**
 * stellar-core createSignerWithPossibleSponsorship, for the signer at `index` of `account`
 * (already inserted, with a null sponsor when the account has extension v2).
 */
export function createSignerWithPossibleSponsorship(
  ltx: LedgerTxn,
  index: number,
  account: AccountState,
): SponsorshipResult {
  const header = ltx.header;
  const sponsorId = sponsorOf(ltx, account.accountId);
  if (!sponsorId) {
    if (tooManySubEntries(account, 1)) return 'tooManySubentries';
    if (accountAvailableBalance(header, account) < BigInt(header.baseReserve)) return 'lowReserve';
    account.numSubEntries += 1;
    return 'success';
  }
  const sponsoring = loadAccount(ltx, sponsorId);
  if (!sponsoring) throw new Error('the sponsoring account does not exist');
  if (tooManySubEntries(account, 1)) return 'tooManySubentries';
  const res = canEstablish(header, sponsoring, account, 1);
  if (res !== 'success') return res;
  account.numSubEntries += 1;
  prepareAccountExt(account, 2);
  account.signerSponsoringIds[index] = sponsoring.accountId;
  account.numSponsored += 1;
  prepareAccountExt(sponsoring, 2);
  sponsoring.numSponsoring += 1;
  storeAccount(ltx, sponsoring);
  return 'success';
}

/** stellar-core removeSignerWithPossibleSponsorship: drops the signer at `index`. */
export function removeSignerWithPossibleSponsorship(
  ltx: LedgerTxn,
  index: number,
  account: AccountState,
): void {
  const sponsorId = account.extVersion >= 2 ? account.signerSponsoringIds[index] : null;
  if (sponsorId) {
    const sponsoring = loadAccount(ltx, sponsorId);
    if (!sponsoring) throw new Error('the sponsoring account does not exist');
    if (sponsoring.numSponsoring < 1 || account.numSponsored < 1)
      throw new Error('invalid sponsorship state');
    sponsoring.numSponsoring -= 1;
    account.numSponsored -= 1;
    storeAccount(ltx, sponsoring);
  }
  if (account.numSubEntries < 1) throw new Error('invalid account state');
  account.numSubEntries -= 1;
  if (account.extVersion >= 2) account.signerSponsoringIds.splice(index, 1);
  account.signers.splice(index, 1);
}
