/** The host's pure-compute test contracts, run instrumented (sources: wasm-sources/*__lib.rs). */
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { readSoroban, sorobanData } from '../support/shared.js';
import { i32Val, StubHost, u32Val, VOID } from './stub-host.js';
import { hostErrorOf, load, RecordingBudget } from './support.js';

function run(path: string, budget = new RecordingBudget(2_000_000_000n)) {
  const host = new StubHost();
  host.vm = load(readSoroban(path), budget, host.imports());
  return { vm: host.vm, host, budget };
}

describe.skipIf(!sorobanData)('test contracts', () => {
  it('add_i32: add(4, 7) = 11 and publishes one event', () => {
    const { vm, host } = run('wasm/20/example_add_i32.wasm');
    expect(vm.call('add', [i32Val(4), i32Val(7)])).toBe(i32Val(11));
    expect(host.events).toHaveLength(1);
  });

  it('add_i32: overflowing i32 panics, (WasmVm, InvalidAction) as in the golden trace', () => {
    const { vm } = run('wasm/20/example_add_i32.wasm');
    expect(hostErrorOf(() => vm.call('add', [i32Val(4), i32Val(2147483647)])).short).toBe(
      'Error(WasmVm, InvalidAction)',
    );
  });

  it('sum_i32: sums a vector by calling add for each item', () => {
    const { vm, host } = run('wasm/20/example_sum_i32.wasm');
    const ints = host.vec([1, 2, 3, 4, 5].map(i32Val));
    const address = (0n << 32n) | 77n;
    expect(vm.call('sum', [address, ints])).toBe(i32Val(15));
  });

  it.each(['wasm/20/example_fib.wasm', 'wasm/20/example_fannkuch.wasm'])(
    '%s: main() returns void',
    (path) => {
      const { vm, budget } = run(path);
      expect(vm.call('main', [])).toBe(VOID);
      expect(budget.fuelCharged).toBeGreaterThan(100_000n);
    },
  );

  it('fib: the same fuel on every run', () => {
    const a = run('wasm/20/example_fib.wasm');
    const b = run('wasm/20/example_fib.wasm');
    a.vm.call('main', []);
    b.vm.call('main', []);
    expect(a.budget.fuelCharged).toBe(b.budget.fuelCharged);
  });
});

describe.skipIf(!sorobanData)('hostile contract, as test/hostile.rs expects', () => {
  const cases = [
    { fn: 'iloop', want: 'Error(Budget, ExceededLimit)' },
    { fn: 'badack', want: 'Error(Budget, ExceededLimit)' },
    { fn: 'oob1', want: 'Error(WasmVm, InvalidAction)' },
    { fn: 'oob2', want: 'Error(WasmVm, InvalidAction)' },
  ];
  it.each(cases)('$fn -> $want', ({ fn, want }) => {
    const { vm } = run('wasm/20/example_hostile.wasm', new RecordingBudget(100_000_000n));
    expect(hostErrorOf(() => vm.call(fn, [])).short).toBe(want);
  });

  it('deepstack: 1023 nested calls succeed, 1024 and 10240 exceed the limit (test_stack_depth_stability)', () => {
    const { vm } = run('wasm/20/example_hostile.wasm');
    expect(vm.call('deepstack', [u32Val(1023)])).toBe(u32Val((1023 * 1024) / 2));
    for (const depth of [1024, 10240]) {
      const fresh = run('wasm/20/example_hostile.wasm').vm;
      expect(hostErrorOf(() => fresh.call('deepstack', [u32Val(depth)])).short).toBe(
        'Error(Budget, ExceededLimit)',
      );
    }
  });
});

describe.skipIf(!sorobanData)('hostile inputs (test_misc_hostile_wasms: no internal errors)', () => {
  it.each(['wasm/hostile/smoke.wasm', 'wasm/hostile/example_add_i32.wasm'])('%s', (path) => {
    const host = new StubHost();
    let outcome: string;
    try {
      host.vm = load(readSoroban(path), new RecordingBudget(), host.imports());
      outcome = `called: ${String(host.vm.call('test', []))}`;
    } catch (e) {
      outcome = e instanceof HostError ? e.short : `not a HostError: ${String(e)}`;
    }
    expect(outcome).not.toMatch(/InternalError|not a HostError/);
  });
});
