/**
 * What each Stellar Asset Contract function does (`contract.rs`, `StellarAssetContract`): the
 * checks in the order the host makes them, `require_auth`, extending the instance, the balance
 * or allowance change, then the event. Each `cloneAddress` stands where contract.rs passes an
 * address on as `addr.metered_clone()`.
 */
import type { Host } from '../../host/host.js';
import { contractIdOf } from '../../host/lifecycle.js';
import { DECLARED_SIZE } from '../../storage/index.js';
import { Tag } from '../../values/tags.js';
import { tagOf, type Val } from '../../values/val.js';
import { contractError } from '../contract-error.js';
import { u64FromVal } from '../contract-types.js';
import { envCall, extendCurrentInstanceAndCode, requireAuth } from '../env.js';
import { addressFromAccount, bytesArg, cloneAddress } from '../values.js';
import { readAdministratorVal, writeAdministrator } from './admin.js';
import { readAllowance, spendAllowance, writeAllowance } from './allowance.js';
import {
  createAssetInfo,
  decodeAsset,
  hasAssetInfo,
  readAssetInfo,
  validateAsset,
  writeAssetInfo,
} from './asset-info.js';
import {
  checkClawbackable,
  isAuthorized,
  readBalance,
  receiveBalance,
  spendBalance,
  spendBalanceNoAuthorizationCheck,
  writeAuthorization,
} from './balance.js';
import { assetContractIdPreimage } from './deploy.js';
import * as event from './events.js';
import { setMetadata } from './metadata.js';
import { INSTANCE_EXTEND_AMOUNT, INSTANCE_TTL_THRESHOLD } from './storage-types.js';

/** An Address object, as the SAC's functions are given it (`base_types::Address`). */
type Address = Val;

function checkNonnegativeAmount(amount: bigint): void {
  if (amount < 0n) throw contractError('NegativeAmountError', 'negative amount is not allowed');
}

function checkNonNative(host: Host): void {
  if (readAssetInfo(host).kind === 'Native')
    throw contractError('OperationNotSupportedError', 'operation invalid on native asset');
}

/** `check_not_issuer`: the issuer made an Address object and compared with the host's `compare`. */
function checkNotIssuer(host: Host, address: Address): void {
  if (event.isIssuer(host, address))
    throw contractError('OperationNotSupportedError', 'operation invalid on issuer');
}

const authorize = (host: Host, address: Address) => requireAuth(host, address);
const extendInstance = (host: Host) =>
  extendCurrentInstanceAndCode(host, INSTANCE_TTL_THRESHOLD, INSTANCE_EXTEND_AMOUNT);

/** Initializes a new instance from the asset's XDR; called by the host right after creation. */
export function initAsset(host: Host, assetBytes: Val): void {
  if (hasAssetInfo(host))
    throw contractError('AlreadyInitializedError', 'StellarAssetContract has been already initialized');
  // The bytes are read (`metered_from_xdr_obj`, one visit) only once the instance is known new.
  const asset = decodeAsset(host, bytesArg(host, assetBytes));
  validateAsset(asset);
  const current = host.currentContractId();
  // `asset.metered_clone`: a copy of its declared size.
  host.budget.charge('MemCpy', DECLARED_SIZE.asset);
  const expected = contractIdOf(host, assetContractIdPreimage(asset));
  if (Buffer.compare(current, expected) !== 0)
    throw contractError('InternalError', 'bad id for asset contract');
  // The issuer administers an issued asset (`Address::from_account`); the native asset has no admin.
  if (asset.type !== 'assetTypeNative') {
    const credit = asset.type === 'assetTypeCreditAlphanum4' ? asset.alphaNum4 : asset.alphaNum12;
    writeAdministrator(host, addressFromAccount(host, credit.issuer));
  }
  writeAssetInfo(host, createAssetInfo(host, asset));
  setMetadata(host);
}

export function allowance(host: Host, from: Address, spender: Address): bigint {
  extendInstance(host);
  return readAllowance(host, from, spender);
}

export function balance(host: Host, address: Address): bigint {
  extendInstance(host);
  return readBalance(host, address);
}

export function authorized(host: Host, address: Address): boolean {
  extendInstance(host);
  return isAuthorized(host, address);
}

