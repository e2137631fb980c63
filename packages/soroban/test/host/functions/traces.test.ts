import { describe, expect, it } from 'vitest';
import { buf } from '../../../src/host/functions/buf.js';
import { map } from '../../../src/host/functions/map.js';
import { readSoroban, sorobanData } from '../../support/shared.js';
import { replay } from './trace-replay.js';

/** What the host's str tests pass to `*_new_from_slice` (`test/str.rs`); the trace records only its length. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Golden traces of the host's own bytes, string and map tests, and how many of their calls are
 * followed here (up to a nested call, another module's call, setup work that made objects, or
 * running out of budget).
 */
const traces: { name: string; steps: number; sliceText?: string }[] = [
  { name: 'test__bytes__bytes_suite_of_tests', steps: 69 },
  { name: 'test__bytes__bytes_put_out_of_bound', steps: 2 },
  { name: 'test__bytes__bytes_slice_start_greater_than_end', steps: 2 },
  { name: 'test__bytes__bytes_slice_start_greater_than_len', steps: 2 },
  { name: 'test__bytes__bytes_slice_start_equal_len', steps: 3 },
  { name: 'test__bytes__bytes_xdr_roundtrip', steps: 10 },
  { name: 'test__bytes__test_bytes_out_of_cpu_budget', steps: 25 },
  { name: 'test__bytes__test_bytes_out_of_mem_budget', steps: 28 },
  { name: 'test__str__str_conversions', steps: 59, sliceText: ALPHABET },
  { name: 'test__str__string_ops_via_bytes', steps: 54, sliceText: ALPHABET },
  { name: 'test__str__string_bytes_roundtrip', steps: 5, sliceText: ALPHABET },
  { name: 'test__map__map_keys', steps: 4 },
  { name: 'test__map__map_values', steps: 4 },
  { name: 'test__map__map_build_bad_element_integrity', steps: 2 },
];

describe.skipIf(!sorobanData)('golden traces of the map and buf modules', () => {
  it.each(traces)('$name: $steps calls with their results, CPU and memory', ({ name, steps, sliceText }) => {
    const trace = JSON.parse(readSoroban(`observations-23/${name}.json`).toString()) as Record<
      string,
      string
    >;
    const replayed = replay(trace, [map, buf], sliceText);
    expect(replayed.length).toBe(steps);
    for (const step of replayed)
      expect({ step: step.line, result: step.got, cpu: step.cpu[1], mem: step.mem[1] }).toEqual({
        step: step.line,
        result: step.want,
        cpu: step.cpu[0],
        mem: step.mem[0],
      });
  });
});

describe.skipIf(!sorobanData)('the interface table', () => {
  it.each([
    { module: 'map', functions: map },
    { module: 'buf', functions: buf },
  ])('lists exactly the $module functions implemented', ({ module, functions }) => {
    // Every function of v28.0.2 but those of protocol 27, which this host leaves out.
    const env = JSON.parse(readSoroban('env/env-v28.0.2.json').toString()) as {
      modules: { name: string; functions: { name: string; min_supported_protocol?: number }[] }[];
    };
    const listed =
      env.modules
        .find((m) => m.name === module)
        ?.functions.filter((f) => f.min_supported_protocol !== 27)
        .map((f) => f.name) ?? [];
    expect(Object.keys(functions).sort()).toEqual([...listed].sort());
  });
});
