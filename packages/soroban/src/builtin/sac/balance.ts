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
import { fromBool, type Val } from '../../values/val.js';
import { contractError } from '../contract-error.js';
import { enumVal, i128FromVal, i128Val, structFields, structVal } from '../contract-types.js';
import { extendDataTtlVal, putDataVal, tryGetDataVal } from '../env.js';
import { boolArg, cloneAddress, toScAddress } from '../values.js';
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
import { BALANCE_EXTEND_AMOUNT, BALANCE_TTL_THRESHOLD, type BalanceValue } from './storage-types.js';

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const FIELDS = ['amount', 'authorized', 'clawback'];

type Holder = { kind: 'account'; accountId: xdr.AccountId } | { kind: 'contract' };

/** `addr.to_sc_address()`, matched on its kind. */
function holderOf(host: Host, address: Val): Holder {
  const sc = toScAddress(host, address);
  if (sc.type === 'scAddressTypeAccount') return { kind: 'account', accountId: sc.accountId };
  if (sc.type === 'scAddressTypeContract') return { kind: 'contract' };
  throw new HostError('Object', 'InternalError', 'Unexpected ScAddress type');
}

/** `DataKey::Balance(addr)`, made anew each time the Rust SAC converts it. */
const balanceKey = (host: Host, address: Val): Val => enumVal(host, 'Balance', () => address);

const balanceVal = (host: Host, balance: BalanceValue): Val =>
  structVal(host, FIELDS, [
    i128Val(host, balance.amount),
    fromBool(balance.authorized),
    fromBool(balance.clawback),
  ]);

function balanceOf(host: Host, value: Val): BalanceValue {
  const [amount, authorized, clawback] = structFields(host, value, FIELDS) as [Val, Val, Val];
  return {
    amount: i128FromVal(host, amount),
    authorized: boolArg(authorized),
    clawback: boolArg(clawback),
  };
}

/** The stored balance, unread (`try_get_contract_data` of its key). */
const rawContractBalance = (host: Host, address: Val): Val | undefined =>
  tryGetDataVal(host, balanceKey(host, address), 'persistent');

function readContractBalance(host: Host, address: Val): BalanceValue | undefined {
  const raw = rawContractBalance(host, address);
  return raw === undefined ? undefined : balanceOf(host, raw);
}

function extendBalance(host: Host, address: Val): void {
  extendDataTtlVal(
    host,
    balanceKey(host, address),
    'persistent',
    BALANCE_TTL_THRESHOLD,
    BALANCE_EXTEND_AMOUNT,
  );
}

/** `write_contract_balance`: put, then extended (each with its own key). */
function writeContractBalance(host: Host, address: Val, balance: BalanceValue): void {
  const key = balanceKey(host, address);
  putDataVal(host, key, balanceVal(host, balance), 'persistent');
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

export function readBalance(host: Host, address: Val): bigint {
  const holder = holderOf(host, address);
  if (holder.kind === 'account') return classicBalance(host, readAsset(host), holder.accountId);
  const raw = rawContractBalance(host, address);
  if (raw === undefined) return 0n;
  // Extended before the value is read.
  extendBalance(host, address);
  return balanceOf(host, raw).amount;
}

export function isAuthorized(host: Host, address: Val): boolean {
  const holder = holderOf(host, address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative' || isIssuerAccount(host, asset, holder.accountId)) return true;
    return (trustlineFlags(host, asset, holder.accountId) & TrustLineFlag.authorized) !== 0;
  }
  const balance = readContractBalance(host, address);
  return balance ? balance.authorized : !isAuthRequired(host);
}

function requireAuthorized(host: Host, address: Val): void {
  if (!isAuthorized(host, address))
    throw contractError('BalanceDeauthorizedError', 'balance is deauthorized');
}

export function receiveBalance(host: Host, address: Val, amount: bigint): void {
  cloneAddress(host);
  requireAuthorized(host, address);
  const holder = holderOf(host, address);
  if (holder.kind === 'account') {
    const delta = i64Amount(amount, 'received amount is too large for an i64');
    transferClassicBalance(host, readAsset(host), holder.accountId, delta);
    return;
  }
  // `DataKey::Balance(addr.metered_clone())`.
  cloneAddress(host);
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
export function spendBalanceNoAuthorizationCheck(host: Host, address: Val, amount: bigint): void {
  const holder = holderOf(host, address);
  if (holder.kind === 'account') {
    const delta = i64Amount(amount, 'spent amount is too large for an i64');
    transferClassicBalance(host, readAsset(host), holder.accountId, -delta);
    return;
  }
  // `DataKey::Balance(addr.metered_clone())`.
  cloneAddress(host);
  const balance = readContractBalance(host, address);
  if (!balance) {
    if (amount > 0n) throw contractError('BalanceError', 'zero balance is not sufficient to spend');
    return;
  }
  if (balance.amount < amount) throw contractError('BalanceError', 'balance is not sufficient to spend');
  writeContractBalance(host, address, { ...balance, amount: balance.amount - amount });
}

export function spendBalance(host: Host, address: Val, amount: bigint): void {
  cloneAddress(host);
  requireAuthorized(host, address);
  spendBalanceNoAuthorizationCheck(host, address, amount);
}

export function writeAuthorization(host: Host, address: Val, authorize: boolean): void {
  if (!authorize && !isAuthRevocable(host))
    throw contractError('OperationNotSupportedError', 'issuer does not have AUTH_REVOCABLE set');
  const holder = holderOf(host, address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative')
      throw contractError('OperationNotSupportedError', 'expected trustline asset');
    if (isIssuerAccount(host, asset, holder.accountId))
      throw contractError('OperationNotSupportedError', "issuer doesn't have a trustline");
    setTrustlineAuthorization(host, asset, holder.accountId, authorize);
    return;
  }
  // `DataKey::Balance(addr.metered_clone())`.
  cloneAddress(host);
  const balance = readContractBalance(host, address);
  // No balance yet: a zero one with the flag (only the admin gets here, so AUTH_REQUIRED needs no check).
  const next = balance
    ? { ...balance, authorized: authorize }
    : { amount: 0n, authorized: authorize, clawback: isClawbackEnabled(host) };
  writeContractBalance(host, address, next);
}

export function checkClawbackable(host: Host, address: Val): void {
  const holder = holderOf(host, address);
  if (holder.kind === 'account') {
    const asset = readAsset(host);
    if (asset.type === 'assetTypeNative')
      throw contractError('OperationNotSupportedError', 'cannot clawback native asset');
    if (isIssuerAccount(host, asset, holder.accountId))
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
