/** Drive scripts for soroban-env-host/src/test/map.rs at v23.0.0. */
import type { Literal } from '../script-types.js';
import {
  bytesFill,
  keys,
  map,
  payload,
  RECORDING_DEBUG,
  scriptsOf,
  sequence,
  sym,
  text,
  u32,
  u32s,
  vals,
} from './build.js';

const LINEAR_MEMORY = 'wasm/20/example_linear_memory.wasm';

const u32map = (...pairs: [number, number][]): Literal =>
  map(...pairs.map(([k, v]): [Literal, Literal] => [u32(k), u32(v)]));

export default scriptsOf('map', {
  map_put_has_and_get: sequence((s) => {
    const obj = s.make(u32map([1, 2], [2, 4]));
    s.call('map_has', obj, u32(3));
    const obj1 = s.call('map_put', obj, u32(3), u32(6));
    s.call('map_has', obj1, u32(3));
    s.call('map_get', obj1, u32(3));
  }),
  map_put_insert_and_remove: sequence((s) => {
    let obj = s.make(u32map([1, 10], [3, 30]));
    obj = s.call('map_put', obj, u32(0), u32(0));
    obj = s.call('map_put', obj, u32(2), u32(20));
    obj = s.call('map_put', obj, u32(4), u32(40));
    s.call('obj_cmp', s.make(u32map([0, 0], [1, 10], [2, 20], [3, 30], [4, 40])), obj);
    for (const k of [0, 2, 4]) obj = s.call('map_del', obj, u32(k));
    s.call('obj_cmp', s.make(u32map([1, 10], [3, 30])), obj);
  }),
  map_iter_by_index: sequence((s) => {
    const obj = s.make(u32map([1, 2], [4, 8]));
    for (const i of [0, 1, 2]) s.call('map_key_by_pos', obj, u32(i));
    for (const i of [0, 1, 2]) s.call('map_val_by_pos', obj, u32(i));
  }),
  hetro_map_iter_by_index: sequence((s) => {
    const objMap = s.make(u32map([1, 2]));
    const objVec = s.make(u32s(1));
    let m = s.call('map_new');
    m = s.call('map_put', m, u32(2), u32(1));
    m = s.call('map_put', m, objMap, u32(2));
    m = s.call('map_put', m, objVec, u32(3));
    m = s.call('map_put', m, sym('symbol'), u32(4));
    for (const i of [4, 0, 1, 2, 3]) s.call('map_key_by_pos', m, u32(i));
    for (const i of [4, 0, 1, 2, 3]) s.call('map_val_by_pos', m, u32(i));
  }),
  map_keys: sequence((s) => {
    let m = s.call('map_new');
    m = s.call('map_put', m, u32(2), u32(20));
    m = s.call('map_put', m, u32(1), u32(10));
    s.call('obj_cmp', s.call('map_keys', m), s.make(u32s(1, 2)));
  }),
  map_values: sequence((s) => {
    let m = s.call('map_new');
    m = s.call('map_put', m, u32(2), u32(20));
    m = s.call('map_put', m, u32(1), u32(10));
    s.call('obj_cmp', s.call('map_values', m), s.make(u32s(10, 20)));
  }),
  // ScVal maps the conversion refuses: keys out of order, duplicated, or a bad map inside.
  scmap_out_of_order: sequence((s) => void s.make(u32map([2, 0], [3, 0], [1, 0]))),
  scmap_duplicate: sequence((s) => void s.make(u32map([2, 0], [2, 0]))),
  scmap_invalid_element: sequence((s) => void s.make(map([u32(2), u32map([2, 0], [2, 0])]))),
  linear_memory_operations: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      const id = s.register(LINEAR_MEMORY);
      for (const fn of ['map_mem_ok', 'map_keys_out_of_order', 'map_duplicate_keys']) {
        const args = s.call('vec_new');
        s.call('call', id, s.call('symbol_new_from_slice', text(fn)), args);
      }
    }),
  },
  // As vec_build_bad_element_integrity, the corrupted reference as a value and as a key.
  map_build_bad_element_integrity: sequence((s) => {
    const obj = s.call('map_new');
    s.call('map_put', obj, obj, obj);
    s.call('map_new_from_slices', keys('hi'), vals(obj));
    for (const bad of [payload(obj, 1n), payload(obj, 0n, 0xffn << 48n)]) {
      s.call('map_put', obj, obj, bad);
      s.call('map_put', obj, bad, obj);
      s.call('map_new_from_slices', keys('hi'), vals(bad));
    }
  }),
  initialization_invalid: sequence((s) => {
    s.call('map_new_from_slices', keys('b', 'a'), vals(u32(1), u32(2)));
    s.call('map_new_from_slices', keys('a', 'a'), vals(u32(1), u32(2)));
    // '0'..'9' then 'a'..'z', both ends exclusive: 34 characters, too long for a symbol key
    const longKey = '012345678abcdefghijklmnopqrstuvwxy';
    s.call('map_new_from_slices', keys(longKey), vals(s.make(bytesFill(1, 32))));
    const big = s.make(bytesFill(0, 7_000_000));
    const m = s.call('map_new_from_slices', keys('a', 'b', 'c', 'd', 'e'), vals(big, big, big, big, big));
    s.toScVal(m);
  }),
});
