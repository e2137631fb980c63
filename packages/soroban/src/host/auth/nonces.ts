/**
 * Signature payloads and nonces of address credentials (`auth.rs` get_signature_payload,
 * `Host::consume_nonce`): the payload is the SHA-256 of a `HashIdPreimage::SorobanAuthorization`
 * (or `SorobanAuthorizationWithAddress`);
 * a nonce is used up by writing a temporary `LedgerKeyNonce` entry under the address, which
 * lives at least until the signature expires.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { sha256Raw } from '../../crypto/index.js';
import { HostError } from '../../errors/host-error.js';
import {
  contractDataKey,
  DECLARED_SIZE,
  HASH_SIZE,
  meteredEncode,
  minLiveUntilLedger,
} from '../../storage/index.js';
import type { Host } from '../host.js';

export function nonceKey(address: xdr.ScAddress, nonce: bigint): xdr.LedgerKey {
  return contractDataKey(address, xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce })), 'temporary');
}

export function consumeNonce(host: Host, address: xdr.ScAddress, nonce: bigint, liveUntil: number): void {
  // The visited address cloned (`scaddress_from_address`), then cloned again with the nonce's key
  // into a new `Rc` LedgerKey (`storage_key_for_address`).
  host.budget.charge('MemCpy', DECLARED_SIZE.scAddress);
  host.budget.charge('MemCpy', DECLARED_SIZE.scAddress);
  host.budget.charge('MemCpy', DECLARED_SIZE.scVal);
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  const key = nonceKey(address, nonce);
  const until = Math.max(liveUntil, minLiveUntilLedger(host.ledger, 'temporary'));
  let exists: boolean;
  try {
    exists = host.storage.has(key, host.budget);
  } catch (error) {
    if (error instanceof HostError && error.is('Storage', 'ExceededLimit'))
      throw new HostError(
        'Storage',
        'ExceededLimit',
        'trying to access nonce outside of footprint for address',
      );
    throw error;
  }
  if (exists) throw new HostError('Auth', 'ExistingValue', 'nonce already exists for address');
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: address,
        key: xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce })),
        durability: xdr.ContractDataDurability.temporary,
        val: xdr.ScVal.scvVoid(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
  host.storage.put(key, entry, until, host.budget);
}

/**
 * What an address signs: the network, the nonce, the expiration ledger and the whole tree; with
 * `AddressV2` or `AddressWithDelegates` credentials (protocol 27) the address too
 * (`HashIdPreimage::SorobanAuthorizationWithAddress`).
 */
export function signaturePayload(
  host: Host,
  nonce: bigint,
  expirationLedger: number,
  invocation: xdr.SorobanAuthorizedInvocation,
  address?: xdr.ScAddress,
): Uint8Array {
  // The network id cloned (`metered_clone` of 32 bytes).
  host.budget.charge('MemCpy', HASH_SIZE);
  const fields = {
    networkId: host.ledger.networkId,
    nonce,
    signatureExpirationLedger: expirationLedger,
    invocation,
  };
  const preimage = address
    ? xdr.HashIdPreimage.envelopeTypeSorobanAuthorizationWithAddress(
        new xdr.HashIdPreimageSorobanAuthorizationWithAddress({ ...fields, address }),
      )
    : xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(new xdr.HashIdPreimageSorobanAuthorization(fields));
  return sha256Raw(meteredEncode(preimage, host.budget), host.budget);
}
