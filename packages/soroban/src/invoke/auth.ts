/**
 * What the entry points need from authorization in each mode, as e2e_invoke.rs drives the host's
 * authorization manager: enforcing mode hands it the transaction's signed entries; recording mode
 * switches it to recording and asks for the recorded entries afterwards. The host's own
 * (`HOST_AUTHORIZATION`, src/host/auth/) is the default; a caller may pass another.
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
