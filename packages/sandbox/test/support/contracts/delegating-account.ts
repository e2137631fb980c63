/**
 * `delegating_account`: the host's delegating test account (@starspec/soroban's
 * `delegatingAccountWat`, a protocol-27 contract: it imports `delegate_account_auth` and
 * `get_delegated_signers_for_current_auth_check`).
 *
 *   auth_fn(address: Address, arg: u32)   requires the address's authorization
 *   __check_auth(payload, signature, contexts)
 */
import { delegatingAccountWat } from '@starspec/soroban';
import { assemble, memoized } from './assemble.js';
import type { ContractSpec } from './spec.js';

export const DELEGATING_ACCOUNT_SPEC: ContractSpec = {
  functions: {
    auth_fn: {
      inputs: [
        ['address', 'address'],
        ['arg', 'u32'],
      ],
    },
  },
};

/** The protocol of account auth delegation (CAP-71). */
export const DELEGATION_PROTOCOL = 27;

export const delegatingAccountWasm = memoized(() =>
  assemble('delegating_account', delegatingAccountWat(), DELEGATING_ACCOUNT_SPEC, DELEGATION_PROTOCOL),
);
