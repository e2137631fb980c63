/**
 * The signed integer arithmetic the fee formulas use (Rust's i64/i128 `saturating_*`, u32
 * `saturating_add`, and `num_integer::div_ceil`), on bigint.
 */

export const I64_MAX = (1n << 63n) - 1n;
export const I64_MIN = -(1n << 63n);
const I128_MAX = (1n << 127n) - 1n;
const I128_MIN = -(1n << 127n);
export const U32_MAX = 0xffff_ffffn;

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value > max ? max : value < min ? min : value;
}

export const satI64 = (value: bigint): bigint => clamp(value, I64_MIN, I64_MAX);
export const satI128 = (value: bigint): bigint => clamp(value, I128_MIN, I128_MAX);
export const satU32 = (value: bigint): bigint => clamp(value, 0n, U32_MAX);

/** Quotient rounded towards positive infinity, for either sign (`num_integer::div_ceil`). */
export function divCeil(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  return (remainder > 0n && divisor > 0n) || (remainder < 0n && divisor < 0n) ? quotient + 1n : quotient;
}

/** A fee out of range made safe: negatives and values past i64 become i64::MAX (fees.rs `ClampFee`). */
export function clampFee(value: bigint): bigint {
  return value < 0n || value > I64_MAX ? I64_MAX : value;
}
