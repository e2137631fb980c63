import Big from 'big.js';

/**
 * Decimal strings as java.math.BigDecimal(String) reads them (optional sign,
 * digits with an optional point, optional exponent), ASCII digits only, so
 * that we accept what the Anchor Platform accepts.
 */
const DECIMAL_SYNTAX = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?$/;

/**
 * Bounds on untrusted input: big.js aligns exponents by padding digits, so a
 * value like "1e999999999" would cost unbounded memory. Real amounts are far
 * inside these limits.
 */
export const MAX_DECIMAL_LENGTH = 1000;
export const MAX_DECIMAL_EXPONENT = 1000;

/** The value as an exact decimal, or undefined when it is not a decimal string. */
export function parseDecimal(value: unknown): Big | undefined {
  if (typeof value !== 'string' || value.length > MAX_DECIMAL_LENGTH) return undefined;
  const match = DECIMAL_SYNTAX.exec(value);
  if (match === null) return undefined;
  const exponent = match[1];
  if (exponent !== undefined && Math.abs(Number(exponent)) > MAX_DECIMAL_EXPONENT) return undefined;
  try {
    // big.js has no leading '+'.
    return new Big(value.startsWith('+') ? value.slice(1) : value);
  } catch {
    return undefined;
  }
}

/**
 * Digits after the point once trailing zeros are stripped, never negative:
 * BigDecimal's max(0, stripTrailingZeros().scale()). "100.00" has 0, "1.50" has 1.
 */
export function decimalPlaces(value: Big): number {
  // big.js keeps the coefficient without trailing zeros: value = 0.c[0]c[1]... × 10^(e+1).
  return Math.max(0, value.c.length - 1 - value.e);
}

/** 10^-places, exactly. */
export function unitInLastPlace(places: number): Big {
  return new Big(`1e${-places}`);
}

/** Plain (non-exponential) notation, for messages. */
export function formatDecimal(value: Big): string {
  return value.toFixed();
}
