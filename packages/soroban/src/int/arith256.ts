/**
 * The `int` module's 256-bit arithmetic (host.rs, the impl_bignum_host_fns and
 * impl_bignum_host_fns_rhs_u32 macros of host/num.rs, over ethnum's checked operations):
 *
 * - each function first charges its cost type once, with no input (a constant cost), and only
 *   then reads its operands; pass an operand as a reader (`() => bigint`) where reading it costs
 *   something (an object operand is read through obj_to_*256_* calls), so the order matches;
 * - every failure is `(Object, ArithDomain)`: a result outside the type, a zero divisor, the
 *   signed MIN / -1 (and MIN rem_euclid -1, though its remainder would be 0), a shift by 256 or more;
 * - the result leaves as a bigint: the host makes it a small Val or an object (obj_from_*256_pieces).
 *
 * Exponents and shift amounts are u32 (a U32Val, checked by the dispatcher): none is negative.
 */
import { HostError, internalError } from '../errors/host-error.js';
import { expectKind, fits } from './bounds.js';
import { type Meter, type Operand, readOperand } from './meter.js';

export type Int256Kind = 'u256' | 'i256';

/** The xdr.ContractCostType each operation charges. */
export const INT256_COSTS = {
  add: 'Int256AddSub',
  sub: 'Int256AddSub',
  mul: 'Int256Mul',
  div: 'Int256Div',
  rem_euclid: 'Int256Div',
  pow: 'Int256Pow',
  shl: 'Int256Shift',
  shr: 'Int256Shift',
} as const;

export type Int256Op = keyof typeof INT256_COSTS;

function overflow(op: Int256Op, kind: Int256Kind): HostError {
  return new HostError('Object', 'ArithDomain', `${kind}_${op}: overflow has occured`);
}

/** A checked result: undefined where ethnum's checked_* gives None. */
type Checked = bigint | undefined;

const inRange = (kind: Int256Kind, value: bigint): Checked => (fits(kind, value) ? value : undefined);

const MIN_I256 = -(2n ** 255n);

function divide(kind: Int256Kind, a: bigint, b: bigint): Checked {
  // bigint division truncates toward zero, as Rust's; MIN / -1 falls out of range.
  return b === 0n ? undefined : inRange(kind, a / b);
}

function remEuclid(kind: Int256Kind, a: bigint, b: bigint): Checked {
  if (b === 0n || (kind === 'i256' && a === MIN_I256 && b === -1n)) return undefined;
  const r = a % b;
  return r < 0n ? r + (b < 0n ? -b : b) : r;
}

/** ethnum's checked_pow: square-and-multiply, each step checked (0^0 is 1). */
function power(kind: Int256Kind, base: bigint, exponent: number): Checked {
  let acc: Checked = 1n;
  let square: Checked = base;
  let exp = exponent;
  while (exp > 1) {
    if (exp % 2 === 1) acc = inRange(kind, acc * square);
    if (acc === undefined) return undefined;
    exp = Math.floor(exp / 2);
    square = inRange(kind, square * square);
    if (square === undefined) return undefined;
  }
  return exp === 1 ? inRange(kind, acc * square) : acc;
}

/** Shifts are checked only for the amount: bits shifted out of the top are simply lost. */
function shiftLeft(kind: Int256Kind, a: bigint, n: number): Checked {
  if (n > 255) return undefined;
  const shifted = a << BigInt(n);
  return kind === 'u256' ? BigInt.asUintN(256, shifted) : BigInt.asIntN(256, shifted);
}

function shiftRight(a: bigint, n: number): Checked {
  // `>>` is arithmetic on a negative bigint, as ethnum's on I256 and logical on U256.
  return n > 255 ? undefined : a >> BigInt(n);
}

/** A binary operation as the host calls it: operands of the same type. */
export type Int256Binary = (meter: Meter, lhs: Operand, rhs: Operand) => bigint;
/** pow, shl and shr: a 256-bit operand and a u32. */
export type Int256ByU32 = (meter: Meter, lhs: Operand, rhs: number) => bigint;

/** A checked operation's answer: undefined where ethnum's checked_* gives None. */
export type Int256CheckedBinary = (meter: Meter, lhs: Operand, rhs: Operand) => bigint | undefined;
export type Int256CheckedByU32 = (meter: Meter, lhs: Operand, rhs: number) => bigint | undefined;

/** `impl_bignum_host_fns`' core: the charge, then the operands, then the checked operation. */
function checkedBinary(
  op: Int256Op,
  kind: Int256Kind,
  compute: (a: bigint, b: bigint) => Checked,
): Int256CheckedBinary {
  return (meter, lhs, rhs) => {
    meter.charge(INT256_COSTS[op]);
    const a = expectKind(kind, readOperand(lhs), 'lhs');
    const b = expectKind(kind, readOperand(rhs), 'rhs');
    return compute(a, b);
  };
}

