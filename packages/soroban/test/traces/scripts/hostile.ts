/** Drive scripts for soroban-env-host/src/test/hostile.rs at v23.0.0 (the tests of the hostile contract). */
import type { ScriptStep } from '../script-types.js';
import { RECORDING, scriptsOf, sequence, sym, u32, vals, vec } from './build.js';

const HOSTILE = 'wasm/20/example_hostile.wasm';

/** Call one function of the hostile contract with an empty argument vector made untraced. */
function trap(fn: string): { setup: typeof RECORDING; steps: ScriptStep[] } {
  return {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(HOSTILE);
      // `host.add_host_object(HostVec::new())`: an empty Vec added with no conversion charged.
      s.call('call', id, sym(fn), s.object(vec()));
    }),
  };
}

const MAX_WASM_STACK_DEPTH = 1024;

export default scriptsOf('hostile', {
  hostile_iloop_traps: trap('iloop'),
  hostile_badack_traps: trap('badack'),
  hostile_oob1_traps: trap('oob1'),
  hostile_oob2_traps: trap('oob2'),
  test_stack_depth_stability: {
    setup: { ...RECORDING, unlimited: 'both' },
    steps: sequence((s) => {
      const id = s.register(HOSTILE);
      for (const depth of [MAX_WASM_STACK_DEPTH - 1, MAX_WASM_STACK_DEPTH, MAX_WASM_STACK_DEPTH * 10]) {
        s.call('call', id, sym('deepstack'), s.call('vec_new_from_slice', vals(u32(depth))));
      }
    }),
  },
});
