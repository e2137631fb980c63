/** Drive scripts for soroban-env-host/src/test/vec.rs at v23.0.0. */
import {
  bytesFill,
  call,
  make,
  payload,
  ref,
  register,
  scriptsOf,
  sequence,
  text,
  toScVal,
  u32,
  u32s,
  vals,
} from './build.js';

const LINEAR_MEMORY = 'wasm/20/example_linear_memory.wasm';

export default scriptsOf('vec', {
  vec_as_seen_by_host: [make(u32s(1)), make(u32s(1)), call('obj_cmp', ref(0), ref(1))],
  vec_new: [call('vec_new'), call('vec_len', ref(0))],
  vec_front_and_back: [make(u32s(1, 2, 3)), call('vec_front', ref(0)), call('vec_back', ref(0))],
  empty_vec_front: [make(u32s()), call('vec_front', ref(0))],
  empty_vec_back: [make(u32s()), call('vec_back', ref(0))],
  vec_put_and_get: [
    make(u32s(1, 2, 3)),
    call('vec_put', ref(0), u32(1), u32(9)),
    call('vec_get', ref(1), u32(1)),
  ],
  vec_push_pop_and_len: [
    make(u32s()),
    call('vec_len', ref(0)),
    call('vec_push_back', ref(0), u32(1)),
    call('vec_push_back', ref(2), u32(2)),
    call('vec_len', ref(3)),
    call('vec_pop_back', ref(3)),
    call('vec_len', ref(5)),
    call('vec_pop_back', ref(5)),
    call('vec_len', ref(7)),
  ],
  vec_pop_empty_vec: [make(u32s()), call('vec_pop_back', ref(0))],
  vec_push_pop_front: [
    make(u32s()),
    call('vec_push_front', ref(0), u32(1)),
    call('vec_push_front', ref(1), u32(2)),
    call('vec_push_front', ref(2), u32(3)),
    make(u32s(3, 2, 1)),
    call('obj_cmp', ref(3), ref(4)),
    call('vec_pop_front', ref(3)),
    make(u32s(2, 1)),
    call('obj_cmp', ref(6), ref(7)),
    call('vec_pop_front', ref(6)),
    call('vec_pop_front', ref(9)),
    call('vec_pop_front', ref(10)),
  ],
  vec_get_out_of_bound: [make(u32s(1, 2, 3)), call('vec_get', ref(0), u32(3))],
  vec_del_and_cmp: [
    make(u32s(1, 2, 3)),
    call('vec_del', ref(0), u32(1)),
    make(u32s(1, 3)),
    call('obj_cmp', ref(1), ref(2)),
  ],
  vec_del_out_of_bound: [make(u32s(1, 2, 3)), call('vec_del', ref(0), u32(3))],
  vec_slice_and_cmp: [
    make(u32s(1, 2, 3)),
    call('vec_slice', ref(0), u32(1), u32(3)),
    make(u32s(2, 3)),
    call('obj_cmp', ref(1), ref(2)),
    call('vec_slice', ref(0), u32(0), u32(3)),
    call('obj_cmp', ref(4), ref(0)),
  ],
  vec_slice_start_equal_to_end: [
    make(u32s(1, 2, 3)),
    call('vec_slice', ref(0), u32(1), u32(1)),
    toScVal(ref(1)),
  ],
  vec_slice_start_greater_than_end: [make(u32s(1, 2, 3)), call('vec_slice', ref(0), u32(2), u32(1))],
  vec_slice_start_out_of_bound: [make(u32s(1, 2, 3)), call('vec_slice', ref(0), u32(0), u32(4))],
  vec_slice_end_out_of_bound: [make(u32s(1, 2, 3)), call('vec_slice', ref(0), u32(0), u32(4))],
  vec_insert_and_cmp: [
    make(u32s(2)),
    call('vec_insert', ref(0), u32(0), u32(1)),
    make(u32s(1, 2)),
    call('obj_cmp', ref(1), ref(2)),
    call('vec_insert', ref(1), u32(2), u32(3)),
    make(u32s(1, 2, 3)),
    call('obj_cmp', ref(4), ref(5)),
    call('vec_insert', ref(4), u32(2), u32(4)),
    make(u32s(1, 2, 4, 3)),
    call('obj_cmp', ref(7), ref(8)),
  ],
  vec_insert_out_of_bound: [make(u32s(1, 2, 3)), call('vec_insert', ref(0), u32(4), u32(9))],
  vec_append: [
    make(u32s(1, 2, 3)),
    make(u32s(4, 5, 6)),
    call('vec_append', ref(0), ref(1)),
    make(u32s(1, 2, 3, 4, 5, 6)),
    call('obj_cmp', ref(2), ref(3)),
  ],
  vec_append_empty: [make(u32s()), call('vec_append', ref(0), ref(0)), call('obj_cmp', ref(0), ref(1))],
  vec_index_of: [
    make(u32s(3, 4, 2, 2, 2, 5)),
    call('vec_first_index_of', ref(0), u32(2)),
    call('vec_last_index_of', ref(0), u32(2)),
    call('vec_first_index_of', ref(0), u32(1)),
    call('vec_last_index_of', ref(0), u32(1)),
  ],
  vec_binary_search: [
    make(u32s(1, 2, 4, 5, 7, 9)),
    call('vec_binary_search', ref(0), u32(7)),
    call('vec_binary_search', ref(0), u32(4)),
    call('vec_binary_search', ref(0), u32(3)),
    call('vec_binary_search', ref(0), u32(6)),
  ],
  instantiate_oversized_vec_from_slice: [
    make(bytesFill(0, 7_000_000)),
    call('vec_new_from_slice', vals(ref(0), ref(0), ref(0), ref(0), ref(0))),
    toScVal(ref(1)),
  ],
  // A sound object reference goes in; one with its tag + 1 (a Map) or its handle's bits 16..23 set does not.
  vec_build_bad_element_integrity: sequence((s) => {
    const obj = s.make(u32s(1, 2, 3));
    for (const element of [obj, payload(obj, 1n), payload(obj, 0n, 0xffn << 48n)]) {
      s.call('vec_put', obj, u32(1), element);
      s.call('vec_push_front', obj, element);
      s.call('vec_push_back', obj, element);
      s.call('vec_new_from_slice', vals(element));
    }
  }),
  linear_memory_operations: {
    setup: { host: 'test_host_with_recording_footprint' },
    steps: [
      register(LINEAR_MEMORY),
      call('vec_new'),
      call('symbol_new_from_slice', text('vec_mem_ok')),
      call('call', ref(0), ref(2), ref(1)),
      call('vec_new'),
      call('symbol_new_from_slice', text('vec_unpack_buf_too_short')),
      call('call', ref(0), ref(5), ref(4)),
      call('vec_new'),
      call('symbol_new_from_slice', text('vec_unpack_buf_too_long')),
      call('call', ref(0), ref(8), ref(7)),
    ],
  },
});
