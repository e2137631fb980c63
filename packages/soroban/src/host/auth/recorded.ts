/**
 * Recorded authorization as the entries a transaction carries (`e2e_invoke.rs`): an address gets
 * address credentials with its nonce, expiration ledger 0 and no signature yet (the signer fills
 * both in); the source account gets source-account credentials.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { authInternal } from './invocation.js';
import type { RecordedAuthPayload } from './manager.js';

export function recordedAuthEntry(payload: RecordedAuthPayload): xdr.SorobanAuthorizationEntry {
  const { address, nonce, invocation } = payload;
  if (address && nonce !== undefined)
    return new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
        new xdr.SorobanAddressCredentials({
          address,
          nonce,
          signatureExpirationLedger: 0,
          signature: xdr.ScVal.scvVoid(),
        }),
      ),
      rootInvocation: invocation,
    });
  if (!address && nonce === undefined)
    return new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
      rootInvocation: invocation,
    });
  throw authInternal('recorded authorization with an address but no nonce');
}
