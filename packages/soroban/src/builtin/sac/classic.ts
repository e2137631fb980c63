/**
 * Balances of G-addresses, kept in the classic entries (`balance.rs`): the native asset in the
 * account's balance, an issued asset in the account's trustline. A balance moves only within
 * what stellar-core allows: an account keeps its reserve ((2 + sub-entries + sponsoring -
 * sponsored) x base reserve) and its selling liabilities, and stays below i64::MAX less its
 * buying liabilities; a trustline stays between its selling liabilities and its limit less its
 * buying liabilities. The issuer has no trustline: its balance is i64::MAX and moving it is a
 * no-op.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { loadAccount } from '../../host/auth/account-signatures.js';
import type { Host } from '../../host/host.js';
import { chargeAccountEntryClone, DECLARED_SIZE } from '../../storage/index.js';
import { contractError } from '../contract-error.js';
import { addressFromAccount } from '../values.js';

const I64_MAX = (1n << 63n) - 1n;

export const TrustLineFlag = {
  authorized: 1,
  authorizedToMaintainLiabilities: 2,
  clawbackEnabled: 4,
} as const;
export const AccountFlag = { authRequired: 1, authRevocable: 2, clawbackEnabled: 8 } as const;

const sameAccount = (a: xdr.AccountId, b: xdr.AccountId): boolean =>
  Buffer.compare(a.toXdr(), b.toXdr()) === 0;

const creditOf = (asset: xdr.Asset): xdr.AlphaNum4 | xdr.AlphaNum12 | undefined =>
  asset.type === 'assetTypeCreditAlphanum4'
    ? asset.alphaNum4
    : asset.type === 'assetTypeCreditAlphanum12'
      ? asset.alphaNum12
      : undefined;

/**
 * The issuer of an issued asset, when `account` is it: the issuer cloned (`asset.issuer.metered_clone`,
 * as each classic path of balance.rs does once it has the asset), then compared.
 */
export function isIssuerAccount(host: Host, asset: xdr.Asset, account: xdr.AccountId): boolean {
  const credit = creditOf(asset);
  if (credit === undefined) return false;
  host.budget.charge('MemCpy', DECLARED_SIZE.accountId);
  return sameAccount(credit.issuer, account);
}

/** `to_account_key` / `to_trustline_key` (data_helper.rs): each key a metered `Rc::new`. */
function meteredKey(host: Host, key: xdr.LedgerKey): xdr.LedgerKey {
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  return key;
}

const accountKey = (host: Host, accountId: xdr.AccountId) =>
  meteredKey(host, xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId })));

function trustlineKey(host: Host, asset: xdr.Asset, accountId: xdr.AccountId): xdr.LedgerKey {
  let tlAsset: xdr.TrustLineAsset;
  if (asset.type === 'assetTypeCreditAlphanum4')
    tlAsset = xdr.TrustLineAsset.assetTypeCreditAlphanum4(asset.alphaNum4);
  else if (asset.type === 'assetTypeCreditAlphanum12')
    tlAsset = xdr.TrustLineAsset.assetTypeCreditAlphanum12(asset.alphaNum12);
  else throw contractError('InternalError', 'the native asset has no trustline');
  return meteredKey(host, xdr.LedgerKey.trustline(new xdr.LedgerKeyTrustLine({ accountId, asset: tlAsset })));
}

const unexpectedEntry = () => contractError('InternalError', 'unexpected entry found');

/**
 * The error of a missing account or trustline. It names the account: an address object made of
 * the key's account id, cloned (`account_address_from_key`), on the budget, though the error's
 * event is only diagnostic.
 */
function missingEntry(
  host: Host,
  key: xdr.LedgerKey,
  code: 'AccountMissingError' | 'TrustlineMissingError',
  message: string,
): Error {
  const accountId =
    key.type === 'account'
      ? key.account.accountId
      : key.type === 'trustline'
        ? key.trustLine.accountId
        : undefined;
  if (accountId) addressFromAccount(host, accountId);
  return contractError(code, message);
}

