/**
 * The bridge between the budget and the VM's fuel (budget.rs `get_wasmi_fuel_remaining`,
 * vm/fuel_refillable.rs, budget/wasmi_helper.rs): before running WASM the host turns its remaining
 * CPU into fuel at WasmInsnExec's CPU cost per unit, and when the VM returns it charges the fuel
 * burnt as that many WasmInsnExec (what each operator burns is vm/fuel-plan.ts). Growing linear
 * memory is charged as MemAlloc of the new bytes.
 */
import type { Budget } from './budget.js';

/**
 * The fuel the remaining CPU buys: remaining / WasmInsnExec's CPU constant (at least 1), rounded
 * down; the remainder stays with the host.
 */
export function wasmiFuelRemaining(budget: Budget): bigint {
  const perFuel = budget.model('WasmInsnExec').cpu.constTerm;
  return budget.cpuRemaining / (perFuel > 1n ? perFuel : 1n);
}

/** Charges the fuel the VM consumed as WasmInsnExec iterations; fails as any charge does. */
export function chargeWasmiFuel(budget: Budget, fuelConsumed: bigint): void {
  budget.chargeBulk('WasmInsnExec', fuelConsumed);
}

/**
 * The host's answer to a request to grow linear memory from `currentBytes` to `desiredBytes`
 * (`ResourceLimiter::memory_growing`): refused when the growth exceeds the memory budget left or
 * the memory's own maximum, otherwise charged as MemAlloc of the growth. True when allowed and
 * charged; false when refused or the charge failed (the VM then fails the grow as wasmi does).
 */
export function chargeMemoryGrowth(
  budget: Budget,
  currentBytes: bigint,
  desiredBytes: bigint,
  maximumBytes?: bigint,
): boolean {
  const growth = desiredBytes > currentBytes ? desiredBytes - currentBytes : 0n;
  if (growth > budget.memRemaining) return false;
  if (maximumBytes !== undefined && desiredBytes > maximumBytes) return false;
  try {
    budget.charge('MemAlloc', growth);
    return true;
  } catch {
    return false;
  }
}
