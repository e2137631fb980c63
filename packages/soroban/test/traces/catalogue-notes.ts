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

// --- drivable: literal inputs, but each needs a step kind or host part not modelled yet ---

group('vec', ['vec_build_bad_element_integrity'], {
  status: 'drivable',
  ease: 2,
  how: 'passes Vals with corrupted payloads (an object handle +1 in its tag, or with 0xff<<48 or-ed in): needs a raw-payload argument',
});
group('map', ['map_build_bad_element_integrity'], {
  status: 'drivable',
  ease: 2,
  how: 'as vec_build_bad_element_integrity: corrupted object payloads as map keys and values',
});
group(
  'address',
  ['test_invalid_address_object_conversions', 'test_invalid_muxed_address_object_conversions'],
  {
    status: 'drivable',
    ease: 1,
    how: 'no host calls: add_host_object of claimable-balance / liquidity-pool / muxed ScAddresses the conversions refuse; needs those literal address kinds',
  },
);
group('event', ['contract_event', 'test_event_rollback'], {
  status: 'drivable',
  ease: 3,
  how: 'a native Rust test contract (ContractFunctionSet) registered at the zero contract id emits the event: needs native test contracts in the adapter',
});
group('event', ['too_big_event_data', 'too_big_event_topic'], {
  status: 'drivable',
  ease: 2,
  how: 'contract_event with a topic or data byte string over the size limit, from a native test frame',
});
group('invocation', ['native_invoke_return_err_variants'], {
  status: 'drivable',
  ease: 3,
  how: 'a native test contract returning Error(Contract, 12345) for every function but __constructor; call then try_call `go`',
});
group('frame', ['has_frame'], {
  status: 'drivable',
  ease: 3,
  how: 'a native test frame (with_test_contract_frame) around two host calls',
});
group(
  'prng',
  words(`
    base_prng_seed_0 base_prng_seed_1 base_prng_seed_2 base_prng_seed_bytes_0 base_prng_seed_bytes_1
    base_prng_seed_bytes_2
  `),
  {
    status: 'drivable',
    ease: 3,
    how: 'base PRNG seeds [0;32] / [0;32] / [2;32] and a native test contract calling prng_u64_in_inclusive_range(0, 90) or prng_bytes_new: needs ChaCha20 and native test contracts',
  },
);
group(
  'prng',
  [
    'prng_test',
    'commit_reveal',
    'try_until_chosen_number',
    'check_caller_and_callee_seed_always_different_0',
  ],
  {
    status: 'drivable',
    ease: 4,
    how: 'native test contracts over the seeded PRNG (reseed, shuffle, sub-seeds per frame); long loops whose length the PRNG decides',
  },
);
group(
  'protocol_gate',
  [
    'ledger_protocol_greater_than_env_protocol_should_fail',
    'wasm_protocol_greater_than_ledger_protocol_should_fail',
  ],
  {
    status: 'drivable',
    ease: 3,
    how: "ledger info with a protocol above 23, or a contract whose env meta says a later protocol (the test rewrites a contract's meta): needs ledger-info setup",
  },
);
group(
  'protocol_gate',
  ['test_additional_protocol_guardrail_during_invocation', 'test_native_mode_calling_protocol_gated_host_fn'],
  {
    status: 'drivable',
    ease: 3,
    how: 'a native test frame calling a host function gated to a later protocol',
  },
);
group('bytes', ['bytes_xdr_roundtrip', 'test_malformed_xdr_decoding'], {
  status: 'drivable',
  ease: 3,
  how: 'serialize_to_bytes / deserialize_from_bytes of every ScVal kind the test lists (and malformed XDR byte strings): literal, but long; needs every literal kind',
});
group('depth_limit', ['deep_host_val_to_scval', 'deep_host_obj_cmp'], {
  status: 'drivable',
  ease: 3,
  how: 'vectors nested 1000 deep built with vec_new/vec_push_back in a loop, then converted or compared: a loop over literal calls',
});
group('depth_limit', ['deep_host_obj_clone', 'deep_scval_to_host_val'], {
  status: 'drivable',
  ease: 2,
  how: 'no host calls: a deeply nested ScVal converted (or cloned) until the depth limit refuses; needs a nested-literal generator',
});
group('complex', ['run_complex_1', 'run_complex_2'], {
  status: 'drivable',
  ease: 3,
  how: 'register example_complex.wasm and call `go`; the contract reads ledger info the test sets (sequence, timestamp, network id) and puts contract data',
});
group('hostile', ['hostile_forged_objects_trap', 'guest_val_integrity_errors'], {
  status: 'drivable',
  ease: 3,
  how: 'example_hostile.wasm given forged object references: the arguments are halves of a Val payload the test computes from a handle (needs a payload argument)',
});
group(
  'lifecycle',
  [
    'test_contract_wasm_update',
    'test_contract_wasm_update_with_try_call',
    'cap_68_executable_getter__get_wasm_executable_with_wasm_update',
  ],
  {
    status: 'drivable',
    ease: 3,
    how: 'register example_updateable_contract.wasm, upload example_add_i32.wasm and call `update` with its hash; the first test also wraps calls in a native test frame',
  },
);
group(
  'storage',
  words(`
    test_persistent_storage test_temp_storage test_instance_storage test_storage_mix
    test_nested_bump
  `),
  {
    status: 'drivable',
    ease: 3,
    how: 'example_contract_data.wasm (and example_invoke_contract.wasm for nested_bump): put/get/del/extend_ttl with literal keys, values and TTLs, and ledger sequence changes between calls',
  },
);

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
group('num', ['test_num_val_scval_roundtrip_ordering'], {
  status: 'drivable',
  ease: 3,
  how: 'every pair of a list of edge numbers compared as Vals and as ScVals (792 obj_cmp calls): literal, quadratic',
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
