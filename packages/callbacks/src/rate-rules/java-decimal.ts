/**
 * java.math.BigDecimal as the Anchor Platform uses it (JDK 17): `new BigDecimal(String)`,
 * compareTo, stripTrailingZeros, add, subtract, multiply, setScale, divide and doubleValue, with
 * the same results and the same failures. Values are digit strings with a 32-bit scale, so
 * comparisons work on numbers of any size; arithmetic works exactly up to MAX_EXACT_DIGITS.
 */

/** unscaled × 10^-scale; `digits` is the unscaled magnitude without leading zeros ('0' for zero). */
export interface JavaDecimal {
  readonly sign: -1 | 0 | 1;
  readonly digits: string;
  readonly scale: number;
}

/** Java throws ArithmeticException here (a scale past 32 bits, division by zero): the platform answers 500. */
export class JavaArithmeticError extends Error {}

/**
 * Beyond this many digits (operands, or zeros added to align two scales) we do not compute: the
 * platform would, for seconds or hours and hundreds of megabytes. Real amounts have under 40.
 */
export const MAX_EXACT_DIGITS = 10_000;
export class ExactArithmeticBound extends Error {}

const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;
const fitsInt = (n: number) => n >= INT_MIN && n <= INT_MAX;

/** Character.digit(c, 10) for the digits BigDecimal reads: ASCII and every Unicode Nd digit of the BMP. */
function digitValue(code: number): number | undefined {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code < 0x80 || code > 0xffff || !isNd(code)) return undefined;
  // Nd digits come in runs of ten, 0 to 9; no two runs of the BMP touch.
  let zero = code;
  while (zero > code - 9 && isNd(zero - 1)) zero--;
  return code - zero;
}
const isNd = (code: number) => /\p{Nd}/u.test(String.fromCharCode(code));

/** `new BigDecimal(text)`, or undefined where Java throws NumberFormatException. */
export function parseJavaDecimal(text: string): JavaDecimal | undefined {
  let i = 0;
  let negative = false;
  if (text[0] === '-' || text[0] === '+') {
    negative = text[0] === '-';
    i = 1;
  }
  const digits: number[] = [];
  let dot = false;
  let fractionDigits = 0;
  let exponent = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = digitValue(code);
    if (digit !== undefined) {
      digits.push(digit);
      if (dot) fractionDigits++;
    } else if (code === 0x2e && !dot) {
      dot = true;
    } else if (code === 0x65 || code === 0x45) {
      const parsed = parseExponent(text, i + 1);
      if (parsed === undefined) return undefined;
      exponent = parsed;
      break;
    } else {
      return undefined;
    }
  }
  if (digits.length === 0) return undefined;
  const scale = fractionDigits - exponent;
  if (!fitsInt(scale)) return undefined;
  const first = digits.findIndex((d) => d !== 0);
  if (first < 0) return { sign: 0, digits: '0', scale };
  return { sign: negative ? -1 : 1, digits: digits.slice(first).join(''), scale };
}

// BigDecimal.parseExp: an optional sign, then digits; more than 10 significant digits or a value
// beyond 32 bits is refused.
function parseExponent(text: string, start: number): number | undefined {
  let i = start;
  const negative = text[i] === '-';
  if (negative || text[i] === '+') i++;
  const values: number[] = [];
  for (; i < text.length; i++) {
    const digit = digitValue(text.charCodeAt(i));
    if (digit === undefined) return undefined;
    values.push(digit);
  }
  if (values.length === 0) return undefined;
  while (values.length > 10 && values[0] === 0) values.shift();
  if (values.length > 10) return undefined;
  const magnitude = values.reduce((total, d) => total * 10 + d, 0);
  const value = negative ? -magnitude : magnitude;
  return fitsInt(value) ? value : undefined;
}

export const JAVA_ZERO: JavaDecimal = { sign: 0, digits: '0', scale: 0 };

export function compareJava(a: JavaDecimal, b: JavaDecimal): -1 | 0 | 1 {
  if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
  if (a.sign === 0) return 0;
  // The position of the leading digit decides unless it is the same for both.
  const leadA = a.digits.length - a.scale;
  const leadB = b.digits.length - b.scale;
  let magnitude: number;
  if (leadA !== leadB) {
    magnitude = leadA > leadB ? 1 : -1;
  } else {
    const width = Math.max(a.digits.length, b.digits.length);
    const x = a.digits.padEnd(width, '0');
    const y = b.digits.padEnd(width, '0');
    magnitude = x === y ? 0 : x > y ? 1 : -1;
  }
  return (magnitude * a.sign) as -1 | 0 | 1;
}

/** stripTrailingZeros().scale(); Java fails when that scale would pass 32 bits. */
export function strippedScale(value: JavaDecimal): number {
  if (value.sign === 0) return 0;
  const trailing = value.digits.length - value.digits.replace(/0+$/, '').length;
  const scale = value.scale - trailing;
  if (!fitsInt(scale)) throw new JavaArithmeticError('Overflow: the scale leaves 32 bits');
  return scale;
}

const big = (value: JavaDecimal) => BigInt(value.sign) * BigInt(value.digits);

function fromBig(unscaled: bigint, scale: number): JavaDecimal {
  if (unscaled === 0n) return { sign: 0, digits: '0', scale };
  const negative = unscaled < 0n;
  return { sign: negative ? -1 : 1, digits: (negative ? -unscaled : unscaled).toString(), scale };
}

