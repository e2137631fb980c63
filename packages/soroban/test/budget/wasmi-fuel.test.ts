/**
 * The budget's fuel bridge and linear-memory growth, with the models and numbers of the host's
 * `test_vm_fuel_metering` (soroban-env-host/src/test/budget_metering.rs at v23.0.0): WasmInsnExec
 * at 6 CPU per fuel, MemAlloc at 1 memory byte per byte; the test contract burns 4005 fuel and
 * grows its memory by one 64 KiB page.
 */
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/budget.js';
import { COST_TYPES, type CostType } from '../../src/budget/cost-types.js';
import { scaleLinTerm } from '../../src/budget/model.js';
import { chargeMemoryGrowth, chargeWasmiFuel, wasmiFuelRemaining } from '../../src/budget/wasmi-fuel.js';
import type { HostError } from '../../src/errors/host-error.js';

const PAGE = 65_536n;

/** A budget whose models are all zero but the given ones, as the host's `test_budget` + `enable_model`. */
function testBudget(
  cpu: bigint,
  mem: bigint,
  models: Partial<Record<CostType, readonly [bigint, bigint, bigint, bigint]>>,
): Budget {
  const at = (index: 0 | 2) =>
    COST_TYPES.map((type) => {
      const model = models[type];
      return model
        ? { constTerm: model[index], linTerm: scaleLinTerm(model[index + 1] as bigint) }
        : { constTerm: 0n, linTerm: 0n };
    });
  return new Budget({ cpu: at(0), mem: at(2) }, { cpu, mem });
}

const FUEL_METERING = { WasmInsnExec: [6n, 0n, 0n, 0n], MemAlloc: [0n, 0n, 0n, 1n] } as const;

describe('wasmi fuel', () => {
  it('buys exactly the fuel the remaining CPU pays for, and charges it back as WasmInsnExec', () => {
    const budget = testBudget(24_030n, 1_048_576n, FUEL_METERING);
    expect(wasmiFuelRemaining(budget)).toBe(4005n);
    chargeWasmiFuel(budget, 4005n);
    expect(budget.tally('WasmInsnExec')).toEqual({
      iterations: 4005n,
      input: undefined,
      cpu: 24_030n,
      mem: 0n,
    });
    expect(wasmiFuelRemaining(budget)).toBe(0n);
  });

  it('withholds the CPU that buys less than one fuel, so one instruction less runs out', () => {
    const budget = testBudget(24_029n, 1_048_576n, FUEL_METERING);
    expect(wasmiFuelRemaining(budget)).toBe(4004n);
    let error: unknown;
    try {
      chargeWasmiFuel(budget, 4005n);
    } catch (caught) {
      error = caught;
    }
    expect((error as HostError).short).toBe('Error(Budget, ExceededLimit)');
  });

  it('takes one CPU per fuel when WasmInsnExec costs nothing, and 4 with the host defaults', () => {
    expect(wasmiFuelRemaining(testBudget(1000n, 0n, {}))).toBe(1000n);
    expect(wasmiFuelRemaining(Budget.default())).toBe(25_000_000n);
  });
});

describe('linear memory growth', () => {
  it('charges a page as MemAlloc of its bytes', () => {
    const budget = testBudget(24_030n, 1_048_576n, FUEL_METERING);
    expect(chargeMemoryGrowth(budget, 0n, PAGE)).toBe(true);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([0n, PAGE]);
    const host = Budget.default();
    expect(chargeMemoryGrowth(host, PAGE, 2n * PAGE, 16n * PAGE)).toBe(true);
    expect([host.cpuUsed, host.memUsed]).toEqual([434n + ((16n * PAGE) >> 7n), 16n + PAGE]);
  });

  it.each([
    {
      given: 'less memory left than a page',
      budget: () => testBudget(24_030n, PAGE - 1n, FUEL_METERING),
      max: undefined,
    },
    {
      given: 'a growth past the memory maximum',
      budget: () => testBudget(24_030n, 1_048_576n, FUEL_METERING),
      max: PAGE / 2n,
    },
  ])('refuses $given without charging', ({ budget, max }) => {
    const b = budget();
    expect(chargeMemoryGrowth(b, 0n, PAGE, max)).toBe(false);
    expect([b.cpuUsed, b.memUsed, b.tally('MemAlloc').iterations]).toEqual([0n, 0n, 0n]);
  });

  it('refuses a growth whose charge breaks the CPU limit', () => {
    const budget = testBudget(100n, 1_048_576n, { MemAlloc: [434n, 0n, 16n, 1n] });
    expect(chargeMemoryGrowth(budget, 0n, PAGE)).toBe(false);
    expect(budget.memUsed).toBe(0n);
  });
});
