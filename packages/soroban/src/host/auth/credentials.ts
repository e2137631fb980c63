/**
 * The address credentials of an authorization entry (`auth.rs` from_authorization_entry):
 * `Address`; from protocol 27 (CAP-71) also `AddressV2`, whose signature payload names the address,
 * and `AddressWithDelegates`, which names it too and carries delegated signers. Below protocol 27
 * the two newer arms are not in the ledger's XDR, and are refused.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Host } from '../host.js';
import { authInternal } from './invocation.js';

/** The protocol of account auth delegation and of payloads that name the address. */
export const DELEGATION_PROTOCOL = 27;

export interface AddressCredentials {
  readonly creds: xdr.SorobanAddressCredentials;
  /** `uses_preimage_with_address`: the payload is a `SorobanAuthorizationWithAddress` preimage. */
  readonly preimageWithAddress: boolean;
  /** `AddressWithDelegates`' signers (an empty list is still delegation credentials). */
  readonly delegates: readonly xdr.SorobanDelegateSignature[] | undefined;
}

export function addressCredentials(host: Host, credentials: xdr.SorobanCredentials): AddressCredentials {
  if (credentials.type === 'sorobanCredentialsAddress')
    return { creds: credentials.address, preimageWithAddress: false, delegates: undefined };
  if (host.ledger.protocolVersion < DELEGATION_PROTOCOL)
    throw new HostError('Value', 'InvalidInput', 'credentials of a later protocol');
  if (credentials.type === 'sorobanCredentialsAddressV2')
    return { creds: credentials.addressV2, preimageWithAddress: true, delegates: undefined };
  if (credentials.type !== 'sorobanCredentialsAddressWithDelegates')
    throw authInternal('unexpected credentials type');
  const { addressCredentials: creds, delegates } = credentials.addressWithDelegates;
  return { creds, preimageWithAddress: true, delegates };
}
