import BigJs from 'big.js';

/** big.js with its own settings: 40 decimal places for divisions, never shared with other packages. */
export const Big = BigJs();
Big.DP = 40;
export type Big = BigJs.Big;

const DECIMAL = /^\d+(\.\d+)?$/;

/** A plain non-negative decimal string ("12", "0.5") of reasonable length, else undefined. */
export function decimal(text: unknown, maxLength = 40): Big | undefined {
  if (typeof text !== 'string' || text.length > maxLength || !DECIMAL.test(text)) return undefined;
  return new Big(text);
}

/** Digits after the point once trailing zeros are stripped (BigDecimal's stripTrailingZeros().scale(), floored at 0). */
export function places(value: Big): number {
  return Math.max(0, value.c.length - 1 - value.e);
}

export const roundDown = (value: Big, dp: number): Big => value.round(dp, 0);
export const roundUp = (value: Big, dp: number): Big => value.round(dp, 3);

/** Plain notation without trailing zeros. */
export const text = (value: Big): string => value.toFixed();

/** Number of digits before the point (at least 1). */
export function integerDigits(value: Big): number {
  return Math.max(1, value.e + 1);
}