function readAccount(host: Host, key: xdr.LedgerKey): { entry: xdr.LedgerEntry; account: xdr.AccountEntry } {
  const entry = host.storage.tryGet(key, host.budget);
  if (!entry) throw missingEntry(host, key, 'AccountMissingError', 'account entry is missing');
  if (entry.data.type !== 'account') throw unexpectedEntry();
  return { entry, account: entry.data.account };
}

function readTrustline(
  host: Host,
  key: xdr.LedgerKey,
): { entry: xdr.LedgerEntry; trustline: xdr.TrustLineEntry } {
  const entry = host.storage.tryGet(key, host.budget);
  if (!entry)
    throw missingEntry(host, key, 'TrustlineMissingError', 'trustline entry is missing for account');
  if (entry.data.type !== 'trustline') throw unexpectedEntry();
  return { entry, trustline: entry.data.trustLine };
}

/** An account's issuer flags (`load_account`: a missing issuer is the storage's MissingValue). */
export const accountFlags = (host: Host, accountId: xdr.AccountId): number =>
  loadAccount(host, accountId).flags;

/** `get_min_max_account_balance`. */
function accountRange(host: Host, account: xdr.AccountEntry): [bigint, bigint] {
  const balance = BigInt(account.balance);
  if (balance < 0n) throw contractError('InternalError', 'initial balance is negative');
  const reserve = BigInt(host.ledger.baseReserve);
  const subEntries = BigInt(account.numSubEntries);
  if (account.ext.type !== 'v1') return [(2n + subEntries) * reserve, I64_MAX];
  const v1 = account.ext.v1;
  const net =
    v1.ext.type === 'v2'
      ? 2n + subEntries + BigInt(v1.ext.v2.numSponsoring) - BigInt(v1.ext.v2.numSponsored)
      : 2n + subEntries;
  return [net * reserve + BigInt(v1.liabilities.selling), I64_MAX - BigInt(v1.liabilities.buying)];
}

/** `get_min_max_trustline_balance`. */
function trustlineRange(trustline: xdr.TrustLineEntry): [bigint, bigint] {
  if (BigInt(trustline.balance) < 0n) throw contractError('InternalError', 'initial balance is negative');
  const limit = BigInt(trustline.limit);
  if (trustline.ext.type !== 'v1') return [0n, limit];
  const { buying, selling } = trustline.ext.v1.liabilities;
  if (limit < BigInt(buying)) throw contractError('InternalError', 'limit is lower than liabilities');
  return [BigInt(selling), limit - BigInt(buying)];
}

function checkedBalance(balance: bigint, [min, max]: [bigint, bigint], what: string): bigint {
  if (balance < min) throw contractError('InternalError', `${what} has balance < minimum`);
  if (balance > max) throw contractError('InternalError', `${what} has balance > maximum`);
  return balance;
}

/** `get_classic_balance`. */
export function classicBalance(host: Host, asset: xdr.Asset, accountId: xdr.AccountId): bigint {
  if (asset.type === 'assetTypeNative') {
    const { account } = readAccount(host, accountKey(host, accountId));
    return checkedBalance(BigInt(account.balance), accountRange(host, account), 'account');
  }
  if (isIssuerAccount(host, asset, accountId)) return I64_MAX;
  const { trustline } = readTrustline(host, trustlineKey(host, asset, accountId));
  cloneTrustline(host);
  return checkedBalance(BigInt(trustline.balance), trustlineRange(trustline), 'trustline');
}

function moved(balance: bigint, amount: bigint, [min, max]: [bigint, bigint]): bigint {
  const next = balance + amount;
  if (next > I64_MAX || next < -I64_MAX - 1n)
    throw contractError('BalanceError', 'resulting balance overflow');
  if (next < min || next > max)
    throw contractError('BalanceError', 'resulting balance is not within the allowed range');
  return next;
}

