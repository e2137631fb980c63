/** What stops a call, as the host reports it (soroban-env-common/src/error.rs, hostile.rs). */
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { hostErrorOf, load, RecordingBudget } from './support.js';
import { contract } from './wat.js';

const TRAPS = `(module
  (type $v (func))
  (type $l (func (result i64)))
  (import "x" "_" (func $host (param i64) (result i64)))
  (table 3 funcref) (elem (i32.const 0) $nop)
  (memory (export "memory") 1 2)
  (func $nop)
  (func (export "iloop") (result i64) (loop (br 0)) (i64.const 0))
  (func (export "unreachable") (result i64) unreachable)
  (func (export "div") (param i64) (result i64) (i64.div_s (i64.const 1) (local.get 0)))
  (func (export "overflow") (param i64) (result i64) (i64.div_s (i64.const 0x8000000000000000) (local.get 0)))
  (func (export "load") (param i64) (result i64) (i64.load (i32.wrap_i64 (local.get 0))))
  (func (export "indirect") (param i64) (result i64)
    (call_indirect (type $v) (i32.wrap_i64 (local.get 0))) (i64.const 0))
  (func (export "badsig") (result i64) (call_indirect (type $l) (i32.const 0)))
  (func $down (export "down") (param i64) (result i64)
    (if (result i64) (i64.eqz (local.get 0))
      (then (i64.const 0))
      (else (i64.add (i64.const 1) (call $down (i64.sub (local.get 0) (i64.const 1)))))))
  (func $forever (export "forever") (param i64) (result i64) (call $forever (local.get 0)))
  (func (export "grow") (param i64) (result i64) (i64.extend_i32_s (memory.grow (i32.wrap_i64 (local.get 0)))))
  (func (export "callhost") (param i64) (result i64) (call $host (local.get 0)))
  (func (export "small") (param i32) (result i64) (i64.const 0))
  (func (export "none") (param i64))
)`;

const host = {
  x: {
    _: (v: bigint): bigint => {
      if (v === 13n) throw new HostError('Value', 'InvalidInput', 'unlucky');
      return v + 1n;
    },
  },
};
const vm = (budget = new RecordingBudget()) => load(contract(TRAPS), budget, host);

describe('traps map to the host errors', () => {
  const cases: Array<{ name: string; args: bigint[]; want: string }> = [
    { name: 'iloop', args: [], want: 'Error(Budget, ExceededLimit)' },
    { name: 'unreachable', args: [], want: 'Error(WasmVm, InvalidAction)' },
    { name: 'div', args: [0n], want: 'Error(WasmVm, ArithDomain)' },
    { name: 'overflow', args: [-1n], want: 'Error(WasmVm, ArithDomain)' },
    { name: 'load', args: [65536n], want: 'Error(WasmVm, IndexBounds)' },
    { name: 'indirect', args: [1n], want: 'Error(WasmVm, MissingValue)' },
    { name: 'indirect', args: [3n], want: 'Error(WasmVm, IndexBounds)' },
    { name: 'badsig', args: [], want: 'Error(WasmVm, UnexpectedType)' },
    { name: 'forever', args: [0n], want: 'Error(Budget, ExceededLimit)' },
    { name: 'grow', args: [2n], want: 'Error(Budget, ExceededLimit)' },
    { name: 'callhost', args: [13n], want: 'Error(Value, InvalidInput)' },
    { name: 'missing', args: [], want: 'Error(WasmVm, MissingValue)' },
    { name: 'memory', args: [], want: 'Error(WasmVm, UnexpectedType)' },
    { name: 'div', args: [], want: 'Error(WasmVm, UnexpectedSize)' },
    { name: 'small', args: [1n], want: 'Error(WasmVm, UnexpectedType)' },
    { name: 'none', args: [1n], want: 'Error(WasmVm, UnexpectedSize)' },
    { name: 'div', args: new Array(33).fill(0n), want: 'Error(WasmVm, InvalidInput)' },
  ];
  it.each(cases)('$name($args) -> $want', ({ name, args, want }) => {
    expect(hostErrorOf(() => vm().call(name, args)).short).toBe(want);
  });

  it('an infinite loop burns exactly the fuel on offer', () => {
    const budget = new RecordingBudget(4_000_000n);
    expect(hostErrorOf(() => vm(budget).call('iloop', [])).short).toBe('Error(Budget, ExceededLimit)');
    // entry 1 + loop counters of 2 (ConsumeFuel + br): 999_999 fuel used, the last loop entry refused
    expect(budget.fuelCharged).toBe(999_999n);
  });

  it('allows 1025 live frames and refuses the next (wasmi: 1024 callers on the stack)', () => {
    expect(vm().call('down', [1024n])).toBe(1024n);
    expect(hostErrorOf(() => vm().call('down', [1025n])).short).toBe('Error(Budget, ExceededLimit)');
  });

  it('a missing function is a no-op when asked', () => {
    expect(vm().call('missing', [], { treatMissingFunctionAsNoop: true })).toBeUndefined();
  });

  it('grows memory within its maximum, charging MemAlloc', () => {
    const budget = new RecordingBudget();
    expect(vm(budget).call('grow', [1n])).toBe(1n);
    // the initial page at instantiation, then the added one
    const pages = budget.charges.filter(([t, n]) => t === 'MemAlloc' && n === 65536n);
    expect(pages).toHaveLength(2);
  });

  it('refuses growth past the memory budget', () => {
    const budget = new RecordingBudget(100_000_000n, 65536n + 100n);
    expect(hostErrorOf(() => vm(budget).call('grow', [1n])).short).toBe('Error(Budget, ExceededLimit)');
  });

  it('answers -1 without a charge for a growth that is not a page count', () => {
    const budget = new RecordingBudget();
    expect(vm(budget).call('grow', [70000n])).toBe(-1n);
  });

  it('hands fuel to the host around a host call and back', () => {
    const budget = new RecordingBudget();
    const seen: bigint[] = [];
    const spy = {
      x: {
        _: (v: bigint) => {
          seen.push(budget.fuelCharged);
          return v + 1n;
        },
      },
    };
    const inst = load(contract(TRAPS), budget, spy);
    expect(inst.call('callhost', [1n])).toBe(2n);
    // entry 1 + get 1 + call 67 + return 1, all charged before the host function runs
    expect(seen).toEqual([70n]);
    expect(budget.fuelCharged).toBe(70n);
    expect(budget.types().filter((t) => t === 'DispatchHostFunction')).toHaveLength(1);
  });
});

describe('bookkeeping names', () => {
  it('a contract exporting __vm.fuel keeps it and still runs metered', () => {
    const wat =
      '(module (global (export "__vm.fuel") i64 (i64.const 7)) (func (export "f") (result i64) (loop (br 0)) (i64.const 0)))';
    const budget = new RecordingBudget(4000n);
    expect(hostErrorOf(() => load(contract(wat), budget).call('f', [])).short).toBe(
      'Error(Budget, ExceededLimit)',
    );
    expect(budget.fuelCharged).toBe(999n);
  });
});
