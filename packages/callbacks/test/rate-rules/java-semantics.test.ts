// The Java behaviour the platform's verdicts rest on, against values JDK 17 gives for the same
// input (new BigDecimal(String), setScale(HALF_DOWN), DateTimeFormatter.ISO_INSTANT).
import { describe, expect, it } from 'vitest';
import { formatIsoInstant, parseIsoInstant } from '../../src/rate-rules/iso-instant.js';
import {
  addJava,
  compareJava,
  ExactArithmeticBound,
  JavaArithmeticError,
  MAX_EXACT_DIGITS,
  parseJavaDecimal,
  setScaleJava,
  strippedScale,
  toPlainJava,
} from '../../src/rate-rules/java-decimal.js';

describe('new BigDecimal(String)', () => {
  it.each([
    // text, toPlainString, scale, signum
    ['100', '100', 0, 1],
    ['+100', '100', 0, 1],
    ['-0', '0', 0, 0],
    ['1.', '1', 0, 1],
    ['.5', '0.5', 1, 1],
    ['1e+2', '100', -2, 1],
    ['1E-2', '0.01', 2, 1],
    ['١٠٠', '100', 0, 1],
    ['１２', '12', 0, 1],
    ['00012.3400', '12.3400', 4, 1],
    ['1e0000000000005', '100000', -5, 1],
    ['1e00000000005', '100000', -5, 1],
  ])('reads %j', (text, plain, scale, sign) => {
    const value = parseJavaDecimal(text);
    expect(value && toPlainJava(value)).toBe(plain);
    expect(value?.scale).toBe(scale);
    expect(value?.sign).toBe(sign);
  });

  it('reads 1e2147483647 with scale -2147483647', () => {
    expect(parseJavaDecimal('1e2147483647')?.scale).toBe(-2147483647);
  });

  it.each(['1e', 'e5', '1.2.3', ' 1', '1e2147483648', '1e-2147483648', '+-1', 'Infinity', '', '１٫２'])(
    'refuses %j (NumberFormatException)',
    (text) => {
      expect(parseJavaDecimal(text)).toBeUndefined();
    },
  );
});

describe('BigDecimal arithmetic', () => {
  const d = (text: string) => {
    const value = parseJavaDecimal(text);
    if (value === undefined) throw new Error(text);
    return value;
  };

  it.each([
    ['94.28571428571429', 2, '94.29'],
    ['0.005', 2, '0.00'],
    ['0.0050001', 2, '0.01'],
    ['0.015', 2, '0.01'],
    ['1.995', 2, '1.99'],
    ['1e3', 2, '1000.00'],
    ['0.00000000005', 10, '0.0000000000'],
    ['0.000000000051', 10, '0.0000000001'],
    ['123.456', 0, '123'],
  ])('setScale(%s, %i, HALF_DOWN) is %s', (text, scale, plain) => {
    expect(toPlainJava(setScaleJava(d(text), scale, 'HALF_DOWN'))).toBe(plain);
  });

  it('compares by value, not by scale', () => {
    expect(compareJava(d('100'), d('1E+2'))).toBe(0);
    expect(compareJava(d('100.00'), d('100.01'))).toBe(-1);
    expect(compareJava(d('1e400'), d('9e399'))).toBe(1);
    expect(compareJava(d('-1'), d('0'))).toBe(-1);
  });

  it('strips trailing zeros, and fails past a 32-bit scale', () => {
    expect(strippedScale(d('1.500'))).toBe(1);
    expect(strippedScale(d('1E+3'))).toBe(-3);
    expect(() => strippedScale(d('1000e2147483647'))).toThrow(JavaArithmeticError);
  });

  it('adds exactly, raises a zero for free, and refuses beyond its bound', () => {
    expect(toPlainJava(addJava(d('0.1'), d('0.2')))).toBe('0.3');
    expect(toPlainJava(addJava(d('0e+2000000000'), d('1')))).toBe('1');
    expect(() => addJava(d('1'), d(`1e-${MAX_EXACT_DIGITS + 1}`))).toThrow(ExactArithmeticBound);
    expect(() => addJava(d('1'), d('1e-600000000'))).toThrow(JavaArithmeticError);
  });
});

describe('DateTimeFormatter.ISO_INSTANT', () => {
  it.each([
    // text, epoch second, nano, as ISO_INSTANT writes it back
    ['2026-06-02T12:00:00Z', 1780401600n, 0, '2026-06-02T12:00:00Z'],
    ['2026-06-02t12:00:00z', 1780401600n, 0, '2026-06-02T12:00:00Z'],
    ['2026-06-02T24:00:00Z', 1780444800n, 0, '2026-06-03T00:00:00Z'],
    ['2026-06-02T23:59:60.5Z', 1780444799n, 500000000, '2026-06-02T23:59:59.500Z'],
    ['2026-06-02T12:00:00+01:00:30', 1780397970n, 0, '2026-06-02T10:59:30Z'],
    ['2026-06-02T12:00:00.Z', 1780401600n, 0, '2026-06-02T12:00:00Z'],
    ['+12026-06-02T12:00:00Z', 317349921600n, 0, '+12026-06-02T12:00:00Z'],
    ['-0001-01-01T00:00:00Z', -62198755200n, 0, '-0001-01-01T00:00:00Z'],
    ['-12026-03-01T00:00:00.000100Z', -441666000000n, 100000, '-12026-03-01T00:00:00.000100Z'],
    [
      '+1000000000-12-31T23:59:59.999999999Z',
      31556889864403199n,
      999999999,
      '+1000000000-12-31T23:59:59.999999999Z',
    ],
    ['-1000000000-01-01T00:00:00Z', -31557014167219200n, 0, '-1000000000-01-01T00:00:00Z'],
    ['1970-01-01T00:00:00-18:00', 64800n, 0, '1970-01-01T18:00:00Z'],
    ['2000-02-29T12:30:45.120Z', 951827445n, 120000000, '2000-02-29T12:30:45.120Z'],
    ['0000-01-01T00:00:00Z', -62167219200n, 0, '0000-01-01T00:00:00Z'],
    ['+10000-01-01T00:00:00Z', 253402300800n, 0, '+10000-01-01T00:00:00Z'],
    ['-10000-01-01T00:00:00Z', -377736739200n, 0, '-10000-01-01T00:00:00Z'],
  ])('reads %s', (text, seconds, nanos, written) => {
    const instant = parseIsoInstant(text);
    expect(instant).toEqual({ seconds, nanos });
    if (instant !== undefined) expect(formatIsoInstant(instant)).toBe(written);
  });
});
