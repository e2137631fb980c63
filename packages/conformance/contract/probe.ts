/**
 * The probe contract's source (see src/suites/ledger-rpc/soroban/probe.ts for what it does): WAT
 * assembled with the host's import names. `test/ledger-rpc/probe-wasm.test.ts` assembles it and
 * keeps the shipped bytes (`probe-wasm.ts`) equal to what it builds.
 */
import { PROBE } from '../src/suites/ledger-rpc/soroban/probe.js';
import { assemble, hostImports } from './assemble.js';
import { PERSISTENT, symbol, TRUE, U32_ONE, u32 } from './val.js';

const COUNT = symbol(PROBE.countKey);

const WAT = `
(module
  ${hostImports(['vec_new', 'vec_push_back', 'has_contract_data', 'get_contract_data', 'put_contract_data', 'contract_event', 'require_auth'])}

  ;; ["Hello", to]
  (func (export "${PROBE.readFunction}") (param $to i64) (result i64)
    (call $vec_push_back
      (call $vec_push_back (call $vec_new) (i64.const ${symbol(PROBE.greeting)}))
      (local.get $to)))

  ;; The stored count, u32 0 when there is none yet.
  (func $count (result i64)
    (if (result i64)
      (i64.eq (call $has_contract_data (i64.const ${COUNT}) (i64.const ${PERSISTENT})) (i64.const ${TRUE}))
      (then (call $get_contract_data (i64.const ${COUNT}) (i64.const ${PERSISTENT})))
      (else (i64.const ${u32(0)}))))

  (func (export "${PROBE.writeFunction}") (param $by i64) (result i64)
    (local $next i64)
    (drop (call $require_auth (local.get $by)))
    ;; A u32 Val holds its number in the upper 32 bits: adding 1 << 32 adds one.
    (local.set $next (i64.add (call $count) (i64.const ${U32_ONE})))
    (drop (call $put_contract_data (i64.const ${COUNT}) (local.get $next) (i64.const ${PERSISTENT})))
    ;; topics ["count", by], data the new count
    (drop (call $contract_event
      (call $vec_push_back
        (call $vec_push_back (call $vec_new) (i64.const ${symbol(PROBE.eventTopic)}))
        (local.get $by))
      (local.get $next)))
    (local.get $next))
)`;

export const probeWasm = (): Promise<Buffer> => assemble('probe', WAT);
