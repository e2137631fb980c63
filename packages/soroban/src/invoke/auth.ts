/**
 * The seam to the authorization layer (src/host/auth/, built separately): what the entry points
 * need from it in each mode, as e2e_invoke.rs uses the host's authorization manager. Enforcing
 * mode hands it the transaction's signed entries; recording mode switches it to recording and
 * asks for the recorded entries afterwards (with their signatures emulated for sizing, then
 * cleared, as `invoke_host_function_in_recording_mode` returns them).
 *
 * Until that layer is plugged in, `NO_AUTHORIZATION` stands in: enforcing mode refuses
 * non-empty entries with `AuthorizationNotSupportedError` (rather than running the transaction
 * without checking them), and recording mode records nothing.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../host/host.js';

export interface AuthorizationLayer {
  /** Enforcing: the transaction's entries are the only authorizations the run may use. */
  enforce(host: Host, entries: readonly xdr.SorobanAuthorizationEntry[]): void;
  /** Recording: every `require_auth` is recorded; `disableNonRootAuth` as stellar-rpc's `record` mode. */
  record(host: Host, disableNonRootAuth: boolean): void;
  /** After a recording run: the entries it needs, signatures left empty. */
  recorded(host: Host): xdr.SorobanAuthorizationEntry[];
}

export class AuthorizationNotSupportedError extends Error {
  constructor() {
    super(
      'authorization entries cannot be checked yet: the host has no authorization layer plugged in ' +
        '(pass `authorization` to the entry point once src/host/auth lands)',
    );
    this.name = 'AuthorizationNotSupportedError';
  }
}

export const NO_AUTHORIZATION: AuthorizationLayer = {
  enforce(_host, entries) {
    if (entries.length > 0) throw new AuthorizationNotSupportedError();
  },
  record() {},
  recorded() {
    return [];
  },
};
