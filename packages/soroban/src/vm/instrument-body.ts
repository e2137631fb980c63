/**
 * Rewrites one function body so that it pays fuel as wasmi 0.31 does (see fuel-plan.ts) and
 * counts its call depth and value-stack use, reporting through two functions the instrumented module imports:
 * `trap(kind)` (out of fuel, call stack exhausted, indirect call to a null entry) and `grow(delta, currentPages)` (the memory
 * growth check: fuel, then the host's ResourceLimiter).
 */
import { ByteWriter } from './bytes.js';
import { type FuelCosts, planFuel } from './fuel-plan.js';
import type { FuncType } from './module.js';
import { Op, type Operator } from './operators.js';
import { MAX_VALUE_STACK_CELLS, planStack, type StackContext } from './stack-plan.js';

/** Indices the rewritten code refers to. */
export interface InstrumentRefs {
  fuelGlobal: number;
  depthGlobal: number;
  /** The value-stack cells in use below the running function's frame. */
  stackGlobal: number;
  /** Scratch for an operator's count (i32) and its fuel (i64), used between two instructions only. */
  countGlobal: number;
  amountGlobal: number;
  trapFunc: number;
  growFunc: number;
  /** New index of a function, after the added imports. */
  remapFunc(index: number): number;
}

export const TrapKind = { outOfFuel: 0, callStackExhausted: 1, indirectCallToNull: 2 } as const;

/**
 * wasmi's call stack holds the callers of the running function and refuses a push beyond 1024
 * (engine/stack/frames.rs), so 1025 Wasm frames may be live at once, the entry frame included.
 */
export const MAX_LIVE_FRAMES = 1025;

const IF_VOID = [Op.if, 0x40];

/** Emits: if fuel < amount then trap(outOfFuel); fuel -= amount. `amount` pushes an i64. */
function charge(w: ByteWriter, refs: InstrumentRefs, amount: (w: ByteWriter) => void): void {
  w.byte(Op.globalGet).u32(refs.fuelGlobal);
  amount(w);
  w.byte(0x54); // i64.lt_u
  w.bytes(IF_VOID)
    .byte(Op.i32Const)
    .signed(BigInt(TrapKind.outOfFuel))
    .byte(Op.call)
    .u32(refs.trapFunc)
    .byte(Op.end);
  w.byte(Op.globalGet).u32(refs.fuelGlobal);
  amount(w);
  w.byte(0x7d); // i64.sub
  w.byte(Op.globalSet).u32(refs.fuelGlobal);
}

const constant = (value: bigint) => (w: ByteWriter) => {
  w.byte(Op.i64Const).signed(value);
};

/**
 * The eager charge of a bulk operation whose count is on top of the stack. Memory operations read
 * it as wasmi does, `i32 as usize` (sign-extending: a negative count costs more fuel than exists),
 * table operations as a u32.
 */
function bulkCharge(w: ByteWriter, refs: InstrumentRefs, perFuelShift: number, signed: boolean): void {
  w.byte(Op.globalSet).u32(refs.countGlobal).byte(Op.globalGet).u32(refs.countGlobal);
  w.byte(signed ? 0xac : 0xad); // i64.extend_i32_s / _u
  w.byte(Op.i64Const).signed(BigInt(perFuelShift)).byte(0x88); // i64.shr_u
  w.byte(Op.globalSet).u32(refs.amountGlobal);
  charge(w, refs, (x) => x.byte(Op.globalGet).u32(refs.amountGlobal));
  w.byte(Op.globalGet).u32(refs.countGlobal);
}

/** Emits: if (the i32 on the stack) > limit then trap(callStackExhausted). */
function trapAbove(w: ByteWriter, refs: InstrumentRefs, limit: number): void {
  w.byte(Op.i32Const).signed(BigInt(limit)).byte(0x4b); // i32.gt_u
  w.bytes(IF_VOID)
    .byte(Op.i32Const)
    .signed(BigInt(TrapKind.callStackExhausted))
    .byte(Op.call)
    .u32(refs.trapFunc)
    .byte(Op.end);
}