function bound(digits: number): void {
  if (digits > MAX_EXACT_DIGITS) {
    throw new ExactArithmeticBound(
      `exact arithmetic would need ${digits} digits (the bound is ${MAX_EXACT_DIGITS})`,
    );
  }
}

// BigInteger.TEN.pow(n) refuses at once from here on: floor(4n / 32) > 67108864 ints.
const TEN_POW_OVERFLOW = 536_870_920;

/** The unscaled value of `value` brought to the larger `scale` (value × 10^raise). */
function raised(value: JavaDecimal, scale: number): bigint {
  const raise = scale - value.scale;
  if (value.sign === 0) return 0n; // Java raises a zero for free
  if (!fitsInt(raise)) throw new JavaArithmeticError('Overflow: the scales differ by more than 32 bits');
  if (raise >= TEN_POW_OVERFLOW) throw new JavaArithmeticError('BigInteger would overflow supported range');
  bound(raise + value.digits.length);
  return big(value) * 10n ** BigInt(raise);
}

export function addJava(a: JavaDecimal, b: JavaDecimal): JavaDecimal {
  bound(Math.max(a.digits.length, b.digits.length));
  const scale = Math.max(a.scale, b.scale);
  return fromBig(raised(a, scale) + raised(b, scale), scale);
}

export function negateJava(value: JavaDecimal): JavaDecimal {
  return { ...value, sign: -value.sign as -1 | 0 | 1 };
}

export function subtractJava(a: JavaDecimal, b: JavaDecimal): JavaDecimal {
  return addJava(a, negateJava(b));
}

export function multiplyJava(a: JavaDecimal, b: JavaDecimal): JavaDecimal {
  let scale = a.scale + b.scale;
  if (!fitsInt(scale)) {
    // BigDecimal.checkScale: only a non-zero receiver fails; a zero one clamps the scale.
    if (a.sign !== 0) throw new JavaArithmeticError('Overflow: the product scale leaves 32 bits');
    scale = scale > 0 ? INT_MAX : INT_MIN;
  }
  bound(a.digits.length + b.digits.length);
  return fromBig(big(a) * big(b), scale);
}

export type RoundingMode = 'HALF_DOWN' | 'FLOOR';

/** setScale(scale, mode). */
export function setScaleJava(value: JavaDecimal, scale: number, mode: RoundingMode): JavaDecimal {
  if (value.sign === 0) return { ...JAVA_ZERO, scale };
  if (scale >= value.scale) return fromBig(raised(value, scale), scale);
  const drop = value.scale - scale;
  // Dividing by 10^drop: the digits before the cut, then rounding on the digits after it.
  const kept = value.digits.length > drop ? value.digits.slice(0, value.digits.length - drop) : '0';
  const rest =
    value.digits.length > drop
      ? value.digits.slice(value.digits.length - drop)
      : value.digits.padStart(drop, '0');
  let unscaled = BigInt(kept) * BigInt(value.sign);
  const restIsZero = /^0*$/.test(rest);
  if (!restIsZero) {
    if (mode === 'FLOOR' && value.sign < 0) unscaled -= 1n;
    // HALF_DOWN: away from zero only when the dropped part is more than half a unit.
    if (mode === 'HALF_DOWN' && rest.replace(/0+$/, '') > '5') unscaled += BigInt(value.sign);
  }
  return fromBig(unscaled, scale);
}

/** divide(divisor, scale, FLOOR) for the operands Sep38Service divides (both at the same scale). */
export function divideFloorJava(a: JavaDecimal, b: JavaDecimal, scale: number): JavaDecimal {
  if (b.sign === 0) throw new JavaArithmeticError('Division by zero');
  // a / b to `scale` places: a × 10^shift / b, the power of ten on whichever side keeps it whole.
  const shift = scale + b.scale - a.scale;
  bound(Math.max(a.digits.length, b.digits.length) + Math.abs(shift));
  const numerator = big(a) * (shift > 0 ? 10n ** BigInt(shift) : 1n);
  const divisor = big(b) * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  let quotient = numerator / divisor;
  if (numerator % divisor !== 0n && numerator < 0n !== divisor < 0n) quotient -= 1n;
  return fromBig(quotient, scale);
}

/** doubleValue(): the nearest double, as Java rounds it. */
export function toDoubleJava(value: JavaDecimal): number {
  return Number(`${value.sign < 0 ? '-' : ''}${value.digits}e${-value.scale}`);
}

/** toPlainString(). */
export function toPlainJava(value: JavaDecimal): string {
  const minus = value.sign < 0 ? '-' : '';
  if (value.scale <= 0) return value.sign === 0 ? '0' : `${minus}${value.digits}${'0'.repeat(-value.scale)}`;
  const digits = value.digits.padStart(value.scale + 1, '0');
  const point = digits.length - value.scale;
  return `${minus}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** MathHelper.formatAmount: HALF_DOWN to `decimals` places, then DecimalFormat without trailing zeros. */
export function formatAmountJava(value: JavaDecimal, decimals: number): string {
  const plain = toPlainJava(setScaleJava(value, decimals, 'HALF_DOWN'));
  return plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain;
}
