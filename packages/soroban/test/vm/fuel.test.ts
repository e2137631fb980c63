/**
 * Fuel as wasmi 0.31 charges it with the host's FuelCosts (base 1, entity 3, load 2, store 1,
 * call 67), derived by hand from wasmi's translator (engine/func_builder/translator.rs):
 *
 * - each function body, each `loop` (per iteration) and each arm of an `if` opens a counter that
 *   starts at `base` (the ConsumeFuel instruction itself) and is charged in full on entry;
 *   `block` adds to its parent's counter, and so does code after a `loop` or `if` ends;
 * - a function's counter also pays 1 per 8 locals, parameters included;
 * - local/const/numeric operators, `br`, `br_if`, `br_table`, `return`, `unreachable`, `if`
 *   (in its parent) and the jump over `else` cost `base`; that jump is charged to the counter
 *   enclosing the `if` (wasmi pops the `if` frame first), so an `if` whose `else` arm runs
 *   still pays it; a `br_if` to the
 *   function body costs nothing (it becomes ReturnIfNez); the implicit return at the final
 *   `end` costs `base`; code after an unconditional branch is not translated and costs nothing;
 * - global.get/set, memory.size/grow/fill/copy/init cost `entity`; loads `load`; stores `store`;
 *   calls `call`; memory.fill/copy/init also pay len/64 eagerly, memory.grow pages*1024.
 */
import { describe, expect, it } from 'vitest';
import { WASMI_DEFAULT_FUEL_COSTS } from '../../src/vm/fuel-plan.js';
import { CPU_PER_FUEL, hostErrorOf, load, RecordingBudget } from './support.js';
import { contract } from './wat.js';

const COUNTED = `(module
  (memory (export "memory") 1)
  (global $g (mut i64) (i64.const 0))
  ;; entry 1, locals 1/8 = 0; get, get, mul, implicit return: 1 + 4 = 5
  (func $sq (param i64) (result i64) local.get 0 local.get 0 i64.mul)
  (func (export "run") (param $n i64) (result i64) (local $i i64)
    block
      loop
        ;; per iteration: 1 + (get get ge br_if = 4) + (get const add set = 4)
        ;;                + (global.get 3, const 1, add 1, global.set 3 = 8) + br 1 = 18
        local.get $i local.get $n i64.ge_u br_if 1
        local.get $i i64.const 1 i64.add local.set $i
        global.get $g i64.const 1 i64.add global.set $g
        br 0
        i64.const 99 drop ;; after br: not translated, free
      end
    end
    ;; function counter: 1 (entry) + 0 (2 locals / 8)
    i32.const 0 local.get $n i64.store  ;; 1 + 1 + store 1 = 3
    i32.const 0 i64.load                ;; 1 + load 2 = 3
    call $sq                            ;; 67
    local.get $n i64.const 2 i64.gt_u   ;; 3
    if (result i64)                     ;; 1 here, and the jump over else 1; then-arm: 1 + const 1 = 2
      i64.const 1
    else                                ;; else-arm: 1 + const 1 = 2
      i64.const 2
    end
    i64.add                             ;; 1
    local.get $n i64.eqz br_if 0        ;; 1 + 1 + 0 (br_if to the body is free)
  )                                     ;; implicit return 1
  (func (export "fill") (param $len i64) (result i64)
    ;; 1 + const, const, wrap(get) = 4, fill entity 3 + len/64 (eager), const 1, return 1
    i32.const 0 i32.const 7 local.get $len i32.wrap_i64 memory.fill
    i64.const 0)
  (func (export "pick") (param $k i64) (result i64)
    ;; function counter: 1 + get 1 + wrap 1 + br_table 1 = 4, then the code after each block:
    ;; after $a: const 1 + return 1 (and the dead const after it: free); after $b: const 1 +
    ;; implicit return 1; both add to the function counter although only one runs
    block $b
      block $a
        local.get $k i32.wrap_i64 br_table $a $b
      end
      i64.const 10 return i64.const 11 drop
    end
    i64.const 20)
  (func (export "early") (param $c i64) (result i64)
    ;; 1 + get 1 + wrap 1 + if 1 + const 1 + implicit return 1 = 6;
    ;; then-arm: 1 + const 1 + return 1 = 3 (no jump over else: the arm ends unreachable);
    ;; else-arm: 1 + nop 0 = 1
    local.get $c i32.wrap_i64
    if
      i64.const 1 return
    else
      nop
    end
    i64.const 2)
  (func (export "grow") (param $pages i64) (result i64)
    ;; 1 + get 1 + wrap 1 + grow 3 (+ pages * 1024 eagerly) + extend 1 + return 1 = 8
    local.get $pages i32.wrap_i64 memory.grow i64.extend_i32_s)
)`;

