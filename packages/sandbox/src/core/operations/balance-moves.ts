/**
 * Moving an asset out of a source and into a destination, after stellar-core
 * PathPaymentOpFrameBase::updateSourceBalance / updateDestBalance. An issuer holds its own
 * asset without a trust line and without limit (stellar-core TrustLineWrapper's issuer case):
 * paying from or to it changes no entry.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, isNative, toTrustLineAsset } from '../assets.js';
import { accountAvailableBalance, addAccountBalance, addTrustLineBalance } from '../balances.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import { isAuthorized, loadTrustLine, storeTrustLine } from '../entries/trustline.js';
import type { LedgerTxn } from '../ledger-txn.js';

export type MoveFailure =
  | 'malformed'
  | 'underfunded'
  | 'srcNoTrust'
  | 'srcNotAuthorized'
  | 'noTrust'
  | 'notAuthorized'
  | 'lineFull';

/** stellar-core updateSourceBalance: debits `amount` of `asset` from `sourceId`. */
export function debitSource(
  ltx: LedgerTxn,
  sourceId: xdr.PublicKey,
  asset: xdr.Asset,
  amount: bigint,
): MoveFailure | undefined {
  if (isNative(asset)) {
    const source = loadAccount(ltx, sourceId);
    if (!source) return 'malformed';
    if (amount > accountAvailableBalance(ltx.header, source)) return 'underfunded';
    if (!addAccountBalance(ltx.header, source, -amount)) throw new Error('could not debit the source');
    storeAccount(ltx, source);
    return undefined;
  }
  if (isIssuer(sourceId, asset)) return undefined;
  const line = loadTrustLine(ltx, sourceId, toTrustLineAsset(asset));
  if (!line) return 'srcNoTrust';
  if (!isAuthorized(line)) return 'srcNotAuthorized';
  if (!addTrustLineBalance(line, -amount)) return 'underfunded';
  storeTrustLine(ltx, line);
  return undefined;
}

/** stellar-core updateDestBalance: credits `amount` of `asset` to `destId`. */
export function creditDestination(
  ltx: LedgerTxn,
  destId: xdr.PublicKey,
  asset: xdr.Asset,
  amount: bigint,
): MoveFailure | undefined {
  if (isNative(asset)) {
    const dest = loadAccount(ltx, destId);
    if (!dest || !addAccountBalance(ltx.header, dest, amount)) return 'lineFull';
    storeAccount(ltx, dest);
    return undefined;
  }
  if (isIssuer(destId, asset)) return undefined;
  const line = loadTrustLine(ltx, destId, toTrustLineAsset(asset));
  if (!line) return 'noTrust';
  if (!isAuthorized(line)) return 'notAuthorized';
  if (!addTrustLineBalance(line, amount)) return 'lineFull';
  storeTrustLine(ltx, line);
  return undefined;
}
