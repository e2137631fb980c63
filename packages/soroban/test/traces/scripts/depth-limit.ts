/** Drive scripts for soroban-env-host/src/test/depth_limit.rs at v23.0.0 (an unlimited budget). */
import type { Literal, ScriptArg } from '../script-types.js';
import { type Sequence, scriptsOf, sequence, TEST_HOST, u32s, vec } from './build.js';

const UNLIMITED = { ...TEST_HOST, unlimited: 'both' as const };

/** 1000 empty Vecs (`test_vec_obj`), each given the chain so far: Vecs nested 1001 deep. */
function deepVec(s: Sequence): ScriptArg {
  let hv = s.make(u32s());
  for (let i = 0; i < 1000; i++) hv = s.call('vec_push_back', s.make(u32s()), hv);
  return hv;
}

/** An empty ScVec wrapped in a one-item ScVec `depth` times. */
function nestedScVec(depth: number): Literal {
  let v = vec();
  for (let i = 0; i < depth; i++) v = vec(v);
  return v;
}

export default scriptsOf('depth_limit', {
  // `to_host_val` refuses a value nested deeper than the host's depth limit.
  deep_scval_to_host_val: {
    setup: UNLIMITED,
    steps: [{ s: 'make', lit: nestedScVec(300), refused: true }],
  },
  // `metered_clone` of an ScVec nested 1000 deep stops at the depth limit.
  deep_host_obj_clone: {
    setup: UNLIMITED,
    steps: [{ s: 'cloneScVec', lit: nestedScVec(1000) }],
  },
  // `from_host_obj` refuses it the other way.
  deep_host_val_to_scval: {
    setup: UNLIMITED,
    steps: sequence((s) => s.toScVal(deepVec(s), true)),
  },
  // So does comparing two such chains.
  deep_host_obj_cmp: {
    setup: UNLIMITED,
    steps: sequence((s) => {
      const hv = deepVec(s);
      s.call('obj_cmp', hv, deepVec(s));
    }),
  },
});
