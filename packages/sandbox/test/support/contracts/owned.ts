/**
 * `owned`: a contract with a constructor, which stores its arguments in instance storage.
 *
 *   __constructor(owner: Address, start: u32)
 *   owner() -> Address
 *   start() -> u32
 */
import { assemble, hostImports, memoized } from './assemble.js';
import type { ContractSpec } from './spec.js';
import { STORAGE, symbol, VOID } from './val.js';

export const OWNED_SPEC: ContractSpec = {
  functions: {
    __constructor: {
      inputs: [
        ['owner', 'address'],
        ['start', 'u32'],
      ],
    },
    owner: { output: 'address' },
    start: { output: 'u32' },
  },
};

const WAT = `
(module
  ${hostImports(['put_contract_data', 'get_contract_data'])}

  (func (export "__constructor") (param $owner i64) (param $start i64) (result i64)
    (drop (call $put_contract_data (i64.const ${symbol('owner')}) (local.get $owner) (i64.const ${STORAGE.instance})))
    (drop (call $put_contract_data (i64.const ${symbol('start')}) (local.get $start) (i64.const ${STORAGE.instance})))
    (i64.const ${VOID}))

  (func (export "owner") (result i64)
    (call $get_contract_data (i64.const ${symbol('owner')}) (i64.const ${STORAGE.instance})))

  (func (export "start") (result i64)
    (call $get_contract_data (i64.const ${symbol('start')}) (i64.const ${STORAGE.instance})))
)`;

export const ownedWasm = memoized(() => assemble('owned', WAT, OWNED_SPEC));
