/**
 * wasmi 0.31's value-stack accounting for one function body. Its translator emulates the operand
 * stack height (engine/func_builder/value_stack.rs) and records the maximum; a call reserves
 * that maximum plus the callee's declared locals on a value stack of at most 1 MiB of 8-byte
 * cells (engine/stack/mod.rs `StackLimits::default`), and overflowing it is a StackOverflow
 * trap, which the host reports as (Budget, ExceededLimit). This replays the emulation: the
 * maximum height, and the height at each call (the arguments included), which is where the
 * callee's frame begins.
 */
import type { FuncType } from './module.js';
import { Op, type Operator } from './operators.js';

/** `DEFAULT_MAX_VALUE_STACK_HEIGHT` (1 MiB) in 8-byte cells. */
export const MAX_VALUE_STACK_CELLS = (1024 * 1024) / 8;

export interface StackPlan {
  maxHeight: number;
  /** Operand height just before each call or call_indirect, by operator index. */
  heightAtCall: Map<number, number>;
}

export interface StackContext {
  funcType(index: number): FuncType | undefined;
  type(index: number): FuncType | undefined;
}

/** Net effect (pops, pushes) of the operators whose effect is fixed. */
function fixedEffect(code: number): [number, number] {
  if (code === Op.drop || code === Op.brIf || code === Op.brTable) return [1, 0];
  if (code === Op.select) return [3, 1];
  if (code === Op.localGet || code === Op.globalGet || code === Op.i32Const || code === Op.i64Const)
    return [0, 1];
  if (code === Op.memorySize) return [0, 1];
  if (code === Op.localSet || code === Op.globalSet) return [1, 0];
  if (code >= Op.i32Load && code <= 0x35) return [1, 1];
  if (code >= 0x36 && code <= Op.i64Store32) return [2, 0];
  if (code === Op.memoryInit || code === Op.memoryCopy || code === Op.memoryFill) return [3, 0];
  if (code === Op.tableInit || code === Op.tableCopy) return [3, 0];
  // Binary operators and comparisons pop two and push one; unary ones, tests and conversions
  // replace their operand.
  if (isBinary(code)) return [2, 1];
  return [0, 0];
}

function isBinary(code: number): boolean {
  return (
    (code >= 0x46 && code <= 0x4f) || // i32 comparisons (eqz excluded)
    (code >= 0x51 && code <= 0x5a) || // i64 comparisons (eqz excluded)
    (code >= 0x6a && code <= 0x78) || // i32 arithmetic
    (code >= 0x7c && code <= 0x8a) // i64 arithmetic
  );
}

interface Frame {
  height: number | undefined;
  results: number;
}

export function planStack(ops: Operator[], results: number, ctx: StackContext): StackPlan {
  let height = 0;
  let maxHeight = 0;
  let reachable = true;
  const heightAtCall = new Map<number, number>();
  const frames: Frame[] = [{ height: 0, results }];
  const push = (n: number) => {
    height += n;
    maxHeight = Math.max(maxHeight, height);
  };
  const pop = (n: number) => {
    height = Math.max(0, height - n);
  };

  ops.forEach((op, i) => {
    const { code } = op;
    const blockResults = op.blockType === undefined || op.blockType < 0 ? 0 : 1;
    if (code === Op.block || code === Op.loop || code === Op.if) {
      if (reachable && code === Op.if) pop(1);
      frames.push({ height: reachable ? height : undefined, results: blockResults });
      return;
    }
    if (code === Op.else) {
      const frame = frames[frames.length - 1] as Frame;
      if (frame.height !== undefined) {
        height = Math.min(height, frame.height);
        reachable = true;
      }
      return;
    }
    if (code === Op.end) {
      const frame = frames.pop() as Frame;
      reachable = frames.length > 0 && frame.height !== undefined;
      if (frame.height !== undefined) height = Math.min(height, frame.height);
      push(frame.results);
      return;
    }
    if (!reachable) return;
    if (code === Op.unreachable || code === Op.br || code === Op.brTable || code === Op.return) {
      if (code === Op.brTable) pop(1);
      reachable = false;
      return;
    }
    if (code === Op.call || code === Op.callIndirect) {
      const type = code === Op.call ? ctx.funcType(op.index as number) : ctx.type(op.index as number);
      if (code === Op.callIndirect) pop(1); // the table index is gone when the call happens
      heightAtCall.set(i, height);
      pop(type?.params.length ?? 0);
      push(type?.results.length ?? 0);
      return;
    }
    const [pops, pushes] = fixedEffect(code);
    pop(pops);
    push(pushes);
  });
  return { maxHeight, heightAtCall };
}
