/**
 * wasmparser allows a function 50,000 locals, its parameters included (MAX_WASM_FUNCTION_LOCALS),
 * and V8 allows the same; the instrumentation keeps its bookkeeping in globals, so every body
 * wasmparser takes still compiles and runs (with 4 locals of its own, one of 49,997 to 50,000
 * failed V8's compile as an internal error), and one local more is refused as wasmparser does.
 */
import { describe, expect, it } from 'vitest';
import { hostErrorOf, load } from './support.js';
import { contract } from './wat.js';

const withLocals = (declared: number) =>
  contract(
    `(module (func (export "f") (param i64) (result i64) (local ${'i64 '.repeat(declared)}) (local.get 0)))`,
  );

describe('locals', () => {
  it.each([
    { given: '1 parameter and 49,999 locals', declared: 49_999, want: 7n },
    { given: '1 parameter and 49,995 locals', declared: 49_995, want: 7n },
  ])('$given: compiled and run', ({ declared, want }) => {
    expect(load(withLocals(declared)).call('f', [want])).toBe(want);
  });

  it('1 parameter and 50,000 locals: too many, (WasmVm, InvalidAction)', () => {
    expect(hostErrorOf(() => load(withLocals(50_000))).short).toBe('Error(WasmVm, InvalidAction)');
  });
});
