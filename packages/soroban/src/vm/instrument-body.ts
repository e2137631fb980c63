/**
 * Rewrites one function body so that it pays fuel as wasmi 0.31 does (see fuel-plan.ts) and
 * counts its call depth and value-stack use, reporting through two functions the instrumented module imports:
 * `trap(kind)` (out of fuel, call stack exhausted, indirect call to a null entry) and `grow(delta, currentPages)` (the memory
 * growth check: fuel, then the host's ResourceLimiter).
 */
import { ByteWriter } from './bytes.js';
import { planFuel } from './fuel-plan.js';
import { type FuncType, I32, I64 } from './module.js';
import { Op, type Operator } from './operators.js';
import { MAX_VALUE_STACK_CELLS, planStack, type StackContext } from './stack-plan.js';

/** Indices the rewritten code refers to. */
export interface InstrumentRefs {
  fuelGlobal: number;
  depthGlobal: number;
  /** The value-stack cells in use when the running function was entered. */
  stackGlobal: number;
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

interface Scratch {
  depth: number;
  count: number;
  amount: number;
  stackAtEntry: number;
}

/**
 * The eager charge of a bulk operation whose count is on top of the stack. Memory operations read
 * it as wasmi does, `i32 as usize` (sign-extending: a negative count costs more fuel than exists),
 * table operations as a u32.
 */
function bulkCharge(
  w: ByteWriter,
  refs: InstrumentRefs,
  s: Scratch,
  perFuelShift: number,
  signed: boolean,
): void {
  w.byte(Op.localTee).u32(s.count);
  w.byte(signed ? 0xac : 0xad); // i64.extend_i32_s / _u
  w.byte(Op.i64Const).signed(BigInt(perFuelShift)).byte(0x88); // i64.shr_u
  w.byte(Op.localSet).u32(s.amount);
  charge(w, refs, (x) => x.byte(Op.localGet).u32(s.amount));
  w.byte(Op.localGet).u32(s.count);
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

/**
 * Function entry as wasmi does it: push a frame (at most 1025 live), reserve the frame's value
 * stack cells (`reserve` cells on top of those in use), then pay the entry counter.
 */
function prologue(w: ByteWriter, refs: InstrumentRefs, s: Scratch, reserve: number, entryFuel: bigint): void {
  w.byte(Op.globalGet).u32(refs.depthGlobal).byte(Op.i32Const).signed(1n).byte(0x6a); // i32.add
  w.byte(Op.localTee).u32(s.depth);
  trapAbove(w, refs, MAX_LIVE_FRAMES);
  w.byte(Op.localGet).u32(s.depth).byte(Op.globalSet).u32(refs.depthGlobal);
  w.byte(Op.globalGet).u32(refs.stackGlobal).byte(Op.localTee).u32(s.stackAtEntry);
  w.byte(Op.i32Const).signed(BigInt(reserve)).byte(0x6a);
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
): Uint8Array {
  const declared = locals.reduce((n, [count]) => n + count, 0);
  const plan = planFuel(ops, type.params.length + declared);
  const stack = planStack(ops, type.results.length, ctx);
  const base = type.params.length + declared;
  const s: Scratch = { depth: base, count: base + 1, stackAtEntry: base + 2, amount: base + 3 };
  const w = new ByteWriter();
  w.u32(locals.length + 2);
  for (const [count, t] of locals) w.u32(count).byte(t);
  w.u32(3).byte(I32).u32(1).byte(I64);
  prologue(w, refs, s, stack.maxHeight + declared, plan.counters[0] as bigint);
  ops.forEach((op, i) => {
    switch (op.code) {
      case Op.memoryCopy:
      case Op.memoryFill:
      case Op.memoryInit:
        bulkCharge(w, refs, s, 6, true);
        break;
      case Op.tableCopy:
      case Op.tableInit:
        bulkCharge(w, refs, s, 3, false);
        break;
      case Op.callIndirect:
        // wasmi tells a null table entry (IndirectCallToNull) from a signature mismatch; V8 does not.
        w.byte(Op.localTee).u32(s.count).byte(0x25).u32(0).byte(0xd1); // table.get 0; ref.is_null
        w.bytes(IF_VOID).byte(Op.i32Const).signed(BigInt(TrapKind.indirectCallToNull));
        w.byte(Op.call).u32(refs.trapFunc).byte(Op.end).byte(Op.localGet).u32(s.count);
        break;
      case Op.memoryGrow:
        w.byte(Op.localTee).u32(s.count).byte(Op.memorySize).byte(0).byte(Op.call).u32(refs.growFunc);
        w.byte(Op.localGet).u32(s.count);
        break;
    }
    const height = stack.heightAtCall.get(i);
    if (height !== undefined) {
      // The callee's frame starts above this frame's locals and operands (its arguments included).
      w.byte(Op.localGet)
        .u32(s.stackAtEntry)
        .byte(Op.i32Const)
        .signed(BigInt(declared + height))
        .byte(0x6a);
      w.byte(Op.globalSet).u32(refs.stackGlobal);
    }
    if (op.code === Op.call) w.byte(Op.call).u32(refs.remapFunc(op.index as number));
    else w.bytes(bytes.subarray(op.start, op.end));
    if (op.code === Op.call || op.code === Op.callIndirect) {
      w.byte(Op.localGet).u32(s.depth).byte(Op.globalSet).u32(refs.depthGlobal);
    }
    const counter = plan.counterAfter.get(i);
    if (counter !== undefined) charge(w, refs, constant(plan.counters[counter] as bigint));
  });
  return w.finish();
}