/** `TrustLineEntry::metered_clone`: a shallow copy of its declared size. */
const cloneTrustline = (host: Host) => host.budget.charge('MemCpy', DECLARED_SIZE.trustLineEntry);

/**
 * `Host::modify_ledger_entry_data` (data_helper.rs): the entry's ext cloned and a new
 * `Rc<LedgerEntry>` made around the changed data.
 */
function rewritten(host: Host, entry: xdr.LedgerEntry, data: xdr.LedgerEntryData): xdr.LedgerEntry {
  host.budget.charge('MemCpy', DECLARED_SIZE.ledgerEntryExt);
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
  return new xdr.LedgerEntry({ lastModifiedLedgerSeq: entry.lastModifiedLedgerSeq, data, ext: entry.ext });
}

/** `transfer_classic_balance`: adds `amount` (negative to spend). */
export function transferClassicBalance(
  host: Host,
  asset: xdr.Asset,
  accountId: xdr.AccountId,
  amount: bigint,
): void {
  if (asset.type === 'assetTypeNative') {
    const key = accountKey(host, accountId);
    const { entry, account } = readAccount(host, key);
    chargeAccountEntryClone(account, host.budget);
    const balance = moved(BigInt(account.balance), amount, accountRange(host, account));
    const next = new xdr.AccountEntry({ ...accountFields(account), balance });
    host.storage.put(key, rewritten(host, entry, xdr.LedgerEntryData.account(next)), undefined, host.budget);
    return;
  }
  if (isIssuerAccount(host, asset, accountId)) return;
  const key = trustlineKey(host, asset, accountId);
  const { entry, trustline } = readTrustline(host, key);
  cloneTrustline(host);
  const balance = moved(BigInt(trustline.balance), amount, trustlineRange(trustline));
  const next = new xdr.TrustLineEntry({ ...trustlineFields(trustline), balance });
  host.storage.put(key, rewritten(host, entry, xdr.LedgerEntryData.trustline(next)), undefined, host.budget);
}

export function trustlineFlags(host: Host, asset: xdr.Asset, accountId: xdr.AccountId): number {
  return readTrustline(host, trustlineKey(host, asset, accountId)).trustline.flags;
}

/** `set_trustline_authorization`: deauthorizing keeps liabilities (AUTHORIZED_TO_MAINTAIN_LIABILITIES). */
export function setTrustlineAuthorization(
  host: Host,
  asset: xdr.Asset,
  accountId: xdr.AccountId,
  authorize: boolean,
): void {
  const key = trustlineKey(host, asset, accountId);
  const { entry, trustline } = readTrustline(host, key);
  cloneTrustline(host);
  const isAuthorized = (trustline.flags & TrustLineFlag.authorized) !== 0;
  if (isAuthorized === authorize) return;
  const flags = authorize
    ? (trustline.flags & ~TrustLineFlag.authorizedToMaintainLiabilities) | TrustLineFlag.authorized
    : (trustline.flags & ~TrustLineFlag.authorized) | TrustLineFlag.authorizedToMaintainLiabilities;
  const next = new xdr.TrustLineEntry({ ...trustlineFields(trustline), flags });
  host.storage.put(key, rewritten(host, entry, xdr.LedgerEntryData.trustline(next)), undefined, host.budget);
}

/** An account entry's fields, to build a changed copy from. */
export const accountFields = (a: xdr.AccountEntry) => ({
  accountId: a.accountId,
  balance: a.balance,
  seqNum: a.seqNum,
  numSubEntries: a.numSubEntries,
  inflationDest: a.inflationDest,
  flags: a.flags,
  homeDomain: a.homeDomain,
  thresholds: a.thresholds,
  signers: a.signers,
  ext: a.ext,
});

const trustlineFields = (t: xdr.TrustLineEntry) => ({
  accountId: t.accountId,
  asset: t.asset,
  balance: t.balance,
  limit: t.limit,
  flags: t.flags,
  ext: t.ext,
});
