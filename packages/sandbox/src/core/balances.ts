/**
 * Reserves, balances and liabilities, after stellar-core TransactionUtils: getMinBalance,
 * getAvailableBalance, addBalance, getMaxAmountReceive, addBuyingLiabilities,
 * addSellingLiabilities. Amounts are int64 stroops as bigint.
 */
import { type AccountState, prepareAccountExt } from './entries/account.js';
import { isAuthorizedToMaintainLiabilities, type TrustLineState } from './entries/trustline.js';
import type { HeaderState } from './header.js';

export const INT64_MAX = 0x7fffffffffffffffn;

/** stellar-core addBalance(int64&, delta, maxBalance): the new balance, or undefined. */
export function addWithin(balance: bigint, delta: bigint, maxBalance = INT64_MAX): bigint | undefined {
  if (delta === 0n) return balance;
  if (delta < -balance) return undefined;
  if (maxBalance - balance < delta) return undefined;
  return balance + delta;
}

/** (2 + subentries + sponsoring − sponsored) × base reserve (stellar-core getMinBalance). */
export function minBalance(
  header: HeaderState,
  numSubEntries: number,
  numSponsoring: number,
  numSponsored: number,
): bigint {
  const effEntries = 2n + BigInt(numSubEntries) + BigInt(numSponsoring) - BigInt(numSponsored);
  if (effEntries < 0n) throw new Error('unexpected account state');
  return effEntries * BigInt(header.baseReserve);
}

export function accountMinBalance(header: HeaderState, account: AccountState): bigint {
  return minBalance(header, account.numSubEntries, account.numSponsoring, account.numSponsored);
}

/** What an account can spend: balance − reserve − selling liabilities. */
export function accountAvailableBalance(header: HeaderState, account: AccountState): bigint {
  return account.balance - accountMinBalance(header, account) - account.sellingLiabilities;
}

/** What a trust line can spend: balance − selling liabilities. */
export function trustLineAvailableBalance(trustLine: TrustLineState): bigint {
  assertMaintainsLiabilities(trustLine);
  return trustLine.balance - trustLine.sellingLiabilities;
}

function assertMaintainsLiabilities(trustLine: TrustLineState): void {
  // stellar-core checkAuthorization: from protocol 10 a caller never touches such a line.
  if (!isAuthorizedToMaintainLiabilities(trustLine)) throw new Error('Invalid authorization');
}

/** stellar-core addBalance for an account: false when the reserve or liabilities forbid it. */
export function addAccountBalance(header: HeaderState, account: AccountState, delta: bigint): boolean {
  if (delta === 0n) return true;
  const newBalance = addWithin(account.balance, delta);
  if (newBalance === undefined) return false;
  const reserve = accountMinBalance(header, account);
  if (delta < 0n && newBalance - reserve < account.sellingLiabilities) return false;
  if (newBalance > INT64_MAX - account.buyingLiabilities) return false;
  account.balance = newBalance;
  return true;
}

/** stellar-core addBalanceSkipAuthorization. */
export function addTrustLineBalanceSkipAuthorization(trustLine: TrustLineState, delta: bigint): boolean {
  const newBalance = addWithin(trustLine.balance, delta, trustLine.limit);
  if (newBalance === undefined) return false;
  if (newBalance < trustLine.sellingLiabilities) return false;
  if (newBalance > trustLine.limit - trustLine.buyingLiabilities) return false;
  trustLine.balance = newBalance;
  return true;
}

/** stellar-core addBalance for a trust line. */
export function addTrustLineBalance(trustLine: TrustLineState, delta: bigint): boolean {
  if (delta === 0n) return true;
  assertMaintainsLiabilities(trustLine);
  return addTrustLineBalanceSkipAuthorization(trustLine, delta);
}

/** stellar-core getMaxAmountReceive for an account. */
export function accountMaxReceive(account: AccountState): bigint {
  return INT64_MAX - (account.balance + account.buyingLiabilities);
}

/** stellar-core getMaxAmountReceive for a trust line (0 when not authorized). */
export function trustLineMaxReceive(trustLine: TrustLineState): bigint {
  if (!isAuthorizedToMaintainLiabilities(trustLine)) return 0n;
  return trustLine.limit - trustLine.balance - trustLine.buyingLiabilities;
}

/** stellar-core addBuyingLiabilities for an account. */
export function addAccountBuyingLiabilities(account: AccountState, delta: bigint): boolean {
  if (delta === 0n) return true;
  const next = addWithin(account.buyingLiabilities, delta, INT64_MAX - account.balance);
  if (next === undefined) return false;
  prepareAccountExt(account, 1);
  account.buyingLiabilities = next;
  return true;
}

/** stellar-core addSellingLiabilities for an account. */
export function addAccountSellingLiabilities(
  header: HeaderState,
  account: AccountState,
  delta: bigint,
): boolean {
  if (delta === 0n) return true;
  const maxLiabilities = account.balance - accountMinBalance(header, account);
  if (maxLiabilities < 0n) return false;
  const next = addWithin(account.sellingLiabilities, delta, maxLiabilities);
  if (next === undefined) return false;
  prepareAccountExt(account, 1);
  account.sellingLiabilities = next;
  return true;
}

/** stellar-core addBuyingLiabilities for a trust line. */
export function addTrustLineBuyingLiabilities(trustLine: TrustLineState, delta: bigint): boolean {
  if (delta === 0n) return true;
  assertMaintainsLiabilities(trustLine);
  const next = addWithin(trustLine.buyingLiabilities, delta, trustLine.limit - trustLine.balance);
  if (next === undefined) return false;
  if (trustLine.extVersion === 0) trustLine.extVersion = 1;
  trustLine.buyingLiabilities = next;
  return true;
}

/** stellar-core addSellingLiabilities for a trust line. */
export function addTrustLineSellingLiabilities(trustLine: TrustLineState, delta: bigint): boolean {
  if (delta === 0n) return true;
  assertMaintainsLiabilities(trustLine);
  const next = addWithin(trustLine.sellingLiabilities, delta, trustLine.balance);
  if (next === undefined) return false;
  if (trustLine.extVersion === 0) trustLine.extVersion = 1;
  trustLine.sellingLiabilities = next;
  return true;
}
