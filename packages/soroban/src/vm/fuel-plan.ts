/**
 * Where wasmi 0.31 charges fuel in a function body, and how much, with the host's calibrated
 * FuelCosts (budget/wasmi_helper.rs `load_calibrated_fuel_costs`) or wasmi's defaults.
 *
 * wasmi's translator (engine/func_builder/translator.rs) emits a `ConsumeFuel` instruction
 * costing `base` at the start of the function body, of every `loop` (inside the loop header, so
 * each iteration pays) and of each arm of an `if`; `block` reuses its parent's. Every translated
 * operator adds its cost to the innermost such counter, which is charged in full when it is
 * reached; the jump over an `else` is the one exception (it goes to the enclosing counter). Code after `unreachable`, `br`, `br_table` or `return` up to the end of its frame is
 * not translated and costs nothing. Function entry also adds one fuel per 8 locals (parameters
 * included); branch "drop/keep" costs are always 0 here because without multi-value a branch
 * keeps at most one value (8 values per fuel). Bulk operations pay extra at run time, eagerly:
 * see instrument.ts.
 */
import type { Operator } from './operators.js';
import { Op } from './operators.js';

/** wasmi 0.31's `FuelCosts`: fuel per operator class, and how many items one fuel pays for. */
export interface FuelCosts {
  readonly base: bigint;
  readonly entity: bigint;
  readonly load: bigint;
  readonly store: bigint;
  readonly call: bigint;
  readonly funcLocalsPerFuel: bigint;
  readonly memoryBytesPerFuel: bigint;
  readonly tableElementsPerFuel: bigint;
}

/** The costs the host sets (`load_calibrated_fuel_costs`); the per-item divisors stay wasmi's. */
export const HOST_FUEL_COSTS: FuelCosts = {
  base: 1n,
  entity: 3n,
  load: 2n,
  store: 1n,
  call: 67n,
  funcLocalsPerFuel: 8n,
  memoryBytesPerFuel: 64n,
  tableElementsPerFuel: 8n,
};

/** `FuelCosts::default()`: what a wasmi store the host did not configure charges. */
export const WASMI_DEFAULT_FUEL_COSTS: FuelCosts = {
  ...HOST_FUEL_COSTS,
  entity: 1n,
  load: 1n,
  store: 1n,
  call: 1n,
};

/** The static fuel of one operator when it is translated (reachable). */
export function operatorFuel(code: number, c: FuelCosts = HOST_FUEL_COSTS): bigint {
  if (code === Op.nop || code === Op.block || code === Op.loop || code === Op.else || code === Op.end)
    return 0n;
  if (code === Op.call || code === Op.callIndirect) return c.call;
  if (code === Op.globalGet || code === Op.globalSet) return c.entity;
  if (code === Op.memorySize || code === Op.memoryGrow) return c.entity;
  if (code >= Op.memoryInit && code <= Op.tableCopy) return c.entity;
  if (code >= Op.i32Load && code <= 0x35) return c.load;
  if (code >= 0x36 && code <= Op.i64Store32) return c.store;
  return c.base;
}

interface Frame {
  kind: 'block' | 'loop' | 'if' | 'func';
  /** The counter this frame's operators add to; undefined for a frame entered unreachably. */
  counter: number | undefined;
}

export interface FuelPlan {
  /** Fuel of each counter; counter 0 is the function entry. */
  counters: bigint[];
  /** After the operator at this index (loop, if, else) starts the counter given. */
  counterAfter: Map<number, number>;
}

/** Replays wasmi's translation of one body to find its fuel counters. */
export function planFuel(
  ops: Operator[],
  localsWithParams: number,
  costs: FuelCosts = HOST_FUEL_COSTS,
): FuelPlan {
  const counters: bigint[] = [costs.base + BigInt(localsWithParams) / costs.funcLocalsPerFuel];
  const counterAfter = new Map<number, number>();
  const frames: Frame[] = [{ kind: 'func', counter: 0 }];
  let reachable = true;
  const top = (): Frame => frames[frames.length - 1] as Frame;
  const bump = (fuel: bigint): void => {
    const id = top().counter;
    if (id !== undefined) counters[id] = (counters[id] as bigint) + fuel;
  };
  const newCounter = (at: number): number => {
    counters.push(costs.base);
    counterAfter.set(at, counters.length - 1);
    return counters.length - 1;
  };

  ops.forEach((op, i) => {
    const { code } = op;
    if (!reachable) {
      if (code === Op.block || code === Op.loop || code === Op.if) {
        frames.push({ kind: code === Op.if ? 'if' : 'block', counter: undefined });
      } else if (code === Op.else && top().kind === 'if' && top().counter !== undefined) {
        top().counter = newCounter(i);
        reachable = true;
      } else if (code === Op.end) {
        const frame = frames.pop() as Frame;
        reachable = frames.length > 0 && frame.counter !== undefined;
      }
      return;
    }
    switch (code) {
      case Op.block:
        frames.push({ kind: 'block', counter: top().counter });
        return;
      case Op.loop:
        frames.push({ kind: 'loop', counter: newCounter(i) });
        return;
      case Op.if:
        bump(costs.base);
        frames.push({ kind: 'if', counter: newCounter(i) });
        return;
      case Op.else: {
        // The jump from the end of `then` over `else` is charged to the enclosing frame's counter:
        // wasmi pops the `if` frame before it bumps the fuel (translator.rs `visit_else`).
        const parent = frames[frames.length - 2]?.counter;
        if (parent !== undefined) counters[parent] = (counters[parent] as bigint) + costs.base;
        top().counter = newCounter(i);
        return;
      }
      case Op.end:
        if (frames.length === 1) {
          bump(costs.base); // the implicit return
          reachable = false;
        }
        frames.pop();
        return;
      case Op.brIf:
        // A conditional branch to the function body's frame becomes `ReturnIfNez`, which costs nothing.
        if (op.index !== frames.length - 1) bump(costs.base);
        return;
      case Op.unreachable:
      case Op.br:
      case Op.brTable:
      case Op.return:
        bump(costs.base);
        reachable = false;
        return;
      default:
        bump(operatorFuel(code, costs));
    }
  });
  return { counters, counterAfter };
}
