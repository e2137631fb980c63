/**
 * What each read but unscripted candidate needs, from its Rust test at v23.0.0. Groups of tests
 * that share a need share a note. (Scripted traces are described by their script instead.)
 */
import type { Note } from './catalogue.js';

const NOTES_BY_GROUP: [string[], Note][] = [];

/** Names separated by white space (long lists of test names read better packed). */
const words = (text: string): string[] => text.trim().split(/\s+/);

/** Record one note for several traces, named by file module and test function. */
function group(module: string, tests: string[], note: Note): void {
  NOTES_BY_GROUP.push([tests.map((t) => (module === '' ? `${t}.json` : `test__${module}__${t}.json`)), note]);
}

// --- not recoverable: the bytes are built by the test at run time ---

group(
  'hostile',
  words(`
    test_export_nonexistent_function test_extern_ref_not_allowed test_floating_point
    test_function_import_with_wrong_type test_import_nonexistent_function test_large_elements
    test_large_globals test_large_number_of_func_types test_large_number_of_internal_funcs
    test_large_number_of_tables test_large_wasm_code test_multi_value test_multiple_memory
    test_no_start test_nonexistent_func_element test_oob_elements test_repeated_export_same_func
    test_simd test_too_large_data_count many_large_segments_exceeds_budget
    too_many_segments_exceeds_budget test_corrupt_custom_section test_invalid_expr_in_elements
    test_invalid_expr_in_global test_invalid_expr_in_segments
  `),
  {
    status: 'not-recoverable',
    ease: 5,
    how: 'uploads a module the test builds with wasm-encoder (testutils/wasm.rs) and the host refuses before running it: the bytes are in no file',
  },
);
group(
  'hostile',
  words(`
    data_segment_larger_than_a_page_does_not_fit_in_one_page_memory
    data_segment_larger_than_a_page_fits_in_two_page_memory
    data_segment_smaller_than_a_page_fits_in_one_page_memory initial_memory_request_over_limit_fails
    initial_table_request_over_limit_fails moderate_sized_initial_memory_request_ok
    moderate_sized_initial_table_request_ok
  `),
  {
    status: 'not-recoverable',
    ease: 5,
    how: 'instantiates a synthesized module (memory/table sizes chosen by the test) directly, without host calls',
  },
);
group(
  '',
  words(`
    test_v_new_call_nonexistent_wasm_call test_v_new_call_wasm_in_footprint_but_not_storage_call
    test_v_new_module_cache_check test_v_new_no_rewrite_call_pass test_v_new_rewrite_call_fail
    test_v_new_rewrite_call_succeed
  `),
  {
    status: 'not-recoverable',
    ease: 5,
    how: 'the second half of a lifecycle.rs module-cache test whose first half uploads a synthesized module',
  },
);
group(
  'lifecycle',
  ['test_invalid_contract', 'test_large_contract', 'test_create_contract_from_source_account_recording_auth'],
  {
    status: 'not-recoverable',
    ease: 5,
    how: 'a contract the test builds (invalid bytes / a module grown to a size) or a create-contract host function run through invoke_host_function with generated keys',
  },
);
group('map', ['metered_map_initialization'], {
  status: 'not-recoverable',
  ease: 5,
  how: 'builds MeteredOrdMaps directly (an internal Rust type): no host calls, nothing an adapter can ask a host for',
});
group('budget_metering', ['xdr_object_conversion'], {
  status: 'not-recoverable',
  ease: 5,
  how: 'meters an XDR conversion through internal Rust APIs, not host calls',
});
group(
  'event',
  [
    'test_internal_contract_events_metering_not_free',
    'test_internal_diagnostic_event_metering_free',
    'test_observation_does_not_emit_diagnostic_events_from_failed_borrows',
  ],
  {
    status: 'not-recoverable',
    ease: 5,
    how: 'exercises the events buffer and debug-event internals directly (InternalEvent, borrow failures), not host calls',
  },
);
group('host', ['invalid_val'], {
  status: 'not-recoverable',
  ease: 5,
  how: 'checks Val bit patterns in Rust only: no host calls, no budget',
});
group(
  'bls12_381',
  words(`
    check_g1_is_in_subgroup check_g2_is_in_subgroup g1_add g1_msm g1_mul g2_add g2_msm g2_mul
    hash_to_g1 hash_to_g2 map_fp2_to_g2 map_fp_to_g1 pairing test_serialization_roundtrip
  `),
  {
    status: 'not-recoverable',
    ease: 5,
    how: "points and scalars drawn from StdRng::from_seed([0xff; 32]) (rand's ChaCha12 behind StdRng, then ark-bls12-381 sampling): reproducible only by porting both",
  },
);

export const NOTES: Record<string, Note> = Object.fromEntries(
  NOTES_BY_GROUP.flatMap(([traces, note]) => traces.map((t) => [t, note] as const)),
);
