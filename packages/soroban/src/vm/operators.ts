/**
 * One function-body operator at a time: its opcode, its immediates and its byte range, plus the
 * Wasm features it needs. The Rust host's wasmi 0.31 is configured (budget/wasmi_helper.rs
 * `get_wasmi_config`) with bulk-memory, mutable-global and sign-extension on and floats,
 * saturating float-to-int, multi-value, reference types, tail calls, SIMD and threads off; an
 * operator outside that set makes the module invalid.
 */
import { type ByteReader, WasmFormatError } from './bytes.js';

/** 0xFC-prefixed operators are numbered 0xFC00 + their sub-opcode. */
export const Op = {
  unreachable: 0x00,
  nop: 0x01,
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  brTable: 0x0e,
  return: 0x0f,
  call: 0x10,
  callIndirect: 0x11,
  drop: 0x1a,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Load: 0x28,
  i64Store32: 0x3e,
  memorySize: 0x3f,
  memoryGrow: 0x40,
  i32Const: 0x41,
  i64Const: 0x42,
  memoryInit: 0xfc08,
  dataDrop: 0xfc09,
  memoryCopy: 0xfc0a,
  memoryFill: 0xfc0b,
  tableInit: 0xfc0c,
  elemDrop: 0xfc0d,
  tableCopy: 0xfc0e,
} as const;

export interface Operator {
  code: number;
  /** Byte range of the whole operator, immediates included. */
  start: number;
  end: number;
  /** Function index (call), type index (call_indirect), label depth (br, br_if), segment index. */
  index?: number;
  /** br_table's targets, the default last. */
  targets?: number[];
  /** Block type: -1 for none, else the value-type byte. */
  blockType?: number;
}

/** Why an operator is refused: the feature wasmi has turned off. */
export type RefusedFeature =
  | 'floats'
  | 'saturating-float-to-int'
  | 'reference-types'
  | 'tail-call'
  | 'simd'
  | 'threads';

const VALUE_TYPES = new Set([0x7f, 0x7e]);
const FLOAT_TYPES = new Set([0x7d, 0x7c]);

/** An operator the host's wasmi refuses, raised with the feature it needs. */
export class RefusedOperator extends Error {
  override readonly name = 'RefusedOperator';
  constructor(
    readonly feature: RefusedFeature | 'multi-value',
    readonly code: number,
  ) {
    super(`operator 0x${code.toString(16)} needs ${feature}, which the host turns off`);
  }
}

function isFloatOp(code: number): boolean {
  return (
    code === 0x2a ||
    code === 0x2b ||
    code === 0x38 ||
    code === 0x39 ||
    code === 0x43 ||
    code === 0x44 ||
    (code >= 0x5b && code <= 0x66) ||
    (code >= 0x8b && code <= 0xa6) ||
    (code >= 0xa8 && code <= 0xab) ||
    (code >= 0xae && code <= 0xbf)
  );
}

function readBlockType(r: ByteReader, code: number): number {
  const b = r.bytes[r.pos];
  if (b === 0x40) {
    r.pos++;
    return -1;
  }
  if (b !== undefined && VALUE_TYPES.has(b)) {
    r.pos++;
    return b;
  }
  if (b !== undefined && FLOAT_TYPES.has(b)) throw new RefusedOperator('floats', code);
  if (b === 0x70 || b === 0x6f) throw new RefusedOperator('reference-types', code);
  // A type-index block type (s33) is multi-value's.
  r.signed(33);
  throw new RefusedOperator('multi-value', code);
}

function zeroByte(r: ByteReader, code: number): void {
  if (r.byte() !== 0) throw new RefusedOperator('reference-types', code);
}

/** Reads the operator at `r.pos`, refusing any the host's configuration turns off. */
export function readOperator(r: ByteReader): Operator {
  const start = r.pos;
  let code = r.byte();
  const op: Operator = { code, start, end: start };
  if (code === 0xfc) {
    code = 0xfc00 + r.u32();
    op.code = code;
  }
  if (isFloatOp(code)) throw new RefusedOperator('floats', code);
  switch (true) {
    case code <= 0x01 || code === Op.else || code === Op.end || code === Op.return:
    case code === Op.drop || code === Op.select:
    case code >= 0x45 && code <= 0x8a:
    case code === 0xa7 || code === 0xac || code === 0xad:
    case code >= 0xc0 && code <= 0xc4:
      break;
    case code >= Op.block && code <= Op.if:
      op.blockType = readBlockType(r, code);
      break;
    case code === Op.br || code === Op.brIf || code === Op.call:
    case code >= Op.localGet && code <= Op.globalSet:
      op.index = r.u32();
      break;
    case code === Op.brTable: {
      const count = r.u32();
      const targets: number[] = [];
      for (let i = 0; i <= count; i++) targets.push(r.u32());
      op.targets = targets;
      break;
    }
    case code === Op.callIndirect:
      op.index = r.u32();
      zeroByte(r, code);
      break;
    case code >= Op.i32Load && code <= Op.i64Store32:
      r.u32();
      r.u32();
      break;
    case code === Op.memorySize || code === Op.memoryGrow:
      zeroByte(r, code);
      break;
    case code === Op.i32Const:
      r.signed(32);
      break;
    case code === Op.i64Const:
      r.signed(64);
      break;
    case code === Op.memoryInit:
      op.index = r.u32();
      zeroByte(r, code);
      break;
    case code === Op.dataDrop || code === Op.elemDrop:
      op.index = r.u32();
      break;
    case code === Op.memoryCopy:
      zeroByte(r, code);
      zeroByte(r, code);
      break;
    case code === Op.memoryFill:
      zeroByte(r, code);
      break;
    case code === Op.tableInit:
      op.index = r.u32();
      if (r.u32() !== 0) throw new RefusedOperator('reference-types', code);
      break;
    case code === Op.tableCopy:
      if (r.u32() !== 0 || r.u32() !== 0) throw new RefusedOperator('reference-types', code);
      break;
    case code >= 0xfc00 && code <= 0xfc07:
      throw new RefusedOperator('saturating-float-to-int', code);
    case code === 0x12 || code === 0x13:
      throw new RefusedOperator('tail-call', code);
    case code === 0x1c || code === 0x25 || code === 0x26 || (code >= 0xd0 && code <= 0xd2):
    case code >= 0xfc0f && code <= 0xfc11:
      throw new RefusedOperator('reference-types', code);
    case code === 0xfd:
      throw new RefusedOperator('simd', code);
    case code === 0xfe:
      throw new RefusedOperator('threads', code);
    default:
      throw new WasmFormatError(`unknown opcode 0x${code.toString(16)} at ${start}`);
  }
  op.end = r.pos;
  return op;
}
