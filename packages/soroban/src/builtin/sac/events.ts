/**
 * The Stellar Asset Contract's events (`event.rs`). From protocol 23 (CAP-67): topics
 * `[name, address(es), asset name]` and the amount as data, or `{amount, to_muxed_id}` when the
 * destination was muxed; a transfer from the issuer is a mint, a transfer to it a burn. Before
 * it (the v22 host stellar-core runs those ledgers with): mint, clawback and set_authorized name
 * the admin first, and every transfer is a transfer.
 *
 * Every part is made through the host's env as event.rs makes it: the topics' `host_vec!`
 * (`vec_new_from_slice`, after the asset's name is read), the amount's `try_into_val`, a muxed
 * destination's data by `map_new` and two `map_put`s, then `contract_event`. The addresses are
 * the objects the function was given.
 */
import type { Host } from '../../host/host.js';
import { traced } from '../../host/native-slices.js';
import { fromU32, type Val } from '../../values/val.js';
import { i128Val, symbolVal, u64Val } from '../contract-types.js';
import { envCall } from '../env.js';
import { addressVal, boolVal } from '../values.js';
import { issuerAddress, readAssetInfo } from './asset-info.js';
import { readName } from './metadata.js';
import { isCap67 } from './protocol.js';

/** An Address object. */
type Address = Val;

/** The host's `compare` of two addresses (an `obj_cmp` of their objects). */
const sameAddress = (host: Host, a: Address, b: Address): boolean => host.comparator.compare(a, b) === 0;

/** `is_issuer` (and `check_not_issuer`): the issuer's Address made (`Address::from_account`), then compared. */
export function isIssuer(host: Host, address: Address): boolean {
  const issuer = issuerAddress(host, readAssetInfo(host));
  return issuer !== undefined && sameAddress(host, addressVal(host, issuer), address);
}

/** `host_vec![e, Symbol::try_from_val(e, name), addresses.., read_name(e)]`. */
function topics(host: Host, name: string, ...addresses: Address[]): Val {
  const parts = [symbolVal(host, name), ...addresses, readName(host)];
  return traced.vec(host.context(), parts);
}

function publish(host: Host, topicsVal: Val, data: Val): void {
  envCall(host, 'context', 'contract_event', [topicsVal, data]);
}

/** `get_amount_data_maybe_muxed`: the amount, or `{amount, to_muxed_id}` for a muxed destination. */
function amountData(host: Host, amount: bigint, toMuxedId: bigint | undefined): Val {
  if (toMuxedId === undefined) return i128Val(host, amount);
  let map = envCall(host, 'map', 'map_new', []);
  map = envCall(host, 'map', 'map_put', [map, symbolVal(host, 'amount'), i128Val(host, amount)]);
  return envCall(host, 'map', 'map_put', [map, symbolVal(host, 'to_muxed_id'), u64Val(host, toMuxedId)]);
}

export function approve(
  host: Host,
  from: Address,
  spender: Address,
  amount: bigint,
  liveUntilLedger: number,
): void {
  const topicsVal = topics(host, 'approve', from, spender);
  publish(host, topicsVal, traced.vec(host.context(), [i128Val(host, amount), fromU32(liveUntilLedger)]));
}

function transfer(host: Host, from: Address, to: Address, toMuxedId: bigint | undefined, amount: bigint) {
  const topicsVal = topics(host, 'transfer', from, to);
  publish(host, topicsVal, amountData(host, amount, toMuxedId));
}

/** `admin` is named only before CAP-67 (a transfer from the issuer mints without one). */
export function mint(
  host: Host,
  admin: Address | undefined,
  to: Address,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (isCap67(host) || admin === undefined) {
    const topicsVal = topics(host, 'mint', to);
    publish(host, topicsVal, amountData(host, amount, toMuxedId));
  } else {
    const topicsVal = topics(host, 'mint', admin, to);
    publish(host, topicsVal, i128Val(host, amount));
  }
}

export function burn(host: Host, from: Address, amount: bigint): void {
  const topicsVal = topics(host, 'burn', from);
  publish(host, topicsVal, i128Val(host, amount));
}

/** The admin's topic before CAP-67. */
const adminTopic = (host: Host, admin: Address): Address[] => (isCap67(host) ? [] : [admin]);

export function clawback(host: Host, admin: Address, from: Address, amount: bigint): void {
  const topicsVal = topics(host, 'clawback', ...adminTopic(host, admin), from);
  publish(host, topicsVal, i128Val(host, amount));
}

export function setAuthorized(host: Host, admin: Address, id: Address, authorize: boolean): void {
  const topicsVal = topics(host, 'set_authorized', ...adminTopic(host, admin), id);
  publish(host, topicsVal, boolVal(authorize));
}

export function setAdmin(host: Host, admin: Address, newAdmin: Address): void {
  publish(host, topics(host, 'set_admin', admin), newAdmin);
}

/** `transfer_maybe_with_issuer`: to oneself a transfer; from the issuer a mint; to it a burn. */
export function transferMaybeWithIssuer(
  host: Host,
  from: Address,
  to: Address,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (!isCap67(host) || sameAddress(host, from, to)) transfer(host, from, to, toMuxedId, amount);
  else if (isIssuer(host, from)) mint(host, undefined, to, toMuxedId, amount);
  else if (isIssuer(host, to)) burn(host, from, amount);
  else transfer(host, from, to, toMuxedId, amount);
}