export function approve(
  host: Host,
  from: Address,
  spender: Address,
  amount: bigint,
  liveUntil: number,
): void {
  checkNonnegativeAmount(amount);
  authorize(host, from);
  extendInstance(host);
  cloneAddress(host);
  cloneAddress(host);
  writeAllowance(host, from, spender, amount, liveUntil);
  event.approve(host, from, spender, amount, liveUntil);
}

/** `MuxedAddress::address`: the destination as an address (CAP-67), through the env when muxed. */
function destinationAddress(host: Host, toMux: Val): Address {
  if (tagOf(toMux) !== Tag.MuxedAddressObject) return toMux;
  return envCall(host, 'address', 'get_address_from_muxed_address', [toMux]);
}

/** `MuxedAddress::id`: the id a muxed destination carries, through the env; none for an address. */
function destinationId(host: Host, toMux: Val): bigint | undefined {
  if (tagOf(toMux) !== Tag.MuxedAddressObject) return undefined;
  return u64FromVal(host, envCall(host, 'address', 'get_id_from_muxed_address', [toMux]));
}

/** The destination's address is read before the authorization, its id only for the event (contract.rs). */
export function transfer(host: Host, from: Address, toMux: Val, amount: bigint): void {
  checkNonnegativeAmount(amount);
  const to = destinationAddress(host, toMux);
  authorize(host, from);
  extendInstance(host);
  cloneAddress(host);
  spendBalance(host, from, amount);
  cloneAddress(host);
  receiveBalance(host, to, amount);
  event.transferMaybeWithIssuer(host, from, to, destinationId(host, toMux), amount);
}

export function transferFrom(host: Host, spender: Address, from: Address, to: Address, amount: bigint): void {
  checkNonnegativeAmount(amount);
  authorize(host, spender);
  extendInstance(host);
  cloneAddress(host);
  spendAllowance(host, from, spender, amount);
  cloneAddress(host);
  spendBalance(host, from, amount);
  cloneAddress(host);
  receiveBalance(host, to, amount);
  event.transferMaybeWithIssuer(host, from, to, undefined, amount);
}

export function burn(host: Host, from: Address, amount: bigint): void {
  checkNonnegativeAmount(amount);
  checkNonNative(host);
  checkNotIssuer(host, from);
  authorize(host, from);
  extendInstance(host);
  cloneAddress(host);
  spendBalance(host, from, amount);
  event.burn(host, from, amount);
}

export function burnFrom(host: Host, spender: Address, from: Address, amount: bigint): void {
  checkNonnegativeAmount(amount);
  checkNonNative(host);
  checkNotIssuer(host, from);
  authorize(host, spender);
  extendInstance(host);
  cloneAddress(host);
  spendAllowance(host, from, spender, amount);
  cloneAddress(host);
  spendBalance(host, from, amount);
  event.burn(host, from, amount);
}

export function clawback(host: Host, from: Address, amount: bigint): void {
  checkNonnegativeAmount(amount);
  cloneAddress(host);
  checkClawbackable(host, from);
  checkNotIssuer(host, from);
  const admin = readAdministratorVal(host);
  authorize(host, admin);
  extendInstance(host);
  cloneAddress(host);
  spendBalanceNoAuthorizationCheck(host, from, amount);
  event.clawback(host, admin, from, amount);
}

export function setAuthorized(host: Host, address: Address, authorized: boolean): void {
  const admin = readAdministratorVal(host);
  authorize(host, admin);
  extendInstance(host);
  cloneAddress(host);
  writeAuthorization(host, address, authorized);
  event.setAuthorized(host, admin, address, authorized);
}

export function mint(host: Host, to: Address, amount: bigint): void {
  checkNonnegativeAmount(amount);
  checkNotIssuer(host, to);
  const admin = readAdministratorVal(host);
  authorize(host, admin);
  extendInstance(host);
  cloneAddress(host);
  receiveBalance(host, to, amount);
  event.mint(host, admin, to, undefined, amount);
}

export function setAdmin(host: Host, newAdmin: Address): void {
  const admin = readAdministratorVal(host);
  authorize(host, admin);
  extendInstance(host);
  cloneAddress(host);
  writeAdministrator(host, newAdmin);
  event.setAdmin(host, admin, newAdmin);
}
