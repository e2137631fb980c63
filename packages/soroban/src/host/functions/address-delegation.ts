/**
 * The protocol-27 `address` functions of account auth delegation (CAP-71, `host.rs`
 * delegate_account_auth, get_delegated_signers_for_current_auth_check): callable only from a
 * contract's `__check_auth` (`frame.rs` ensure_check_auth_frame), they work on the account being
 * authenticated (auth/authentication.ts).
 */
import { HostError } from '../../errors/host-error.js';
import { VOID } from '../../values/val.js';
import { CHECK_AUTH_FN_NAME } from '../auth/account-contract.js';
import { contractHost } from './access.js';
import { chargeCopy, VAL_SIZE } from './charges.js';
import { symbolMatches } from './symbol-slices.js';
import type { CallContext, HostModule } from './types.js';

const CHECK_AUTH_BYTES = Buffer.from(CHECK_AUTH_FN_NAME);

/** The innermost frame must be a VM contract's `__check_auth` (its name cloned, then compared). */
function ensureCheckAuthFrame(c: CallContext, hostFn: string): void {
  const frame = contractHost(c).frames.current;
  if (frame?.kind !== 'contract')
    throw new HostError('Context', 'InternalError', 'ensure_check_auth_frame is not supported for host fns');
  if (!frame.vm)
    throw new HostError(
      'Context',
      'InternalError',
      'ensure_check_auth_frame is not supported for stellar asset contract',
    );
  chargeCopy(c, 1, VAL_SIZE);
  if (!symbolMatches(c, CHECK_AUTH_BYTES, frame.fnSymbol))
    throw new HostError(
      'Context',
      'InvalidAction',
      `${hostFn} host function can only be called from within \`__check_auth\`, but was called within a different contract function`,
    );
}

export const addressDelegation: HostModule = {
  delegate_account_auth(c, address) {
    ensureCheckAuthFrame(c, 'delegate_account_auth');
    const host = contractHost(c);
    host.auth.authentication.delegateAccountAuth(host, address);
    return VOID;
  },
  get_delegated_signers_for_current_auth_check(c) {
    ensureCheckAuthFrame(c, 'get_delegated_signers_for_current_auth_check');
    const host = contractHost(c);
    return host.auth.authentication.delegatedSigners(host);
  },
};