/** Emits: global += delta (i32). */
function addToGlobal(w: ByteWriter, global: number, delta: number): void {
  w.byte(Op.globalGet).u32(global).byte(Op.i32Const).signed(BigInt(delta)).byte(0x6a); // i32.add
  w.byte(Op.globalSet).u32(global);
}

/**
 * Function entry as wasmi does it: push a frame (at most 1025 live), reserve the frame's value
 * stack cells (`reserve` cells on top of those in use), then pay the entry counter. The frame
 * count and the cells in use live in globals only, no local of the function's own: a body may
 * declare as many locals as wasmparser allows (50,000, V8's limit too). A caller takes back what
 * a call added once it returns (the callee's frame; the host's dispatch counts one too).
 */
function prologue(w: ByteWriter, refs: InstrumentRefs, reserve: number, entryFuel: bigint): void {
  addToGlobal(w, refs.depthGlobal, 1);
  w.byte(Op.globalGet).u32(refs.depthGlobal);
  trapAbove(w, refs, MAX_LIVE_FRAMES);
  w.byte(Op.globalGet).u32(refs.stackGlobal).byte(Op.i32Const).signed(BigInt(reserve)).byte(0x6a);
  trapAbove(w, refs, MAX_VALUE_STACK_CELLS);
  charge(w, refs, constant(entryFuel));
}

/**
 * The rewritten code-section entry (size prefix excluded) of a body with `paramCount` parameters,
 * declared `locals` and operators `ops` read from `bytes`.
 */
export function instrumentBody(
  bytes: Uint8Array,
  type: FuncType,
  locals: Array<[number, number]>,
  ops: Operator[],
  refs: InstrumentRefs,
  ctx: StackContext,
  fuelCosts: FuelCosts,
): Uint8Array {
  const declared = locals.reduce((n, [count]) => n + count, 0);
  const plan = planFuel(ops, type.params.length + declared, fuelCosts);
  const stack = planStack(ops, type.results.length, ctx);
  const w = new ByteWriter();
  w.u32(locals.length);
  for (const [count, t] of locals) w.u32(count).byte(t);
  prologue(w, refs, stack.maxHeight + declared, plan.counters[0] as bigint);
  ops.forEach((op, i) => {
    switch (op.code) {
      case Op.memoryCopy:
      case Op.memoryFill:
      case Op.memoryInit:
        bulkCharge(w, refs, 6, true);
        break;
      case Op.tableCopy:
      case Op.tableInit:
        bulkCharge(w, refs, 3, false);
        break;
      case Op.callIndirect:
        // wasmi tells a null table entry (IndirectCallToNull) from a signature mismatch; V8 does not.
        w.byte(Op.globalSet).u32(refs.countGlobal).byte(Op.globalGet).u32(refs.countGlobal);
        w.byte(0x25).u32(0).byte(0xd1); // table.get 0; ref.is_null
        w.bytes(IF_VOID).byte(Op.i32Const).signed(BigInt(TrapKind.indirectCallToNull));
        w.byte(Op.call).u32(refs.trapFunc).byte(Op.end).byte(Op.globalGet).u32(refs.countGlobal);
        break;
      case Op.memoryGrow:
        w.byte(Op.globalSet).u32(refs.countGlobal).byte(Op.globalGet).u32(refs.countGlobal);
        w.byte(Op.memorySize).byte(0).byte(Op.call).u32(refs.growFunc);
        w.byte(Op.globalGet).u32(refs.countGlobal);
        break;
    }
    const height = stack.heightAtCall.get(i);
    // The callee's frame starts above this frame's locals and operands (its arguments included).
    if (height !== undefined) addToGlobal(w, refs.stackGlobal, declared + height);
    if (op.code === Op.call) w.byte(Op.call).u32(refs.remapFunc(op.index as number));
    else w.bytes(bytes.subarray(op.start, op.end));
    if (op.code === Op.call || op.code === Op.callIndirect) {
      addToGlobal(w, refs.depthGlobal, -1);
      if (height !== undefined) addToGlobal(w, refs.stackGlobal, -(declared + height));
    }
    const counter = plan.counterAfter.get(i);
    if (counter !== undefined) charge(w, refs, constant(plan.counters[counter] as bigint));
  });
  return w.finish();
}
