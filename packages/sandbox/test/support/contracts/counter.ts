/**
 * `counter`: a greeting (a read call) and a counter in persistent storage that publishes an event
 * on each increment.
 *
 *   hello(to: Symbol) -> Vec<Symbol>   ["Hello", to]
 *   inc() -> u32                       COUNT + 1, stored; event topics ["count", "inc"], data the new value
 *   get() -> u32                       COUNT (0 when absent)
 */
import { assemble, hostImports, memoized } from './assemble.js';
import type { ContractSpec } from './spec.js';
import { STORAGE, symbol, TRUE, U32_ONE, u32 } from './val.js';

export const COUNTER_SPEC: ContractSpec = {
  functions: {
    hello: { inputs: [['to', 'symbol']], output: 'vec<symbol>' },
    inc: { output: 'u32' },
    get: { output: 'u32' },
  },
};

/** The persistent key the count is stored under. */
export const COUNTER_KEY = 'COUNT';

const WAT = `
(module
  ${hostImports(['vec_new', 'vec_push_back', 'has_contract_data', 'get_contract_data', 'put_contract_data', 'contract_event'])}

  ;; ["Hello", to]
  (func (export "hello") (param $to i64) (result i64)
    (call $vec_push_back
      (call $vec_push_back (call $vec_new) (i64.const ${symbol('Hello')})) ;; Symbol "Hello"
      (local.get $to)))

  ;; The stored count, u32 0 when there is none yet.
  (func $count (result i64)
    (if (result i64)
      (i64.eq
        (call $has_contract_data (i64.const ${symbol(COUNTER_KEY)}) (i64.const ${STORAGE.persistent}))
        (i64.const ${TRUE}))
      (then (call $get_contract_data (i64.const ${symbol(COUNTER_KEY)}) (i64.const ${STORAGE.persistent})))
      (else (i64.const ${u32(0)}))))

  (func (export "get") (result i64)
    (call $count))

  (func (export "inc") (result i64)
    (local $next i64)
    ;; A u32 Val holds its number in the upper 32 bits: adding 1 << 32 adds one.
    (local.set $next (i64.add (call $count) (i64.const ${U32_ONE})))
    (drop (call $put_contract_data
      (i64.const ${symbol(COUNTER_KEY)}) (local.get $next) (i64.const ${STORAGE.persistent})))
    ;; topics ["count", "inc"], data the new count
    (drop (call $contract_event
      (call $vec_push_back
        (call $vec_push_back (call $vec_new) (i64.const ${symbol('count')}))
        (i64.const ${symbol('inc')}))
      (local.get $next)))
    (local.get $next))
)`;

export const counterWasm = memoized(() => assemble('counter', WAT, COUNTER_SPEC));
