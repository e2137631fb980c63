/**
 * The `int` env module: numbers to and from objects, their pieces, and 256-bit arithmetic. The
 * rules and charges are `src/int/`'s; this is where they meet Vals and the object table.
 */

import { HostError } from '../../errors/host-error.js';
import {
  INT256_BINARY_FUNCTIONS,
  INT256_BY_U32_FUNCTIONS,
  INT256_CHECKED_BINARY_FUNCTIONS,
  INT256_CHECKED_BY_U32_FUNCTIONS,
  i128FromPieces,
  i128ToPieces,
  i256FromBeBytes,
  i256FromPieces,
  i256ToBeBytes,
  i256ToPieces,
  i256ValFromBytesError,
  objTo64,
  u128FromPieces,
  u128ToPieces,
  u256FromBeBytes,
  u256FromPieces,
  u256ToBeBytes,
  u256ToPieces,
} from '../../int/index.js';
import { Tag } from '../../values/tags.js';
import { isObject, smallNumber, smallNumberOf, u32Of, type Val, VOID } from '../../values/val.js';
import { add, visit } from './access.js';
import type { CallContext, HostFunction, HostModule } from './types.js';

type NumberKind = 'U64' | 'I64' | 'Timepoint' | 'Duration' | 'U128' | 'I128' | 'U256' | 'I256';

const numberOf = (context: CallContext, val: Val, kind: NumberKind): bigint =>
  visit(context, val, kind).value;
const newNumber = (context: CallContext, kind: NumberKind, value: bigint): Val =>
  add(context, { kind, value });

/** A 256-bit number as a Val: small when it fits, else an object. */
export function val256(context: CallContext, kind: 'U256' | 'I256', value: bigint): Val {
  return (
    smallNumber(value, kind === 'U256' ? Tag.U256Small : Tag.I256Small) ?? newNumber(context, kind, value)
  );
}

/** The number a U256Val or I256Val holds. */
export function read256(context: CallContext, val: Val, kind: 'U256' | 'I256'): bigint {
  return isObject(val) ? numberOf(context, val, kind) : smallNumberOf(val);
}

const from64 =
  (kind: NumberKind): HostFunction =>
  (context, value) =>
    newNumber(context, kind, value);
const to64 =
  (kind: NumberKind, raw: 'u64' | 'i64'): HostFunction =>
  (context, obj) =>
    objTo64(context.host.meter, raw, numberOf(context, obj, kind));
const piece =
  (kind: NumberKind, read: (value: bigint) => bigint): HostFunction =>
  (context, obj) =>
    read(numberOf(context, obj, kind));

const PIECES = ['hi_hi', 'hi_lo', 'lo_hi', 'lo_lo'] as const;

/**
 * A 256-bit operand as the host's arithmetic reads it (`try_into_val` in num.rs): a small value as
 * it is, an object by its four pieces, each asked of the env (`obj_to_u256_hi_hi` ...).
 */
function operand256(context: CallContext, val: Val, kind: 'U256' | 'I256'): bigint {
  if (!isObject(val)) return smallNumberOf(val);
  const prefix = kind === 'U256' ? 'obj_to_u256_' : 'obj_to_i256_';
  const [hiHi, hiLo, loHi, loLo] = PIECES.map((piece) => {
    const name = `${prefix}${piece}`;
    return context.host.envCall(name, [val], () => (int[name] as HostFunction)(context, val));
  }) as [bigint, bigint, bigint, bigint];
  return kind === 'U256'
    ? u256FromPieces({ hiHi, hiLo, loHi, loLo })
    : i256FromPieces({ hiHi, hiLo, loHi, loLo });
}

/** A 256-bit result as the host makes it (`try_into_val`): small, or an object from its pieces through the env. */
function result256(context: CallContext, kind: 'U256' | 'I256', value: bigint): Val {
  const small = smallNumber(value, kind === 'U256' ? Tag.U256Small : Tag.I256Small);
  if (small !== undefined) return small;
  const pieces = kind === 'U256' ? u256ToPieces(value) : i256ToPieces(value);
  const name = kind === 'U256' ? 'obj_from_u256_pieces' : 'obj_from_i256_pieces';
  const words = [pieces.hiHi, pieces.hiLo, pieces.loHi, pieces.loLo];
  return context.host.envCall(name, words, () => (int[name] as HostFunction)(context, ...words), true);
}

const kindOf = (name: string): 'U256' | 'I256' => (name.startsWith('u') ? 'U256' : 'I256');

