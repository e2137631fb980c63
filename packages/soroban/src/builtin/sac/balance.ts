/**
 * Balances and authorization by address (`balance.rs`): a G-address through its classic
 * entries (classic.ts), a C-address through a persistent `Balance(address)` entry holding
 * `{amount, authorized, clawback}`, extended on every read and write. A contract's first balance
 * is authorized unless the issuer has AUTH_REQUIRED, and clawback-able when the issuer has
 * AUTH_CLAWBACK_ENABLED.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Host } from '../../host/host.js';
import { contractError } from '../contract-error.js';
import { extendDataTtl, putData, tryGetData } from '../env.js';
import { issuerAccount, issuerKey, readAsset, readAssetInfo } from './asset-info.js';
import {
  AccountFlag,
  accountFlags,
  classicBalance,
  isIssuerAccount,
  setTrustlineAuthorization,
  TrustLineFlag,
  transferClassicBalance,
  trustlineFlags,
} from './classic.js';
import {
  BALANCE_EXTEND_AMOUNT,
  BALANCE_TTL_THRESHOLD,
  type BalanceValue,
  balanceKey,
  balanceOf,
  balanceValue,
} from './storage-types.js';

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;

type Holder = { kind: 'account'; accountId: xdr.AccountId } | { kind: 'contract'; address: xdr.ScAddress };

function holderOf(address: xdr.ScAddress): Holder {
  if (address.type === 'scAddressTypeAccount') return { kind: 'account', accountId: address.accountId };
  if (address.type === 'scAddressTypeContract') return { kind: 'contract', address };
  throw new HostError('Object', 'InternalError', 'Unexpected ScAddress type');
}

function readContractBalance(host: Host, address: xdr.ScAddress): BalanceValue | undefined {
  const raw = tryGetData(host, balanceKey(address), 'persistent');
  return raw === undefined ? undefined : balanceOf(raw);
}

function extendBalance(host: Host, address: xdr.ScAddress): void {
  extendDataTtl(host, balanceKey(address), 'persistent', BALANCE_TTL_THRESHOLD, BALANCE_EXTEND_AMOUNT);
}

function writeContractBalance(host: Host, address: xdr.ScAddress, balance: BalanceValue): void {
  putData(host, balanceKey(address), balanceValue(balance), 'persistent');
  extendBalance(host, address);
}

/** `is_asset_issuer_flag_set`: the asset info read, the issuer's account loaded. */
function issuerFlagSet(host: Host, flag: number): boolean {
  const issuer = issuerKey(host, readAssetInfo(host));
  if (!issuer) return false;
  return (accountFlags(host, issuerAccount(issuer)) & flag) !== 0;
}

const isAuthRequired = (host: Host) => issuerFlagSet(host, AccountFlag.authRequired);
const isClawbackEnabled = (host: Host) => issuerFlagSet(host, AccountFlag.clawbackEnabled);
const isAuthRevocable = (host: Host) => issuerFlagSet(host, AccountFlag.authRevocable);

function i64Amount(amount: bigint, detail: string): bigint {
  if (amount < I64_MIN || amount > I64_MAX) throw contractError('OverflowError', detail);
  return amount;
}

export function readBalance(host: Host, address: xdr.ScAddress): bigint {
  const holder = holderOf(address);
  if (holder.kind === 'account') return classicBalance(host, readAsset(host), holder.accountId);
  const balance = readContractBalance(host, address);
  if (!balance) return 0n;
  extendBalance(host, address);
  return balance.amount;
}

export function isAuthorized(host: Host, address: xdr.ScAddress): boolean {
  const holder = holderOf(address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative' || isIssuerAccount(asset, holder.accountId)) return true;
    return (trustlineFlags(host, asset, holder.accountId) & TrustLineFlag.authorized) !== 0;
  }
  const balance = readContractBalance(host, address);
  return balance ? balance.authorized : !isAuthRequired(host);
}

function requireAuthorized(host: Host, address: xdr.ScAddress): void {
  if (!isAuthorized(host, address))
    throw contractError('BalanceDeauthorizedError', 'balance is deauthorized');
}

export function receiveBalance(host: Host, address: xdr.ScAddress, amount: bigint): void {
  requireAuthorized(host, address);
  const holder = holderOf(address);
  if (holder.kind === 'account') {
    const delta = i64Amount(amount, 'received amount is too large for an i64');
    transferClassicBalance(host, readAsset(host), holder.accountId, delta);
    return;
  }
  // It passed the authorization check above, so a new balance is authorized.
  const balance = readContractBalance(host, address) ?? {
    amount: 0n,
    authorized: true,
    clawback: isClawbackEnabled(host),
  };
  const next = balance.amount + amount;
  if (next > I128_MAX || next < I128_MIN)
    throw contractError('OverflowError', 'balance overflow in receive_balance');
  writeContractBalance(host, address, { ...balance, amount: next });
}

/** Spends without the authorization check: a clawback takes from a deauthorized balance too. */
export function spendBalanceNoAuthorizationCheck(host: Host, address: xdr.ScAddress, amount: bigint): void {
  const holder = holderOf(address);
  if (holder.kind === 'account') {
    const delta = i64Amount(amount, 'spent amount is too large for an i64');
    transferClassicBalance(host, readAsset(host), holder.accountId, -delta);
    return;
  }
  const balance = readContractBalance(host, address);
  if (!balance) {
    if (amount > 0n) throw contractError('BalanceError', 'zero balance is not sufficient to spend');
    return;
  }
  if (balance.amount < amount) throw contractError('BalanceError', 'balance is not sufficient to spend');
  writeContractBalance(host, address, { ...balance, amount: balance.amount - amount });
}

export function spendBalance(host: Host, address: xdr.ScAddress, amount: bigint): void {
  requireAuthorized(host, address);
  spendBalanceNoAuthorizationCheck(host, address, amount);
}

export function writeAuthorization(host: Host, address: xdr.ScAddress, authorize: boolean): void {
  if (!authorize && !isAuthRevocable(host))
    throw contractError('OperationNotSupportedError', 'issuer does not have AUTH_REVOCABLE set');
  const holder = holderOf(address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative')
      throw contractError('OperationNotSupportedError', 'expected trustline asset');
    if (isIssuerAccount(asset, holder.accountId))
      throw contractError('OperationNotSupportedError', "issuer doesn't have a trustline");
    setTrustlineAuthorization(host, asset, holder.accountId, authorize);
    return;
  }
  const balance = readContractBalance(host, address);
  // No balance yet: a zero one with the flag (only the admin gets here, so AUTH_REQUIRED needs no check).
  const next = balance
    ? { ...balance, authorized: authorize }
    : { amount: 0n, authorized: authorize, clawback: isClawbackEnabled(host) };
  writeContractBalance(host, address, next);
}

export function checkClawbackable(host: Host, address: xdr.ScAddress): void {
  const holder = holderOf(address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative')
      throw contractError('OperationNotSupportedError', 'cannot clawback native asset');
    if (isIssuerAccount(asset, holder.accountId))
      throw contractError('OperationNotSupportedError', 'cannot clawback from issuer');
    if ((trustlineFlags(host, asset, holder.accountId) & TrustLineFlag.clawbackEnabled) === 0)
      throw contractError('BalanceError', "trustline isn't clawbackable");
    return;
  }
  const balance = readContractBalance(host, address);
  // A missing balance fails even for a zero clawback.
  if (!balance) throw contractError('BalanceError', 'no balance to clawback');
  if (!balance.clawback) throw contractError('BalanceError', "balance isn't clawbackable");
}
