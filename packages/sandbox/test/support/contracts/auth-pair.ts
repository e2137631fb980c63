/**
 * `auth_pair`: a call two parties must authorize, as a swap between them would.
 *
 *   exchange(a: Address, b: Address)   require_auth(a), then require_auth(b)
 */
import { assemble, hostImports, memoized } from './assemble.js';
import type { ContractSpec } from './spec.js';
import { VOID } from './val.js';

export const AUTH_PAIR_SPEC: ContractSpec = {
  functions: {
    exchange: {
      inputs: [
        ['a', 'address'],
        ['b', 'address'],
      ],
    },
  },
};

const WAT = `
(module
  ${hostImports(['require_auth'])}

  (func (export "exchange") (param $a i64) (param $b i64) (result i64)
    (drop (call $require_auth (local.get $a)))
    (drop (call $require_auth (local.get $b)))
    (i64.const ${VOID}))
)`;

export const authPairWasm = memoized(() => assemble('auth_pair', WAT, AUTH_PAIR_SPEC));
