/**
 * The test-only budget resets the Rust tests use between calls (budget/util.rs, testutils.rs):
 * `reset_default` in place, `reset_limits` (counts and tallies zeroed), `reset` (the same, limits
 * kept: invocation metering's start), `reset_models` then
 * `enable_model` with an unscaled linear term.
 */
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/budget.js';
import { DEFAULT_CPU_INSN_LIMIT, DEFAULT_MEM_BYTES_LIMIT } from '../../src/budget/default-params.js';
import { HostError } from '../../src/errors/host-error.js';

describe('budget resets between calls', () => {
  it('reset_default: the same budget object back to the defaults, counts and tallies zero', () => {
    const budget = new Budget({ cpu: [], mem: [] }, { cpu: 10n, mem: 10n });
    budget.resetLimits(1_000n, 1_000n);
    budget.resetDefault();
    expect([budget.cpuLimit, budget.memLimit]).toEqual([DEFAULT_CPU_INSN_LIMIT, DEFAULT_MEM_BYTES_LIMIT]);
    budget.charge('ComputeSha256Hash', 10n);
    const fresh = Budget.default();
    fresh.charge('ComputeSha256Hash', 10n);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([fresh.cpuUsed, fresh.memUsed]);
    expect(budget.tally('ComputeSha256Hash').iterations).toBe(1n);
  });

  it('reset_limits: new limits; counts, shadow counts and tallies start again', () => {
    const budget = Budget.default();
    budget.charge('MemAlloc', 100n);
    budget.withShadowMode(() => budget.charge('MemAlloc', 100n));
    budget.resetLimits(500n, 600n);
    expect([budget.cpuUsed, budget.memUsed, budget.shadowCpuUsed, budget.shadowMemUsed]).toEqual([
      0n,
      0n,
      0n,
      0n,
    ]);
    expect([budget.cpuLimit, budget.memLimit]).toEqual([500n, 600n]);
    expect(budget.tally('MemAlloc')).toMatchObject({ iterations: 0n, input: 0n, cpu: 0n, mem: 0n });
    expect(budget.meterCount).toBe(0);
  });

  it('reset (invocation metering): counts, shadow counts and tallies start again; limits and models stay', () => {
    const budget = Budget.default();
    budget.resetLimits(5_000n, 6_000n);
    budget.charge('MemAlloc', 100n);
    budget.withShadowMode(() => budget.charge('MemAlloc', 100n));
    budget.reset();
    expect([budget.cpuUsed, budget.memUsed, budget.shadowCpuUsed, budget.shadowMemUsed]).toEqual([
      0n,
      0n,
      0n,
      0n,
    ]);
    expect([budget.cpuLimit, budget.memLimit]).toEqual([5_000n, 6_000n]);
    expect(budget.tally('MemAlloc')).toMatchObject({ iterations: 0n, cpu: 0n, mem: 0n });
    expect(budget.meterCount).toBe(0);
    budget.charge('MemAlloc', 100n);
    const fresh = Budget.default();
    fresh.charge('MemAlloc', 100n);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([fresh.cpuUsed, fresh.memUsed]);
  });

  it('test_budget then enable_model: every type free but the one enabled, its linear term scaled by 2^7', () => {
    const budget = Budget.default();
    budget.resetLimits(250n, 1_000n);
    budget.resetModels();
    budget.charge('ComputeSha256Hash', 1_000n);
    expect(budget.cpuUsed).toBe(0n);
    budget.overrideModel('MemCpy', { constTerm: 6n, linTerm: 2n }, { constTerm: 1n, linTerm: 0n });
    budget.charge('MemCpy', 10n);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([26n, 1n]);
    expect(() => budget.charge('MemCpy', 200n)).toThrow(HostError);
  });
});
