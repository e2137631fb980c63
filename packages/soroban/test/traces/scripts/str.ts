/** Drive scripts for soroban-env-host/src/test/str.rs at v23.0.0. */
import { buffer, scriptsOf, sequence, text, u32 } from './build.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const codes = (s: string) => [...s].map((c) => c.charCodeAt(0));

export default scriptsOf('str', {
  str_conversions: sequence((s) => {
    let bytes = s.call('bytes_new');
    for (const c of codes(ALPHABET)) bytes = s.call('bytes_push', bytes, u32(c));
    const so = s.call('string_new_from_slice', text(ALPHABET));
    // String::try_from_val: length, then a copy out.
    s.call('string_len', so);
    s.call('string_copy_to_slice', so, u32(0), buffer(ALPHABET.length));
    // and back: a new string object from the Rust string
    const so2 = s.call('string_new_from_slice', text(ALPHABET));
    s.call('string_copy_to_slice', so2, u32(0), buffer(ALPHABET.length));
    const copy = s.call('bytes_new_from_slice', text(ALPHABET));
    for (let i = 0; i < ALPHABET.length; i++) s.call('bytes_get', copy, u32(i));
  }),
  string_bytes_roundtrip: sequence((s) => {
    const so = s.call('string_new_from_slice', text(ALPHABET));
    const bytes = s.call('string_to_bytes', so);
    s.call('bytes_copy_to_slice', bytes, u32(0), buffer(ALPHABET.length));
    const so2 = s.call('bytes_to_string', bytes);
    s.call('string_copy_to_slice', so2, u32(0), buffer(ALPHABET.length));
  }),
  string_ops_via_bytes: sequence((s) => {
    let str = s.call('bytes_to_string', s.call('bytes_new_from_slice', text(ALPHABET)));
    s.call('string_copy_to_slice', str, u32(0), buffer(26));
    let bytes = s.call('string_to_bytes', str);
    for (let i = 0; i < 24; i++) bytes = s.call('bytes_pop', bytes);
    str = s.call('bytes_to_string', bytes);
    s.call('string_len', str);
    bytes = s.call('bytes_put', s.call('string_to_bytes', str), u32(1), u32(99));
    str = s.call('bytes_to_string', bytes);
    s.call('string_copy_to_slice', str, u32(0), buffer(2));
    bytes = s.call('bytes_del', s.call('string_to_bytes', str), u32(1));
    str = s.call('bytes_to_string', bytes);
    s.call('string_len', str);
    s.call('string_copy_to_slice', str, u32(0), buffer(1));
    bytes = s.call('bytes_insert', s.call('string_to_bytes', str), u32(1), u32(98));
    str = s.call('bytes_to_string', bytes);
    s.call('string_copy_to_slice', str, u32(0), buffer(2));
    const sliced = s.call('bytes_slice', s.call('bytes_new_from_slice', text(ALPHABET)), u32(5), u32(10));
    s.call('string_copy_to_slice', s.call('bytes_to_string', sliced), u32(0), buffer(5));
    const str1 = s.call('string_new_from_slice', text('abcde'));
    const str2 = s.call('string_new_from_slice', text('fghij'));
    const appended = s.call('bytes_append', s.call('string_to_bytes', str1), s.call('string_to_bytes', str2));
    s.call('string_copy_to_slice', s.call('bytes_to_string', appended), u32(0), buffer(10));
  }),
});
