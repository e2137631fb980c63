/** Drive scripts for soroban-env-host/src/test/basic.rs and tuple.rs at v23.0.0. */
import type { DriveScript } from '../script-types.js';
import { buffer, call, i32, make, raw, ref, scriptsOf, u32, vals } from './build.js';

const U64_MAX = (1n << 64n) - 1n;
const I64_MAX = (1n << 63n) - 1n;

export const basic: DriveScript[] = scriptsOf('basic', {
  // 38473 stays a small Val (untraced); u64::MAX goes through the host as an object.
  u64_roundtrip: [call('obj_from_u64', raw(U64_MAX)), call('obj_to_u64', ref(0))],
  i64_roundtrip: [call('obj_from_i64', raw(I64_MAX)), call('obj_to_i64', ref(0))],
  u32_as_seen_by_host: [make(u32(12345))],
  i32_as_seen_by_host: [make(i32(-12345))],
  tuple_roundtrip: [
    call('vec_new_from_slice', vals(u32(5), i32(-4))),
    call('vec_unpack_to_slice', ref(0), buffer(2)),
  ],
  // Vm::new refuses the float contract once it has charged for parsing it: no calls, only the charge.
  f32_does_not_work: [{ s: 'vm', wasm: 'wasm/20/example_add_f32.wasm' }],
});

export const tuple: DriveScript[] = scriptsOf('tuple', {
  tuple_conversions: [
    call('vec_new_from_slice', vals(u32(1), i32(1))),
    call('vec_new'),
    call('vec_push_back', ref(1), u32(1)),
    call('vec_push_back', ref(2), i32(1)),
    call('obj_cmp', ref(0), ref(3)),
    call('vec_unpack_to_slice', ref(0), buffer(2)),
  ],
  // Conversions of fixed arrays of small Vals: no host calls, no charges.
  tuple_array_conversions: [],
});
