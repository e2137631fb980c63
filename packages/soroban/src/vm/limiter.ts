/**
 * The host's wasmi ResourceLimiter (budget/wasmi_helper.rs): memory may grow by no more bytes
 * than the budget has left, never past its declared maximum, and each growth is charged as
 * `MemAlloc` of the added bytes; tables may not exceed 1000 entries. A refusal is a trap that
 * the host reports as (Budget, ExceededLimit).
 */

import type { VmBudget } from './meter.js';
import { growthLimited } from './traps.js';

export const WASM_PAGE = 0x10000;
/** wasmi's `Pages::max()`: a 32-bit memory's 4 GiB. */
export const MAX_PAGES = 0x10000;
/** `WASMI_LIMITS_CONFIG.table_elements`. */
export const MAX_TABLE_ELEMENTS = 1000;

/** `memory_growing(current, desired, maximum)`, in bytes. */
export function memoryGrowing(
  budget: VmBudget,
  current: number,
  desired: number,
  maximum: number | undefined,
): void {
  let hostLimit: bigint;
  try {
    hostLimit = budget.memBytesRemaining();
  } catch {
    throw growthLimited();
  }
  const delta = BigInt(Math.max(0, desired - current));
  if (delta > hostLimit) throw growthLimited();
  if (maximum !== undefined && desired > maximum) throw growthLimited();
  try {
    budget.charge('MemAlloc', delta);
  } catch {
    throw growthLimited();
  }
}

/** The memory a module starts with goes through the limiter as a growth from 0 (MemoryEntity::new). */
export function memoryCreated(budget: VmBudget, minPages: number, maxPages: number | undefined): void {
  memoryGrowing(budget, 0, minPages * WASM_PAGE, (maxPages ?? MAX_PAGES) * WASM_PAGE);
}

/** `table_growing(0, min, max)` at instantiation (TableEntity::new). */
export function tableCreated(min: number, max: number | undefined): void {
  if (min > MAX_TABLE_ELEMENTS || (max !== undefined && min > max)) throw growthLimited();
}

/** A `memory.grow` of `deltaPages` (as a u32) from `currentPages`, after its fuel is paid. */
export function memoryGrowRequested(
  budget: VmBudget,
  currentPages: number,
  deltaPages: number,
  maxPages: number | undefined,
): void {
  if (deltaPages === 0) return;
  const desiredPages = Math.min(currentPages + deltaPages, MAX_PAGES);
  memoryGrowing(
    budget,
    currentPages * WASM_PAGE,
    desiredPages * WASM_PAGE,
    (maxPages ?? MAX_PAGES) * WASM_PAGE,
  );
}
