/**
 * What an account holds of an asset, for trading: its lumens (the account entry), its trust
 * line, or, for the asset's issuer, an unlimited supply that no entry records (stellar-core
 * TrustLineWrapper and its issuer case). Each call loads, changes and stores the entry at once,
 * so no stale copy outlives it.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, isNative, toTrustLineAsset } from '../assets.js';
import {
  accountAvailableBalance,
  accountMaxReceive,
  addAccountBalance,
  addAccountBuyingLiabilities,
  addAccountSellingLiabilities,
  addTrustLineBalance,
  addTrustLineBuyingLiabilities,
  addTrustLineSellingLiabilities,
  INT64_MAX,
  trustLineAvailableBalance,
  trustLineMaxReceive,
} from '../balances.js';
import { type AccountState, loadAccount, storeAccount } from '../entries/account.js';
import {
  isAuthorized,
  isAuthorizedToMaintainLiabilities,
  loadTrustLine,
  storeTrustLine,
  type TrustLineState,
} from '../entries/trustline.js';
import type { LedgerTxn } from '../ledger-txn.js';

export type HoldingKind = 'native' | 'issuer' | 'line' | 'none';

export function holdingKind(ltx: LedgerTxn, accountId: xdr.PublicKey, asset: xdr.Asset): HoldingKind {
  if (isNative(asset)) return 'native';
  if (isIssuer(accountId, asset)) return 'issuer';
  return loadTrustLine(ltx, accountId, toTrustLineAsset(asset)) ? 'line' : 'none';
}

function account(ltx: LedgerTxn, id: xdr.PublicKey) {
  const a = loadAccount(ltx, id);
  if (!a) throw new Error('the account does not exist');
  return a;
}

function line(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset) {
  const l = loadTrustLine(ltx, id, toTrustLineAsset(asset));
  if (!l) throw new Error('trustline does not exist');
  return l;
}

/** stellar-core canSellAtMost (0 when the line is missing or cannot maintain liabilities). */
export function canSellAtMost(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset): bigint {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'native') {
    const available = accountAvailableBalance(ltx.header, account(ltx, id));
    return available > 0n ? available : 0n;
  }
  if (kind === 'issuer') return INT64_MAX;
  if (kind === 'none') return 0n;
  const l = line(ltx, id, asset);
  if (!isAuthorizedToMaintainLiabilities(l)) return 0n;
  const available = trustLineAvailableBalance(l);
  return available > 0n ? available : 0n;
}

/** stellar-core canBuyAtMost. */
export function canBuyAtMost(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset): bigint {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'native') {
    const max = accountMaxReceive(account(ltx, id));
    return max > 0n ? max : 0n;
  }
  if (kind === 'issuer') return INT64_MAX;
  if (kind === 'none') return 0n;
  const max = trustLineMaxReceive(line(ltx, id, asset));
  return max > 0n ? max : 0n;
}

/** Whether the holder may receive the asset (stellar-core isAuthorized; lumens and issuers always). */
export function holdingAuthorized(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset): boolean {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'none') return false;
  return kind !== 'line' || isAuthorized(line(ltx, id, asset));
}

/**
 * Changes the holder's account or trust line and stores it when the change is allowed
 * (stellar-core's TrustLineWrapper: the issuer's side always allows it and records nothing).
 */
function changeHolding(
  ltx: LedgerTxn,
  id: xdr.PublicKey,
  asset: xdr.Asset,
  change: { account: (a: AccountState) => boolean; line: (l: TrustLineState) => boolean },
): boolean {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'issuer') return true;
  if (kind === 'none') throw new Error('trustline does not exist');
  if (kind === 'native') {
    const a = account(ltx, id);
    const ok = change.account(a);
    if (ok) storeAccount(ltx, a);
    return ok;
  }
  const l = line(ltx, id, asset);
  const ok = change.line(l);
  if (ok) storeTrustLine(ltx, l);
  return ok;
}

/** stellar-core addBalance on the holding; false when reserve, limit or liabilities forbid it. */
export function addHoldingBalance(
  ltx: LedgerTxn,
  id: xdr.PublicKey,
  asset: xdr.Asset,
  delta: bigint,
): boolean {
  return changeHolding(ltx, id, asset, {
    account: (a) => addAccountBalance(ltx.header, a, delta),
    line: (l) => addTrustLineBalance(l, delta),
  });
}

/** stellar-core addBuyingLiabilities / addSellingLiabilities on the holding. */
export function addHoldingLiabilities(
  ltx: LedgerTxn,
  id: xdr.PublicKey,
  asset: xdr.Asset,
  side: 'buying' | 'selling',
  delta: bigint,
): boolean {
  return changeHolding(
    ltx,
    id,
    asset,
    side === 'buying'
      ? {
          account: (a) => addAccountBuyingLiabilities(a, delta),
          line: (l) => addTrustLineBuyingLiabilities(l, delta),
        }
      : {
          account: (a) => addAccountSellingLiabilities(ltx.header, a, delta),
          line: (l) => addTrustLineSellingLiabilities(l, delta),
        },
  );
}

/** The holding's available balance (stellar-core getAvailableBalance; unlimited for the issuer). */
export function holdingAvailableBalance(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset): bigint {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'native') return accountAvailableBalance(ltx.header, account(ltx, id));
  if (kind === 'issuer') return INT64_MAX;
  if (kind === 'none') return 0n;
  return trustLineAvailableBalance(line(ltx, id, asset));
}

/** The holding's room to receive (stellar-core getMaxAmountReceive; unlimited for the issuer). */
export function holdingMaxReceive(ltx: LedgerTxn, id: xdr.PublicKey, asset: xdr.Asset): bigint {
  const kind = holdingKind(ltx, id, asset);
  if (kind === 'native') return accountMaxReceive(account(ltx, id));
  if (kind === 'issuer') return INT64_MAX;
  if (kind === 'none') return 0n;
  return trustLineMaxReceive(line(ltx, id, asset));
}
