/** Drive scripts for soroban-env-host/src/test/invocation.rs at v23.0.0. */
import type { Literal, ScriptArg } from '../script-types.js';
import {
  i32,
  RECORDING,
  RECORDING_DEBUG,
  type Sequence,
  scriptsOf,
  sequence,
  sym,
  text,
  u32s,
  vals,
  vec,
  WASM_INSN_6,
} from './build.js';

const ADD_I32 = 'wasm/20/example_add_i32.wasm';
const ALLOC = 'wasm/20/example_alloc.wasm';
const ERR = 'wasm/20/example_err.wasm';
const INVOKE_CONTRACT = 'wasm/20/example_invoke_contract.wasm';
const VEC = 'wasm/20/example_vec.wasm';
const I32_MAX = 0x7fff_ffff;

/** `Symbol::try_from_val(host, name)`: small up to 9 characters, else `symbol_new_from_slice`. */
function symbol(s: Sequence, name: string): Literal | ScriptArg {
  return name.length <= 9 ? sym(name) : s.call('symbol_new_from_slice', text(name));
}

/** `call` then `try_call` of the same function with the same arguments. */
function callThenTry(s: Sequence, id: ScriptArg, fn: Literal | ScriptArg, args: ScriptArg): void {
  s.call('call', id, fn, args);
  s.call('try_call', id, fn, args);
}

/** `add_with(i32::MAX, 1, bytes_new())` on the invoke contract: `add` traps inside. */
function addWithOverflow(s: Sequence): ScriptArg {
  const args = s.make(vec(i32(I32_MAX), i32(1)));
  return s.call('vec_push_back', args, s.call('bytes_new'));
}

const crossContract = sequence((s) => {
  const id = s.register(ADD_I32);
  s.call('call', id, sym('add'), s.make(vec(i32(1), i32(2))));
});

export default scriptsOf('invocation', {
  invoke_single_contract_function: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(ADD_I32);
      s.call('call', id, sym('add'), s.make(vec(i32(4), i32(7))));
      s.call('call', id, sym('add'), s.make(vec(i32(4), i32(I32_MAX))));
    }),
  },
  invoke_alloc: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(ALLOC);
      s.host('reset_budget_default');
      s.call('call', id, sym('sum'), s.make(u32s(128)));
    }),
  },
  invoke_cross_contract_without_diagnostics: { setup: RECORDING, steps: crossContract },
  invoke_cross_contract_with_diagnostics: { setup: RECORDING_DEBUG, steps: crossContract },
  invoke_cross_contract_with_err: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(VEC);
      const args = s.make(u32s(1));
      s.call('try_call', id, sym('vec_err'), args);
      s.call('call', id, sym('vec_err'), args);
    }),
  },
  invoke_cross_contract_indirect: {
    setup: RECORDING,
    steps: sequence((s) => {
      const caller = s.register(INVOKE_CONTRACT);
      const callee = s.register(ADD_I32);
      const args = s.call('vec_push_back', s.make(vec(i32(5), i32(6))), callee);
      s.call('call', caller, sym('add_with'), args);
    }),
  },
  invoke_cross_contract_indirect_err: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(INVOKE_CONTRACT);
      const args = addWithOverflow(s);
      s.call('try_call', id, sym('add_with'), args);
      s.call('call', id, sym('add_with'), args);
    }),
  },
  contract_failure_with_debug_on_off_affects_no_metering: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(INVOKE_CONTRACT);
      const args = addWithOverflow(s);
      for (const debug of [false, true]) {
        if (debug) s.host('enable_debug');
        s.host('ensure_module_cache_contains_host_storage_contracts');
        s.host('reset_budget_default');
        s.call('try_call', id, sym('add_with'), args);
      }
    }),
  },
  invoke_contract_with_reentry: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(INVOKE_CONTRACT);
      const args = s.call('vec_push_back', s.make(vec(i32(I32_MAX), i32(1))), id);
      callThenTry(s, id, sym('add_with'), args);
    }),
  },
  wasm_invoke_return_err_variants: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(ERR);
      for (const name of ['err_eek', 'err_err', 'ok_err', 'ok_val_err', 'err', 'val']) {
        const fn = symbol(s, name);
        callThenTry(s, id, fn, s.call('vec_new_from_slice', vals()));
      }
    }),
  },
  error_spoof_rejected: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(ERR);
      callThenTry(s, id, sym('spoof'), s.call('vec_new_from_slice', vals()));
    }),
  },
  host_function_error: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(ERR);
      const fn = symbol(s, 'missing_wasm');
      callThenTry(s, id, fn, s.call('vec_new_from_slice', vals()));
    }),
  },
  guest_error: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(ERR);
      callThenTry(s, id, sym('divide'), s.call('vec_new_from_slice', vals(i32(0))));
    }),
  },
  unrecoverable_error_with_try_call: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(ADD_I32);
      s.budget(250n, 1_048_576n, WASM_INSN_6);
      s.call('try_call', id, sym('add'), s.make(vec(i32(4), i32(7))));
    }),
  },
  unrecoverable_error_with_cross_contract_try_call: {
    setup: RECORDING,
    steps: sequence((s) => {
      const callee = s.register(ADD_I32);
      const caller = s.register(INVOKE_CONTRACT);
      s.budget(1000n, 10_048_576n, WASM_INSN_6);
      const fn = symbol(s, 'add_with_try');
      s.call('try_call', caller, fn, s.call('vec_new_from_slice', vals(i32(4), i32(7), callee)));
    }),
  },
});
