import { describe, expect, it } from 'vitest';
import { INT_OBJECT_64, objFrom64, objTo64, toWasmI64, u64FromWasm } from '../../src/int/index.js';
import { recordingMeter } from './recording-meter.js';

describe('64-bit objects', () => {
  const cases = [
    { fn: 'obj_from_u64', value: 2n ** 64n - 1n },
    { fn: 'obj_to_u64', value: 72057594037927936n },
    { fn: 'obj_from_i64', value: -(2n ** 63n) },
    { fn: 'obj_to_i64', value: -36028797018963969n },
    { fn: 'timepoint_obj_from_u64', value: 0n },
    { fn: 'timepoint_obj_to_u64', value: 2n ** 64n - 1n },
    { fn: 'duration_obj_from_u64', value: 2n ** 63n },
    { fn: 'duration_obj_to_u64', value: 1n },
  ] as const;
  it.each(cases)('$fn keeps $value; obj_to_* charges a copy of 8 bytes', ({ fn, value }) => {
    const meter = recordingMeter();
    const kind = INT_OBJECT_64[fn];
    const got = fn.includes('_from_') ? objFrom64(kind, value) : objTo64(meter, kind, value);
    expect(got).toBe(value);
    expect(meter.charges).toEqual(fn.includes('_to_') ? ['MemCpy(8)'] : []);
  });

  it('refuses a value outside the type as an internal error', () => {
    expect(() => objFrom64('u64', -1n)).toThrow('InternalError');
    expect(() => objFrom64('i64', 2n ** 63n)).toThrow('InternalError');
  });

  const wasm = [
    { bits: -1n, u64: 2n ** 64n - 1n },
    { bits: -(2n ** 63n), u64: 2n ** 63n },
    { bits: 5n, u64: 5n },
  ];
  it.each(wasm)('a u64 crosses WebAssembly as its i64 bits: $bits is $u64', ({ bits, u64 }) => {
    expect(u64FromWasm(bits)).toBe(u64);
    expect(toWasmI64(u64)).toBe(bits);
  });
});