/** Function counter 83 = 1 + 3 + 3 + 67 + 3 + 1 (if) + 1 (jump over else) + 1 (add) + 2 (get, eqz) + 1 (return). */
const RUN_ENTRY = 83n;
const LOOP_ITERATION = 18n;
const SQ = 5n;
const THEN_ARM = 2n;
const ELSE_ARM = 2n;

describe('fuel counted as wasmi 0.31 with the host costs', () => {
  const cases: Array<{ n: bigint; want: bigint; fuel: bigint }> = [
    // the loop runs n full iterations plus the one that exits
    { n: 5n, want: 26n, fuel: RUN_ENTRY + 6n * LOOP_ITERATION + SQ + THEN_ARM },
    { n: 0n, want: 2n, fuel: RUN_ENTRY + LOOP_ITERATION + SQ + ELSE_ARM },
    { n: 2n, want: 6n, fuel: RUN_ENTRY + 3n * LOOP_ITERATION + SQ + ELSE_ARM },
  ];
  it.each(cases)('run($n) = $want for $fuel fuel', ({ n, want, fuel }) => {
    const budget = new RecordingBudget();
    const vm = load(contract(COUNTED), budget);
    expect(vm.call('run', [n])).toBe(want);
    expect(budget.fuelCharged).toBe(fuel);
  });

  it('stops with (Budget, ExceededLimit) one fuel short, without charging the counter that failed', () => {
    const needed = RUN_ENTRY + 6n * LOOP_ITERATION + SQ + THEN_ARM;
    const budget = new RecordingBudget((needed - 1n) * CPU_PER_FUEL);
    const vm = load(contract(COUNTED), budget);
    expect(hostErrorOf(() => vm.call('run', [5n])).short).toBe('Error(Budget, ExceededLimit)');
    expect(budget.fuelCharged).toBe(needed - THEN_ARM);
    const exact = new RecordingBudget(needed * CPU_PER_FUEL);
    expect(load(contract(COUNTED), exact).call('run', [5n])).toBe(26n);
  });

  it.each([
    { fn: 'pick', arg: 0n, want: 10n, fuel: 8n },
    { fn: 'pick', arg: 1n, want: 20n, fuel: 8n },
    { fn: 'early', arg: 1n, want: 1n, fuel: 9n },
    { fn: 'early', arg: 0n, want: 2n, fuel: 7n },
  ])('$fn($arg) = $want for $fuel fuel', ({ fn, arg, want, fuel }) => {
    const budget = new RecordingBudget();
    expect(load(contract(COUNTED), budget).call(fn, [arg])).toBe(want);
    expect(budget.fuelCharged).toBe(fuel);
  });

  it.each([
    { len: 0n, fuel: 10n },
    { len: 63n, fuel: 10n },
    { len: 640n, fuel: 20n },
  ])('memory.fill of $len bytes costs $fuel', ({ len, fuel }) => {
    const budget = new RecordingBudget();
    expect(load(contract(COUNTED), budget).call('fill', [len])).toBe(0n);
    expect(budget.fuelCharged).toBe(fuel);
  });

  it('a negative memory.fill length is read as a huge usize: out of fuel, not out of bounds', () => {
    const vm = load(contract(COUNTED));
    expect(hostErrorOf(() => vm.call('fill', [-1n])).short).toBe('Error(Budget, ExceededLimit)');
  });

  it('memory.grow pays 1024 fuel per page and MemAlloc for the bytes', () => {
    const budget = new RecordingBudget();
    expect(load(contract(COUNTED), budget).call('grow', [2n])).toBe(1n);
    expect(budget.fuelCharged).toBe(8n + 2n * 1024n);
    expect(budget.charges.filter(([t]) => t === 'MemAlloc').at(-1)).toEqual(['MemAlloc', 2n * 65536n]);
  });
});

describe("fuel counted with wasmi's default costs (a store the host did not configure)", () => {
  // Entity, load, store and call cost 1 each: the function counter is 1 + 3 + 2 (const, load) +
  // 1 (call) + 3 + 1 + 1 + 1 + 2 + 1 = 16, an iteration 1 + 4 + 4 + 4 (globals at 1) + 1 = 14.
  it.each([
    { n: 5n, fuel: 16n + 6n * 14n + SQ + THEN_ARM },
    { n: 0n, fuel: 16n + 14n + SQ + ELSE_ARM },
  ])('run($n) for $fuel fuel', ({ n, fuel }) => {
    const budget = new RecordingBudget();
    load(contract(COUNTED), budget, {}, WASMI_DEFAULT_FUEL_COSTS).call('run', [n]);
    expect(budget.fuelCharged).toBe(fuel);
  });
});
