/**
 * What a script literal becomes in the host: a Val small enough to carry it (printed as the trace
 * prints it), or objects — how many, and the printed type of the outermost one. Follows the small
 * value ranges of soroban-env-common (val.rs, num.rs, symbol.rs): 56-bit bodies for 64/128/256-bit
 * numbers, up to 9 characters of `[A-Za-z0-9_]` for a small symbol.
 */
import type { Literal } from './script-types.js';

const U56 = 1n << 56n;
const I56 = 1n << 55n;
const SMALL_SYMBOL = /^[A-Za-z0-9_]{0,9}$/;

const SMALL_NAMES = {
  u64: 'U64',
  i64: 'I64',
  u128: 'U128',
  i128: 'I128',
  u256: 'U256',
  i256: 'I256',
  timepoint: 'Timepoint',
  duration: 'Duration',
} as const;

/** The short form of a literal that fits in a Val, or undefined when the host must make an object. */
export function smallForm(lit: Literal): string | undefined {
  switch (lit.t) {
    case 'void':
      return 'Void';
    case 'bool':
      return lit.v ? 'True' : 'False';
    case 'u32':
      return `U32(${lit.v})`;
    case 'i32':
      return `I32(${lit.v})`;
    case 'u64':
    case 'u128':
    case 'u256':
    case 'timepoint':
    case 'duration':
      return lit.v >= 0n && lit.v < U56 ? `${SMALL_NAMES[lit.t]}(${lit.v})` : undefined;
    case 'i64':
    case 'i128':
    case 'i256':
      return lit.v >= -I56 && lit.v < I56 ? `${SMALL_NAMES[lit.t]}(${lit.v})` : undefined;
    case 'symbol':
      return SMALL_SYMBOL.test(lit.v) ? `Symbol(${lit.v})` : undefined;
    case 'error':
      return `Error(${lit.type}, ${lit.code})`;
    default:
      return undefined;
  }
}

/** How many host objects converting the literal makes (children before their container). */
export function objectsIn(lit: Literal): number {
  if (smallForm(lit) !== undefined) return 0;
  if (lit.t === 'vec') return 1 + lit.items.reduce((n, item) => n + objectsIn(item), 0);
  if (lit.t === 'map') return 1 + lit.entries.reduce((n, [k, v]) => n + objectsIn(k) + objectsIn(v), 0);
  return 1;
}

const OBJECT_NAMES: Record<string, string> = {
  ...SMALL_NAMES,
  bytes: 'Bytes',
  bytesFill: 'Bytes',
  string: 'String',
  symbol: 'Symbol',
  vec: 'Vec',
  map: 'Map',
  address: 'Address',
  muxedAddress: 'MuxedAddress',
};

/** The printed type of the object a literal becomes (`Vec`, `Bytes`, `U64` ...). */
export function objectType(lit: Literal): string {
  const name = OBJECT_NAMES[lit.t];
  if (!name) throw new Error(`a ${lit.t} literal is never an object`);
  return name;
}
