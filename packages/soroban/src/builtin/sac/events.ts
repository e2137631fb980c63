/**
 * The Stellar Asset Contract's events (`event.rs`). From protocol 23 (CAP-67): topics
 * `[name, address(es), asset name]` and the amount as data, or `{amount, to_muxed_id}` when the
 * destination was muxed; a transfer from the issuer is a mint, a transfer to it a burn. Before
 * it (the v22 host stellar-core runs those ledgers with): mint, clawback and set_authorized name
 * the admin first, and every transfer is a transfer.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import { contractEvent } from '../env.js';
import { i128, sameAddress, symbol } from '../values.js';
import { issuerAddress, readAssetInfo } from './asset-info.js';
import { readName } from './metadata.js';
import { isCap67 } from './protocol.js';

const address = (value: xdr.ScAddress) => xdr.ScVal.scvAddress(value);
const nameTopic = (host: Host): xdr.ScVal => host.converter.toScVal(readName(host));

function isIssuer(host: Host, value: xdr.ScAddress): boolean {
  const issuer = issuerAddress(host, readAssetInfo(host));
  return issuer !== undefined && sameAddress(issuer, value);
}

/** The amount, or `{amount, to_muxed_id}` for a muxed destination. */
function amountData(amount: bigint, toMuxedId: bigint | undefined): xdr.ScVal {
  if (toMuxedId === undefined) return i128(amount);
  return xdr.ScVal.scvMap([
    new xdr.ScMapEntry({ key: symbol('amount'), val: i128(amount) }),
    new xdr.ScMapEntry({ key: symbol('to_muxed_id'), val: xdr.ScVal.scvU64(toMuxedId) }),
  ]);
}

export function approve(
  host: Host,
  from: xdr.ScAddress,
  spender: xdr.ScAddress,
  amount: bigint,
  liveUntilLedger: number,
): void {
  contractEvent(
    host,
    [symbol('approve'), address(from), address(spender), nameTopic(host)],
    xdr.ScVal.scvVec([i128(amount), xdr.ScVal.scvU32(liveUntilLedger)]),
  );
}

function transfer(
  host: Host,
  from: xdr.ScAddress,
  to: xdr.ScAddress,
  toMuxedId: bigint | undefined,
  amount: bigint,
) {
  contractEvent(
    host,
    [symbol('transfer'), address(from), address(to), nameTopic(host)],
    amountData(amount, toMuxedId),
  );
}

/** `admin` is named only before CAP-67 (a transfer from the issuer mints without one). */
export function mint(
  host: Host,
  admin: xdr.ScAddress | undefined,
  to: xdr.ScAddress,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (isCap67(host) || !admin)
    contractEvent(host, [symbol('mint'), address(to), nameTopic(host)], amountData(amount, toMuxedId));
  else contractEvent(host, [symbol('mint'), address(admin), address(to), nameTopic(host)], i128(amount));
}

export function burn(host: Host, from: xdr.ScAddress, amount: bigint): void {
  contractEvent(host, [symbol('burn'), address(from), nameTopic(host)], i128(amount));
}

/** The admin's topic before CAP-67. */
const adminTopic = (host: Host, admin: xdr.ScAddress): xdr.ScVal[] => (isCap67(host) ? [] : [address(admin)]);

export function clawback(host: Host, admin: xdr.ScAddress, from: xdr.ScAddress, amount: bigint): void {
  contractEvent(
    host,
    [symbol('clawback'), ...adminTopic(host, admin), address(from), nameTopic(host)],
    i128(amount),
  );
}

export function setAuthorized(host: Host, admin: xdr.ScAddress, id: xdr.ScAddress, authorize: boolean): void {
  contractEvent(
    host,
    [symbol('set_authorized'), ...adminTopic(host, admin), address(id), nameTopic(host)],
    xdr.ScVal.scvBool(authorize),
  );
}

export function setAdmin(host: Host, admin: xdr.ScAddress, newAdmin: xdr.ScAddress): void {
  contractEvent(host, [symbol('set_admin'), address(admin), nameTopic(host)], address(newAdmin));
}

/** `transfer_maybe_with_issuer`: to oneself a transfer; from the issuer a mint; to it a burn. */
export function transferMaybeWithIssuer(
  host: Host,
  from: xdr.ScAddress,
  to: xdr.ScAddress,
  toMuxedId: bigint | undefined,
  amount: bigint,
): void {
  if (!isCap67(host) || sameAddress(from, to)) transfer(host, from, to, toMuxedId, amount);
  else if (isIssuer(host, from)) mint(host, undefined, to, toMuxedId, amount);
  else if (isIssuer(host, to)) burn(host, from, amount);
  else transfer(host, from, to, toMuxedId, amount);
}
