/** The 256-bit arithmetic against the Rust host's test/num.rs cases and ethnum's edge cases. */
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { INT_RANGES, INT256_BINARY_FUNCTIONS, INT256_BY_U32_FUNCTIONS } from '../../src/int/index.js';
import { recordingMeter } from './recording-meter.js';

const [, U256_MAX] = INT_RANGES.u256;
const [I256_MIN, I256_MAX] = INT_RANGES.i256;
const ARITH = 'Error(Object, ArithDomain)';

/** Runs a host function by name; a result or the error as the host prints it. */
function run(fn: string, lhs: bigint, rhs: bigint): bigint | string {
  const meter = recordingMeter();
  const binary = INT256_BINARY_FUNCTIONS[fn];
  const byU32 = INT256_BY_U32_FUNCTIONS[fn];
  try {
    if (binary) return binary(meter, lhs, rhs);
    if (byU32) return byU32(meter, lhs, Number(rhs));
    throw new Error(`no ${fn}`);
  } catch (error) {
    if (error instanceof HostError) return error.short;
    throw error;
  }
}

// test/num.rs, test_u256_arith and test_i256_arith.
const rustCases = [
  { fn: 'u256_add', lhs: U256_MAX - 2n, rhs: 1n, want: U256_MAX - 1n },
  { fn: 'u256_add', lhs: U256_MAX - 2n, rhs: 3n, want: ARITH },
  { fn: 'u256_sub', lhs: 1n, rhs: 1n, want: 0n },
  { fn: 'u256_sub', lhs: 0n, rhs: 1n, want: ARITH },
  { fn: 'u256_mul', lhs: 5n, rhs: 1n, want: 5n },
  { fn: 'u256_mul', lhs: U256_MAX, rhs: 2n, want: ARITH },
  { fn: 'u256_div', lhs: 128n, rhs: 2n, want: 64n },
  { fn: 'u256_div', lhs: 1n, rhs: 0n, want: ARITH },
  { fn: 'u256_rem_euclid', lhs: 7n, rhs: 4n, want: 3n },
  { fn: 'u256_rem_euclid', lhs: 1n, rhs: 0n, want: ARITH },
  { fn: 'u256_pow', lhs: 2n, rhs: 5n, want: 32n },
  { fn: 'u256_pow', lhs: U256_MAX, rhs: 2n, want: ARITH },
  { fn: 'u256_shl', lhs: 1n, rhs: 4n, want: 16n },
  { fn: 'u256_shl', lhs: 16n, rhs: 257n, want: ARITH },
  { fn: 'u256_shr', lhs: 16n, rhs: 4n, want: 1n },
  { fn: 'u256_shr', lhs: 16n, rhs: 257n, want: ARITH },
  { fn: 'i256_add', lhs: I256_MAX - 2n, rhs: 1n, want: I256_MAX - 1n },
  { fn: 'i256_add', lhs: I256_MAX - 2n, rhs: 3n, want: ARITH },
  { fn: 'i256_sub', lhs: I256_MIN + 2n, rhs: 1n, want: I256_MIN + 1n },
  { fn: 'i256_sub', lhs: I256_MIN + 2n, rhs: 3n, want: ARITH },
  { fn: 'i256_mul', lhs: I256_MAX, rhs: 1n, want: I256_MAX },
  { fn: 'i256_mul', lhs: I256_MAX, rhs: 2n, want: ARITH },
  { fn: 'i256_div', lhs: I256_MIN + 1n, rhs: -1n, want: I256_MAX },
  { fn: 'i256_div', lhs: I256_MIN, rhs: -1n, want: ARITH },
  { fn: 'i256_div', lhs: 1n, rhs: 0n, want: ARITH },
  { fn: 'i256_rem_euclid', lhs: -7n, rhs: 4n, want: 1n },
  { fn: 'i256_rem_euclid', lhs: 1n, rhs: 0n, want: ARITH },
  { fn: 'i256_pow', lhs: 8n, rhs: 2n, want: 64n },
  { fn: 'i256_pow', lhs: I256_MAX, rhs: 2n, want: ARITH },
  { fn: 'i256_shl', lhs: 1n, rhs: 4n, want: 16n },
  { fn: 'i256_shl', lhs: 1n, rhs: 257n, want: ARITH },
  { fn: 'i256_shr', lhs: 16n, rhs: 4n, want: 1n },
  { fn: 'i256_shr', lhs: 16n, rhs: 256n, want: ARITH },
];

