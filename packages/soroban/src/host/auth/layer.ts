/**
 * The host's authorization as the entry points' `AuthorizationLayer` (src/invoke/auth.ts), the way
 * e2e_invoke.rs drives the authorization manager: enforcing with the transaction's entries
 * (`set_authorization_entries`), or recording (`switch_to_recording_auth`) and reading the
 * recorded entries afterwards. The source account must be on the host (`HostConfig.sourceAccount`
 * or `Host.sourceAccount`) before `enforce`, as the Rust host sets it first.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../host.js';
import { AuthorizationManager, randomNonce } from './manager.js';

export const HOST_AUTHORIZATION = {
  enforce(host: Host, entries: readonly xdr.SorobanAuthorizationEntry[]): void {
    host.auth = AuthorizationManager.enforcing(host, entries);
  },
  record(host: Host, disableNonRootAuth: boolean): void {
    // Nonces from the host's seeded nonce PRNG, as the Rust host draws them (so a seed gives the
    // same entries); a host without a seed draws them at random.
    const nextNonce = () => host.prngs.recordingNonce() ?? randomNonce();
    host.auth = AuthorizationManager.recording(disableNonRootAuth, nextNonce);
  },
  recorded(host: Host): xdr.SorobanAuthorizationEntry[] {
    return host.recordedAuthEntries();
  },
};
