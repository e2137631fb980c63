// Reading values the way our contract writes them (plain decimal strings), exactly.
import Big from 'big.js';
import { parseIsoInstant } from './iso-instant.js';

/** The contract's Decimal: a non-negative decimal string in plain notation. */
const CONTRACT_DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** The value as an exact decimal when it is a contract Decimal, else undefined (the schema reports it). */
export function contractDecimal(value: unknown): Big | undefined {
  if (typeof value !== 'string' || value.length > 1000 || !CONTRACT_DECIMAL.test(value)) return undefined;
  return new Big(value);
}

/** Digits after the point once trailing zeros are stripped. */
export function placesOf(value: Big): number {
  return Math.max(0, value.c.length - 1 - value.e);
}

/** Plain notation, for messages. */
export const plain = (value: Big) => value.toFixed();

/** Nanoseconds since the epoch of a contract date-time (RFC 3339, `T` or a space), when it names one. */
export function contractInstant(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = parseIsoInstant(value.replace(' ', 'T'));
  return instant === undefined ? undefined : instant.seconds * 1_000_000_000n + BigInt(instant.nanos);
}