// ethnum 1.5.0's checked_* operations at their edges.
const edgeCases = [
  { fn: 'i256_div', lhs: -7n, rhs: 2n, want: -3n },
  { fn: 'i256_div', lhs: 7n, rhs: -2n, want: -3n },
  { fn: 'i256_rem_euclid', lhs: 7n, rhs: -4n, want: 3n },
  { fn: 'i256_rem_euclid', lhs: -7n, rhs: -4n, want: 1n },
  { fn: 'i256_rem_euclid', lhs: I256_MIN, rhs: -1n, want: ARITH },
  { fn: 'i256_rem_euclid', lhs: I256_MIN, rhs: 1n, want: 0n },
  { fn: 'i256_mul', lhs: I256_MIN, rhs: -1n, want: ARITH },
  { fn: 'i256_mul', lhs: I256_MIN, rhs: 1n, want: I256_MIN },
  { fn: 'u256_pow', lhs: 0n, rhs: 0n, want: 1n },
  { fn: 'i256_pow', lhs: 0n, rhs: 0n, want: 1n },
  { fn: 'u256_pow', lhs: 2n, rhs: 255n, want: 2n ** 255n },
  { fn: 'u256_pow', lhs: 2n, rhs: 256n, want: ARITH },
  { fn: 'i256_pow', lhs: 2n, rhs: 255n, want: ARITH },
  { fn: 'i256_pow', lhs: -2n, rhs: 255n, want: I256_MIN },
  { fn: 'i256_pow', lhs: -2n, rhs: 254n, want: 2n ** 254n },
  { fn: 'i256_pow', lhs: -1n, rhs: 4294967295n, want: -1n },
  { fn: 'u256_pow', lhs: 1n, rhs: 4294967295n, want: 1n },
  { fn: 'u256_pow', lhs: 3n, rhs: 4294967295n, want: ARITH },
  { fn: 'u256_pow', lhs: 0n, rhs: 4294967295n, want: 0n },
  { fn: 'u256_shl', lhs: 2n ** 255n, rhs: 1n, want: 0n },
  { fn: 'u256_shl', lhs: 3n, rhs: 255n, want: 2n ** 255n },
  { fn: 'u256_shl', lhs: 1n, rhs: 256n, want: ARITH },
  { fn: 'i256_shl', lhs: 1n, rhs: 255n, want: I256_MIN },
  { fn: 'i256_shl', lhs: -1n, rhs: 255n, want: I256_MIN },
  { fn: 'i256_shl', lhs: I256_MIN, rhs: 1n, want: 0n },
  { fn: 'i256_shr', lhs: I256_MIN, rhs: 255n, want: -1n },
  { fn: 'i256_shr', lhs: -16n, rhs: 2n, want: -4n },
  { fn: 'u256_shr', lhs: U256_MAX, rhs: 255n, want: 1n },
  { fn: 'u256_shr', lhs: U256_MAX, rhs: 256n, want: ARITH },
  { fn: 'u256_sub', lhs: 0n, rhs: 0n, want: 0n },
  { fn: 'i256_add', lhs: I256_MIN, rhs: I256_MAX, want: -1n },
];

describe('256-bit arithmetic', () => {
  it.each(rustCases)('$fn($lhs, $rhs) is $want (test/num.rs)', ({ fn, lhs, rhs, want }) => {
    expect(run(fn, lhs, rhs)).toBe(want);
  });

  it.each(edgeCases)('$fn($lhs, $rhs) is $want', ({ fn, lhs, rhs, want }) => {
    expect(run(fn, lhs, rhs)).toBe(want);
  });

  const costs = [
    { fn: 'u256_add', want: 'Int256AddSub' },
    { fn: 'i256_sub', want: 'Int256AddSub' },
    { fn: 'u256_mul', want: 'Int256Mul' },
    { fn: 'i256_div', want: 'Int256Div' },
    { fn: 'u256_rem_euclid', want: 'Int256Div' },
    { fn: 'i256_pow', want: 'Int256Pow' },
    { fn: 'u256_shl', want: 'Int256Shift' },
    { fn: 'i256_shr', want: 'Int256Shift' },
  ];
  it.each(costs)('$fn charges $want once, before reading its operands', ({ fn, want }) => {
    const log: string[] = [];
    const meter = recordingMeter(log);
    const read = (value: bigint, name: string) => () => {
      log.push(`read ${name}`);
      return value;
    };
    const binary = INT256_BINARY_FUNCTIONS[fn];
    if (binary) {
      binary(meter, read(1n, 'lhs'), read(1n, 'rhs'));
      expect(log).toEqual([want, 'read lhs', 'read rhs']);
    } else {
      INT256_BY_U32_FUNCTIONS[fn]?.(meter, read(1n, 'lhs'), 1);
      expect(log).toEqual([want, 'read lhs']);
    }
  });

  it('charges even when the operation fails', () => {
    const meter = recordingMeter();
    expect(() => INT256_BINARY_FUNCTIONS.u256_div?.(meter, 1n, 0n)).toThrow(HostError);
    expect(meter.charges).toEqual(['Int256Div']);
  });

  it('refuses operands outside the type as an internal error, not a contract failure', () => {
    expect(run('u256_add', -1n, 0n)).toBe('Error(Context, InternalError)');
    expect(run('i256_add', 2n ** 255n, 0n)).toBe('Error(Context, InternalError)');
    expect(run('u256_shl', 1n, 2n ** 32n)).toBe('Error(Context, InternalError)');
  });
});
