/**
 * Drive scripts for the tests of soroban-env-host/src/test/{event,frame,invocation}.rs at v23.0.0 that run a
 * native test contract (`adapter-native.ts`) registered at the zero contract id.
 */
import {
  contract,
  i32,
  RECORDING,
  repeatByte,
  scriptsOf,
  sequence,
  sliceFill,
  sym,
  u32,
  vals,
  vec,
} from './build.js';

const ZERO_ID = repeatByte(0, 32);

export const event = scriptsOf('event', {
  // `add` on ContractWithSingleEvent emits one contract event; the test reads the events back.
  contract_event: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.object(contract(ZERO_ID));
      const args = s.make(vec(i32(1), i32(2)));
      s.registerNative(id, 'singleEvent');
      s.call('call', id, sym('add'), args);
      s.host('get_events');
    }),
  },
  // ContractWithMultipleEvents records a contract and a system event; the test then rolls back
  // all but the first and reads them back.
  test_event_rollback: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.object(contract(ZERO_ID));
      const args = s.make(vec(i32(1), i32(2)));
      s.registerNative(id, 'multipleEvents');
      s.call('call', id, sym('add'), args);
      s.rollbackEvents(1);
      s.host('get_events');
    }),
  },
});

/**
 * `too_big_event_{topic,data}`: a 0x0FFFFFFF-byte string made under an unlimited budget, then a
 * contract event with it as a topic or as data under the default budget; `try_finish` converts the
 * event (`externalize`, as `get_events`) and runs out of memory.
 */
function tooBigEvent(asTopic: boolean) {
  return {
    setup: { host: 'test_host_with_prng' as const, unlimited: 'both' as const },
    steps: sequence((s) => {
      const bytes = s.call('bytes_new_from_slice', sliceFill(0, 0x0fff_ffff));
      const topics = s.call('vec_new_from_slice', vals(asTopic ? bytes : u32(0)));
      s.host('reset_budget_default');
      s.call('contract_event', topics, asTopic ? u32(0) : bytes);
      s.host('get_events');
    }),
  };
}

export const tooBig = scriptsOf('event', {
  too_big_event_topic: tooBigEvent(true),
  too_big_event_data: tooBigEvent(false),
});

export const frame = scriptsOf('frame', {
  // A test frame at the noop contract's id (no frame outside it: `has_frame` is untraced).
  has_frame: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.object(contract(ZERO_ID));
      s.registerNative(id, 'noop');
      s.testFrame(id, '', () => {}, true);
    }),
  },
});

export const invocation = scriptsOf('invocation', {
  // A contract's own error answered by a native contract: `call` fails with it, `try_call` gives it.
  native_invoke_return_err_variants: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.object(contract(ZERO_ID));
      s.registerNative(id, 'returnContractError');
      const args = s.call('vec_new');
      s.call('call', id, sym('go'), args);
      s.call('try_call', id, sym('go'), args);
    }),
  },
});
