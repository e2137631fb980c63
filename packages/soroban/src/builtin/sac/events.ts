/**
 * The Stellar Asset Contract's events (`event.rs`), made as the Rust SAC makes them through the
 * host's env: the topics `host_vec![Symbol, addresses.., read_name()]` (a long name's symbol and
 * the vector each a traced call, the addresses the Address objects the function was given), the
 * data converted (`i128` a small value or `obj_from_i128_pieces`), then `contract_event`. From
 * protocol 23 (CAP-67): topics `[name, address(es), asset name]` and the amount as data, or
 * `{amount, to_muxed_id}` when the destination was muxed; a transfer from the issuer is a mint, a
 * transfer to it a burn. Before it (the v22 host stellar-core runs those ledgers with): mint,
 * clawback and set_authorized name the admin first, and every transfer is a transfer.
 */
import type { Host } from '../../host/host.js';
import { traced } from '../../host/native-slices.js';
import { fromU32, type Val } from '../../values/val.js';
import { i128Val, symbolVal, u64Val } from '../contract-types.js';
import { envCall } from '../env.js';
import { boolVal } from '../values.js';
import { issuerAddressVal, readAssetInfo } from './asset-info.js';
import { readName } from './metadata.js';
import { isCap67 } from './protocol.js';

/** An Address object, as the SAC's functions are given it. */
type Address = Val;

/** `host_vec![e, Symbol::try_from_val(e, name)?, addresses.., read_name(e)?]`, then `contract_event`. */
function publish(host: Host, name: string, addresses: readonly Address[], data: () => Val): void {
  const symbol = symbolVal(host, name);
  const assetName = readName(host);
  const topics = traced.vec(host.context(), [symbol, ...addresses, assetName]);
  envCall(host, 'context', 'contract_event', [topics, data()]);
}

/** `get_amount_data_maybe_muxed`: the amount, or the map `{amount, to_muxed_id}` put one key at a time. */
function amountData(host: Host, amount: bigint, toMuxedId: bigint | undefined): Val {
  if (toMuxedId === undefined) return i128Val(host, amount);
  let map = envCall(host, 'map', 'map_new', []);
  map = envCall(host, 'map', 'map_put', [map, symbolVal(host, 'amount'), i128Val(host, amount)]);
  const key = symbolVal(host, 'to_muxed_id');
  return envCall(host, 'map', 'map_put', [map, key, u64Val(host, toMuxedId)]);
}

export function approve(
  host: Host,
  from: Address,
  spender: Address,
  amount: bigint,
  liveUntil: number,
): void {
  publish(host, 'approve', [from, spender], () => {
    const data = [i128Val(host, amount), fromU32(liveUntil)];
    return traced.vec(host.context(), data);
  });
}

function transfer(host: Host, from: Address, to: Address, toMuxedId: bigint | undefined, amount: bigint) {
  publish(host, 'transfer', [from, to], () => amountData(host, amount, toMuxedId));
}

/** `admin` is named only before CAP-67 (a transfer from the issuer mints without one). */
export function mint(
  host: Host,
  admin: Address | undefined,
  to: Address,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (isCap67(host) || admin === undefined)
    publish(host, 'mint', [to], () => amountData(host, amount, toMuxedId));
  else publish(host, 'mint', [admin, to], () => i128Val(host, amount));
}

export function burn(host: Host, from: Address, amount: bigint): void {
  publish(host, 'burn', [from], () => i128Val(host, amount));
}

/** The admin's topic before CAP-67. */
const adminTopic = (host: Host, admin: Address): Address[] => (isCap67(host) ? [] : [admin]);

export function clawback(host: Host, admin: Address, from: Address, amount: bigint): void {
  publish(host, 'clawback', [...adminTopic(host, admin), from], () => i128Val(host, amount));
}

export function setAuthorized(host: Host, admin: Address, id: Address, authorize: boolean): void {
  publish(host, 'set_authorized', [...adminTopic(host, admin), id], () => boolVal(authorize));
}

export function setAdmin(host: Host, admin: Address, newAdmin: Address): void {
  publish(host, 'set_admin', [admin], () => newAdmin);
}

/**
 * `is_issuer` (and contract.rs `check_not_issuer`): the issuer's address made
 * (`Address::from_account`) and compared with the host's `compare`.
 */
export function isIssuer(host: Host, address: Address): boolean {
  const issuer = issuerAddressVal(host, readAssetInfo(host));
  return issuer !== undefined && host.comparator.compare(issuer, address) === 0;
}

/** `transfer_maybe_with_issuer`: to oneself a transfer; from the issuer a mint; to it a burn. */
export function transferMaybeWithIssuer(
  host: Host,
  from: Address,
  to: Address,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (!isCap67(host) || host.comparator.compare(from, to) === 0) transfer(host, from, to, toMuxedId, amount);
  else if (isIssuer(host, from)) mint(host, undefined, to, toMuxedId, amount);
  else if (isIssuer(host, to)) burn(host, from, amount);
  else transfer(host, from, to, toMuxedId, amount);
}