/** A checked function's answer: the number as the host makes it, or Void for none. */
function checkedResult(context: CallContext, kind: 'U256' | 'I256', value: bigint | undefined): Val {
  return value === undefined ? VOID : result256(context, kind, value);
}

function arithmetic(): Record<string, HostFunction> {
  const functions: Record<string, HostFunction> = {};
  const binaries = { ...INT256_BINARY_FUNCTIONS, ...INT256_CHECKED_BINARY_FUNCTIONS };
  const byU32s = { ...INT256_BY_U32_FUNCTIONS, ...INT256_CHECKED_BY_U32_FUNCTIONS };
  for (const [name, operation] of Object.entries(binaries)) {
    const kind = kindOf(name);
    functions[name] = (context, lhs, rhs) =>
      checkedResult(
        context,
        kind,
        operation(
          context.host.meter,
          () => operand256(context, lhs, kind),
          () => operand256(context, rhs, kind),
        ),
      );
  }
  for (const [name, operation] of Object.entries(byU32s)) {
    const kind = kindOf(name);
    functions[name] = (context, lhs, rhs) =>
      checkedResult(
        context,
        kind,
        operation(context.host.meter, () => operand256(context, lhs, kind), u32Of(rhs)),
      );
  }
  return functions;
}

function bytesOf(context: CallContext, val: Val): Uint8Array {
  return visit(context, val, 'Bytes').value;
}

export const int: HostModule = {
  obj_from_u64: from64('U64'),
  obj_to_u64: to64('U64', 'u64'),
  obj_from_i64: from64('I64'),
  obj_to_i64: to64('I64', 'i64'),
  timepoint_obj_from_u64: from64('Timepoint'),
  timepoint_obj_to_u64: to64('Timepoint', 'u64'),
  duration_obj_from_u64: from64('Duration'),
  duration_obj_to_u64: to64('Duration', 'u64'),
  obj_from_u128_pieces: (context, hi, lo) => newNumber(context, 'U128', u128FromPieces(hi, lo)),
  obj_to_u128_lo64: piece('U128', (v) => u128ToPieces(v).lo),
  obj_to_u128_hi64: piece('U128', (v) => u128ToPieces(v).hi),
  obj_from_i128_pieces: (context, hi, lo) => newNumber(context, 'I128', i128FromPieces(hi, lo)),
  obj_to_i128_lo64: piece('I128', (v) => i128ToPieces(v).lo),
  obj_to_i128_hi64: piece('I128', (v) => i128ToPieces(v).hi),
  obj_from_u256_pieces: (context, hiHi, hiLo, loHi, loLo) =>
    newNumber(context, 'U256', u256FromPieces({ hiHi, hiLo, loHi, loLo })),
  obj_to_u256_hi_hi: piece('U256', (v) => u256ToPieces(v).hiHi),
  obj_to_u256_hi_lo: piece('U256', (v) => u256ToPieces(v).hiLo),
  obj_to_u256_lo_hi: piece('U256', (v) => u256ToPieces(v).loHi),
  obj_to_u256_lo_lo: piece('U256', (v) => u256ToPieces(v).loLo),
  obj_from_i256_pieces: (context, hiHi, hiLo, loHi, loLo) =>
    newNumber(context, 'I256', i256FromPieces({ hiHi, hiLo, loHi, loLo })),
  obj_to_i256_hi_hi: piece('I256', (v) => i256ToPieces(v).hiHi),
  obj_to_i256_hi_lo: piece('I256', (v) => i256ToPieces(v).hiLo),
  obj_to_i256_lo_hi: piece('I256', (v) => i256ToPieces(v).loHi),
  obj_to_i256_lo_lo: piece('I256', (v) => i256ToPieces(v).loLo),
  u256_val_from_be_bytes: (context, bytes) =>
    result256(context, 'U256', u256FromBeBytes(context.host.meter, bytesOf(context, bytes))),
  u256_val_to_be_bytes: (context, val) =>
    add(context, { kind: 'Bytes', value: u256ToBeBytes(context.host.meter, read256(context, val, 'U256')) }),
  i256_val_from_be_bytes(context, bytes) {
    const value = i256FromBeBytes(context.host.meter, bytesOf(context, bytes));
    try {
      return result256(context, 'I256', value);
    } catch (error) {
      throw error instanceof HostError ? i256ValFromBytesError(error) : error;
    }
  },
  i256_val_to_be_bytes: (context, val) =>
    add(context, { kind: 'Bytes', value: i256ToBeBytes(context.host.meter, read256(context, val, 'I256')) }),
  ...arithmetic(),
};
