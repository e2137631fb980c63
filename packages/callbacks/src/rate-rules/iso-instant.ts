/**
 * java.time's DateTimeFormatter.ISO_INSTANT (JDK 17), which Gson's InstantConverter in the
 * Anchor Platform (GsonUtils) uses to read `expires_at` and to write it back. Parsing follows
 * InstantPrinterParser.parse: case-insensitive `T` and `Z`, a year of 4 digits (or 5 to 10 with
 * a sign), 24:00:00 as the next midnight, 23:59:60 as 23:59:59, up to 9 fraction digits (a bare
 * `.` counts as none), an offset `Z` or ±HH:MM with optional :SS, and the Instant range.
 */

export interface JavaInstant {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: bigint;
  readonly nanos: number;
}

// Instant.MIN and Instant.MAX, in epoch seconds.
const MIN_SECOND = -31557014167219200n;
const MAX_SECOND = 31556889864403199n;

/** A cursor over the text: each reader returns undefined when the text does not match. */
class Cursor {
  position = 0;
  constructor(readonly text: string) {}

  /** Exactly `count` ASCII digits. */
  digits(count: number): number | undefined {
    const part = this.text.slice(this.position, this.position + count);
    if (!new RegExp(`^[0-9]{${count}}$`).test(part)) return undefined;
    this.position += count;
    return Number(part);
  }

  /** One literal character; letters match in either case (parseCaseInsensitive). */
  literal(char: string): boolean {
    const found = this.text[this.position];
    if (found === undefined || found.toLowerCase() !== char.toLowerCase()) return false;
    this.position++;
    return true;
  }
}

// ISO_LOCAL_DATE's year: appendValue(YEAR, 4, 10, EXCEEDS_PAD), parsed strictly.
function year(cursor: Cursor): bigint | undefined {
  const sign = cursor.text[cursor.position];
  const signed = sign === '+' || sign === '-';
  if (signed) cursor.position++;
  const digits = /^[0-9]{0,10}/.exec(cursor.text.slice(cursor.position))?.[0] ?? '';
  if (digits.length < 4) return undefined;
  cursor.position += digits.length;
  const value = BigInt(digits);
  if (sign === '-') return value === 0n ? undefined : -value; // minus zero is refused
  // '+' only when more than 4 digits, and more than 4 digits only with a sign.
  if (sign === '+' ? digits.length <= 4 : digits.length > 4) return undefined;
  return value;
}

function isLeap(y: bigint): boolean {
  return y % 4n === 0n && (y % 100n !== 0n || y % 400n === 0n);
}

function daysInMonth(y: bigint, month: number): number {
  if (month === 2) return isLeap(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days from 1970-01-01 to the proleptic Gregorian date (any year). */
function epochDay(y: bigint, month: number, day: number): bigint {
  const shifted = month <= 2 ? y - 1n : y;
  const era = (shifted >= 0n ? shifted : shifted - 399n) / 400n;
  const yearOfEra = shifted - era * 400n;
  const m = BigInt(month);
  const dayOfYear = (153n * (m > 2n ? m - 3n : m + 9n) + 2n) / 5n + BigInt(day) - 1n;
  const dayOfEra = yearOfEra * 365n + yearOfEra / 4n - yearOfEra / 100n + dayOfYear;
  return era * 146097n + dayOfEra - 719468n;
}

// appendOffsetId(): "Z" (any case) or ±HH:MM with optional :ss (pattern +HH:MM:ss), in seconds.
function offset(cursor: Cursor): number | undefined {
  if (cursor.literal('Z')) return 0;
  const sign = cursor.text[cursor.position];
  if (sign !== '+' && sign !== '-') return undefined;
  cursor.position++;
  const two = (colon: boolean): number | undefined => {
    const start = cursor.position;
    if (colon && !cursor.literal(':')) return undefined;
    const value = cursor.digits(2);
    if (value === undefined || value > 59) {
      cursor.position = start;
      return undefined;
    }
    return value;
  };
  const hours = two(false);
  const minutes = hours === undefined ? undefined : two(true);
  if (hours === undefined || minutes === undefined) return undefined;
  const seconds = two(true) ?? 0;
  if (hours > 23) return undefined; // "Value out of range"
  return (sign === '-' ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
}

/** The instant `text` stands for, or undefined where ISO_INSTANT.parse throws. */
export function parseIsoInstant(text: string): JavaInstant | undefined {
  const cursor = new Cursor(text);
  const y = year(cursor);
  if (y === undefined || !cursor.literal('-')) return undefined;
  const month = cursor.digits(2);
  if (month === undefined || !cursor.literal('-')) return undefined;
  const day = cursor.digits(2);
  if (day === undefined || !cursor.literal('T')) return undefined;
  let hour = cursor.digits(2);
  if (hour === undefined || !cursor.literal(':')) return undefined;
  const minute = cursor.digits(2);
  if (minute === undefined || !cursor.literal(':')) return undefined;
  let second = cursor.digits(2);
  if (second === undefined) return undefined;
  let nanos = 0;
  if (text[cursor.position] === '.') {
    cursor.position++;
    const fraction = /^[0-9]{0,9}/.exec(text.slice(cursor.position))?.[0] ?? '';
    cursor.position += fraction.length;
    nanos = Number(fraction.padEnd(9, '0'));
  }
  const offsetSeconds = offset(cursor);
  if (offsetSeconds === undefined || cursor.position !== text.length) return undefined;

  let extraDays = 0n;
  if (hour === 24 && minute === 0 && second === 0 && nanos === 0) {
    hour = 0;
    extraDays = 1n;
  } else if (hour === 23 && minute === 59 && second === 60) {
    second = 59; // a leap second reads as the second before
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (Math.abs(offsetSeconds) > 18 * 3600) return undefined; // ZoneOffset.ofTotalSeconds
  const seconds =
    (epochDay(y, month, day) + extraDays) * 86400n +
    BigInt(hour * 3600 + minute * 60 + second - offsetSeconds);
  if (seconds < MIN_SECOND || seconds > MAX_SECOND) return undefined; // Instant.from
  return { seconds, nanos };
}

/** ISO_INSTANT.format: UTC, seconds always, the fraction in groups of three digits when not zero. */
export function formatIsoInstant(instant: JavaInstant): string {
  const days = instant.seconds >= 0n ? instant.seconds / 86400n : (instant.seconds - 86399n) / 86400n;
  const secondOfDay = Number(instant.seconds - days * 86400n);
  // civil_from_days
  const z = days + 719468n;
  const era = (z >= 0n ? z : z - 146096n) / 146097n;
  const dayOfEra = z - era * 146097n;
  const yearOfEra = (dayOfEra - dayOfEra / 1460n + dayOfEra / 36524n - dayOfEra / 146096n) / 365n;
  const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n);
  const mp = (5n * dayOfYear + 2n) / 153n;
  const day = Number(dayOfYear - (153n * mp + 2n) / 5n + 1n);
  const month = Number(mp < 10n ? mp + 3n : mp - 9n);
  const y = yearOfEra + era * 400n + (month <= 2 ? 1n : 0n);
  const pad = (n: number | bigint, width = 2) => String(n).padStart(width, '0');
  const yearText = y > 9999n ? `+${y}` : y < 0n ? `-${pad(-y, 4)}` : pad(y, 4);
  let fraction = '';
  if (instant.nanos > 0) {
    fraction = `.${pad(instant.nanos, 9)}`;
    while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
  }
  const time = `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor(secondOfDay / 60) % 60)}:${pad(secondOfDay % 60)}`;
  return `${yearText}-${pad(month)}-${pad(day)}T${time}${fraction}Z`;
}
