/** The int functions against the golden traces of test/num.rs (observations-23). */
import { describe, expect, it } from 'vitest';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { replay } from './trace-replay.js';

const traces = [
  { file: 'test__num__test_u256_arith.json', arithmetic: 16 },
  { file: 'test__num__test_i256_arith.json', arithmetic: 17 },
  { file: 'test__num__test_u256_bytes_roundtrip.json', arithmetic: 0 },
  { file: 'test__num__test_i256_bytes_roundtrip.json', arithmetic: 0 },
  { file: 'test__num__test_num_scval_roundtrips.json', arithmetic: 0 },
  { file: 'test__num__test_num_val_scval_roundtrip_ordering.json', arithmetic: 0 },
];

describe.skipIf(!sorobanData)(`int functions against the host's traces (${NO_SOROBAN_DATA})`, () => {
  it.each(traces)('$file gives the recorded results and errors', ({ file, arithmetic }) => {
    const trace = JSON.parse(readSoroban(`observations-23/${file}`).toString('utf8')) as Record<
      string,
      string
    >;
    const result = replay(trace);
    expect(result.arithmetic).toBe(arithmetic);
    expect(result.checks.length).toBeGreaterThan(0);
    expect(result.checks.filter((check) => check.want !== check.got)).toEqual([]);
  });
});
