/** Drive scripts for soroban-env-host/src/test/hostile.rs at v23.0.0 (the tests of the hostile contract). */
import type { ScriptArg, ScriptStep } from '../script-types.js';
import { bool, RECORDING, raw, type Sequence, scriptsOf, sequence, sym, u32, vals, vec } from './build.js';

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

/** `forged_val_to_forge_call_args`: a Val's payload as two U32Vals, low half first. */
const payloadHalves = (s: Sequence, of: ScriptArg): ScriptArg =>
  s.call(
    'vec_new_from_slice',
    vals({ a: 'payloadHalf', of, half: 'lo' }, { a: 'payloadHalf', of, half: 'hi' }),
  );

/** `VecObject::from_handle(0xffff0)`: a relative handle past any frame's table, as a raw payload. */
const BIG_VEC_REF = raw((0xffff0n << 32n) | 75n);

/** Vals the host must refuse (hostile.rs `BAD_VALS`, with v23.0.0's tag numbers). */
const BAD_VALS = [
  15n,
  79n,
  0x7fn,
  0xffn,
  0x1111_0000_0000_0000n,
  0x0000_0000_0000_1100n,
  0x1111_0000_0000_0001n,
  0x0000_0000_0000_1101n,
  0x1111_0000_0000_0002n,
  0x0000_0000_0000_1102n,
  0x0000_0000_0000_0a03n,
  0x0000_0000_0000_ff03n,
  0x0000_0000_f000_0003n,
  0x0000_000a_0000_0103n,
  0x0000_00ff_0000_0103n,
  0xf000_0000_0000_0103n,
  0x0000_0000_0000_1104n,
  0x0000_0000_0000_1105n,
  0x8000_0000_0000_000en,
  0x4000_0000_0000_000en,
  0xc000_0000_0000_000en,
  0xc000_0000_0000_ab0en,
  0xc000_0000_00ab_cd0en,
  0xffff_ffff_ffff_ff0en,
  0x0000_0000_0000_1148n,
];
const U32_VAL_TAG = 4n;

export default scriptsOf('hostile', {
  hostile_iloop_traps: trap('iloop'),
  hostile_badack_traps: trap('badack'),
  hostile_oob1_traps: trap('oob1'),
  hostile_oob2_traps: trap('oob2'),
  // Object references forged from payload halves, or with a forged type or tag, are refused.
  hostile_forged_objects_trap: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(HOSTILE);
      s.host('enable_debug');
      s.host('reset_budget_default');
      s.host('reset_budget_unlimited_cpu');
      const absoluteVec = s.call('vec_new_from_slice', vals(u32(1), u32(2)));
      s.call('call', id, sym('forgeref'), payloadHalves(s, absoluteVec));
      s.call('call', id, sym('forgeref'), payloadHalves(s, BIG_VEC_REF));
      for (const fn of ['forgety1', 'forgety2', 'badtag'])
        s.call('call', id, sym(fn), s.call('vec_new_from_slice', vals(absoluteVec)));
    }),
  },
  // Each bad Val smuggled in as two U32Vals: a U32Val one indexes a vector, any other is pushed.
  guest_val_integrity_errors: {
    setup: RECORDING,
    steps: sequence((s) => {
      const id = s.register(HOSTILE);
      for (const bad of BAD_VALS) {
        const lo = u32(Number(bad & 0xffff_ffffn));
        const hi = u32(Number(bad >> 32n));
        if ((bad & 0xffn) === U32_VAL_TAG) {
          const trues = Array.from({ length: Number(bad >> 32n) + 1 }, () => bool(true));
          const vec = s.call('vec_new_from_slice', vals(...trues));
          s.call('call', id, sym('idxbad'), s.call('vec_new_from_slice', vals(vec, lo, hi)));
        } else {
          const vec = s.call('vec_new_from_slice', vals());
          s.call('call', id, sym('pushbad'), s.call('vec_new_from_slice', vals(vec, lo, hi)));
        }
      }
    }),
  },
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
