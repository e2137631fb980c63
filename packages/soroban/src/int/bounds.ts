/**
 * The ranges of the host's integer types, and how their 64-bit parts cross WebAssembly: Node hands
 * every i64 to the host as a signed bigint, so a `u64` argument arrives as its bit pattern.
 */
import { internalError } from '../errors/host-error.js';

export const INT_RANGES = {
  u32: [0n, 2n ** 32n - 1n],
  u64: [0n, 2n ** 64n - 1n],
  i64: [-(2n ** 63n), 2n ** 63n - 1n],
  u128: [0n, 2n ** 128n - 1n],
  i128: [-(2n ** 127n), 2n ** 127n - 1n],
  u256: [0n, 2n ** 256n - 1n],
  i256: [-(2n ** 255n), 2n ** 255n - 1n],
} as const satisfies Record<string, readonly [bigint, bigint]>;

export type IntKind = keyof typeof INT_RANGES;

export function fits(kind: IntKind, value: bigint): boolean {
  const [min, max] = INT_RANGES[kind];
  return value >= min && value <= max;
}

/**
 * The value, if it is one of `kind`. A value of the wrong range here is the caller's bug (decoded
 * Vals and pieces cannot be out of range), so it is an internal error, not a contract's failure.
 */
export function expectKind(kind: IntKind, value: bigint, what = 'value'): bigint {
  if (!fits(kind, value)) throw internalError(`${what} ${value} is not a ${kind}`);
  return value;
}

/** A `u64` argument from its WebAssembly i64 bits. */
export function u64FromWasm(bits: bigint): bigint {
  return BigInt.asUintN(64, bits);
}

/** A `u64` or `i64` result as the i64 bits WebAssembly takes back. */
export function toWasmI64(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}