function checkedByU32(
  op: Int256Op,
  kind: Int256Kind,
  compute: (a: bigint, n: number) => Checked,
): Int256CheckedByU32 {
  return (meter, lhs, rhs) => {
    meter.charge(INT256_COSTS[op]);
    const a = expectKind(kind, readOperand(lhs), 'lhs');
    if (!Number.isInteger(rhs)) throw internalError(`rhs ${rhs} is not a u32`);
    expectKind('u32', BigInt(rhs), 'rhs');
    return compute(a, rhs);
  };
}

/** The unchecked host functions: a None is `(Object, ArithDomain)`. */
function orOverflow<F extends (...args: never[]) => bigint | undefined>(
  op: Int256Op,
  kind: Int256Kind,
  checked: F,
) {
  return (...args: Parameters<F>): bigint => {
    const result = checked(...args);
    if (result === undefined) throw overflow(op, kind);
    return result;
  };
}

const binary = (op: Int256Op, kind: Int256Kind, compute: (a: bigint, b: bigint) => Checked): Int256Binary =>
  orOverflow(op, kind, checkedBinary(op, kind, compute));
const byU32 = (op: Int256Op, kind: Int256Kind, compute: (a: bigint, n: number) => Checked): Int256ByU32 =>
  orOverflow(op, kind, checkedByU32(op, kind, compute));

function binaries(kind: Int256Kind) {
  return {
    add: binary('add', kind, (a, b) => inRange(kind, a + b)),
    sub: binary('sub', kind, (a, b) => inRange(kind, a - b)),
    mul: binary('mul', kind, (a, b) => inRange(kind, a * b)),
    div: binary('div', kind, (a, b) => divide(kind, a, b)),
    rem_euclid: binary('rem_euclid', kind, (a, b) => remEuclid(kind, a, b)),
  };
}

function byU32s(kind: Int256Kind) {
  return {
    pow: byU32('pow', kind, (a, n) => power(kind, a, n)),
    shl: byU32('shl', kind, (a, n) => shiftLeft(kind, a, n)),
    shr: byU32('shr', kind, (a, n) => shiftRight(a, n)),
  };
}

export const {
  add: u256Add,
  sub: u256Sub,
  mul: u256Mul,
  div: u256Div,
  rem_euclid: u256RemEuclid,
} = binaries('u256');
export const { pow: u256Pow, shl: u256Shl, shr: u256Shr } = byU32s('u256');
export const {
  add: i256Add,
  sub: i256Sub,
  mul: i256Mul,
  div: i256Div,
  rem_euclid: i256RemEuclid,
} = binaries('i256');
export const { pow: i256Pow, shl: i256Shl, shr: i256Shr } = byU32s('i256');

/** The binary operations under their host function names (`u256_add`, ..., `i256_rem_euclid`). */
export const INT256_BINARY_FUNCTIONS: Readonly<Record<string, Int256Binary>> = {
  u256_add: u256Add,
  u256_sub: u256Sub,
  u256_mul: u256Mul,
  u256_div: u256Div,
  u256_rem_euclid: u256RemEuclid,
  i256_add: i256Add,
  i256_sub: i256Sub,
  i256_mul: i256Mul,
  i256_div: i256Div,
  i256_rem_euclid: i256RemEuclid,
};

/** pow, shl and shr under their host function names. */
export const INT256_BY_U32_FUNCTIONS: Readonly<Record<string, Int256ByU32>> = {
  u256_pow: u256Pow,
  u256_shl: u256Shl,
  u256_shr: u256Shr,
  i256_pow: i256Pow,
  i256_shl: i256Shl,
  i256_shr: i256Shr,
};

/**
 * The protocol-26 `*_checked_*` functions (`impl_bignum_host_fns!(..., checked)`): charged and read
 * as the others, but a None is returned (the host answers Void) instead of failing.
 */
export const INT256_CHECKED_BINARY_FUNCTIONS: Readonly<Record<string, Int256CheckedBinary>> = {
  u256_checked_add: checkedBinary('add', 'u256', (a, b) => inRange('u256', a + b)),
  u256_checked_sub: checkedBinary('sub', 'u256', (a, b) => inRange('u256', a - b)),
  u256_checked_mul: checkedBinary('mul', 'u256', (a, b) => inRange('u256', a * b)),
  i256_checked_add: checkedBinary('add', 'i256', (a, b) => inRange('i256', a + b)),
  i256_checked_sub: checkedBinary('sub', 'i256', (a, b) => inRange('i256', a - b)),
  i256_checked_mul: checkedBinary('mul', 'i256', (a, b) => inRange('i256', a * b)),
};

export const INT256_CHECKED_BY_U32_FUNCTIONS: Readonly<Record<string, Int256CheckedByU32>> = {
  u256_checked_pow: checkedByU32('pow', 'u256', (a, n) => power('u256', a, n)),
  i256_checked_pow: checkedByU32('pow', 'i256', (a, n) => power('i256', a, n)),
};
