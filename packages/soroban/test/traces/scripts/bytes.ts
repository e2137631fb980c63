/** Drive scripts for soroban-env-host/src/test/bytes.rs at v23.0.0. */
import type { ScriptStep } from '../script-types.js';
import { bytes, call, ref, scriptsOf, sequence, slice, sliceFill, sym, u32, u32s } from './build.js';

const LINEAR_MEMORY = 'wasm/20/example_linear_memory.wasm';
const ONE_TO_FOUR = '01020304';

/**
 * `test_bytes_out_of_{cpu,mem}_budget` append a byte string to itself until the budget refuses;
 * the Rust test stops at the first error, so the count of appends is the one the host's budget
 * allows (the trace's), the last one failing.
 */
function doubleUntilRefused(appends: number): ScriptStep[] {
  return sequence((s) => {
    let b = s.call('bytes_new_from_slice', slice('02'));
    for (let i = 0; i < appends; i++) b = s.call('bytes_append', b, b);
  });
}

export default scriptsOf('bytes', {
  bytes_suite_of_tests: sequence((s) => {
    let obj = s.call('bytes_new');
    for (let i = 0; i < 32; i++) obj = s.call('bytes_push', obj, u32(i));
    s.toScVal(obj);
    for (let i = 0; i < 24; i++) obj = s.call('bytes_pop', obj);
    s.call('bytes_len', obj);
    s.call('bytes_get', obj, u32(5));
    obj = s.call('bytes_put', obj, u32(5), u32(99));
    s.call('bytes_get', obj, u32(5));
    obj = s.call('bytes_del', obj, u32(5));
    s.call('bytes_len', obj);
    s.call('bytes_front', obj);
    s.call('bytes_back', obj);
    obj = s.call('bytes_insert', obj, u32(5), u32(5));
    const head = s.call('bytes_slice', obj, u32(0), u32(3));
    s.toScVal(head);
    const tail = s.call('bytes_slice', obj, u32(3), u32(8));
    s.toScVal(tail);
    s.call('obj_cmp', obj, s.call('bytes_append', head, tail));
  }),
  bytes_put_out_of_bound: [call('bytes_new'), call('bytes_put', ref(0), u32(0), u32(1))],
  bytes_slice_start_greater_than_end: [
    call('bytes_new_from_slice', slice(ONE_TO_FOUR)),
    call('bytes_slice', ref(0), u32(2), u32(1)),
  ],
  bytes_slice_start_equal_len: [
    call('bytes_new_from_slice', slice(ONE_TO_FOUR)),
    call('bytes_slice', ref(0), u32(4), u32(4)),
    call('bytes_new'),
    call('obj_cmp', ref(1), ref(2)),
  ],
  bytes_slice_start_greater_than_len: [
    call('bytes_new_from_slice', slice(ONE_TO_FOUR)),
    call('bytes_slice', ref(0), u32(5), u32(10)),
  ],
  linear_memory_operations: {
    setup: { host: 'test_host_with_recording_footprint' },
    steps: sequence((s) => {
      const id = s.register(LINEAR_MEMORY);
      const word = s.call('call', id, sym('bin_word'), s.make(u32s(0xaabbccdd)));
      s.call('obj_cmp', word, s.make(bytes('aabbccdd')));
      const input = s.make(bytes(ONE_TO_FOUR));
      const args = s.call('vec_push_back', s.call('vec_new'), input);
      const inc = s.call('call', id, sym('bin_inc'), args);
      s.call('obj_cmp', inc, s.make(bytes('02030405')));
    }),
  },
  test_bytes_out_of_cpu_budget: {
    setup: { host: 'test_host', unlimited: 'cpu' },
    steps: doubleUntilRefused(25),
  },
  test_bytes_out_of_mem_budget: {
    setup: { host: 'test_host', unlimited: 'mem' },
    steps: doubleUntilRefused(28),
  },
  // 42_000_000 zero bytes: the budget refuses the allocation inside the call.
  instantiate_oversized_bytes_from_slice: [call('bytes_new_from_slice', sliceFill(0, 42_000_000))],
});
