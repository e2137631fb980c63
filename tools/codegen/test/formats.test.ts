// The formats the validators check inline are ajv-formats' own, case by case.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { RFC3339_FULL_DATE, RFC3986_URI } from '../src/shared/ajv-formats.js';

const require = createRequire(import.meta.url);
const { fullFormats } = require('ajv-formats/dist/formats') as {
  fullFormats: { date: { validate: (s: string) => boolean }; uri: (s: string) => boolean };
};

describe('date', () => {
  it('accepts exactly the dates ajv-formats accepts, leap years included', () => {
    const years = ['0000', '0004', '1900', '1996', '2000', '2023', '2024', '2100', '2400', '9999'];
    const months = ['00', '01', '02', '04', '09', '11', '12', '13'];
    const days = ['00', '01', '28', '29', '30', '31', '32'];
    for (const y of years)
      for (const m of months)
        for (const d of days) {
          const date = `${y}-${m}-${d}`;
          expect(RFC3339_FULL_DATE.test(date), date).toBe(fullFormats.date.validate(date));
        }
  });

  it.each(['2024-1-01', '2024-01-01T00:00:00Z', ' 2024-01-01', '20240101', ''])('refuses %j', (text) => {
    expect(RFC3339_FULL_DATE.test(text)).toBe(false);
    expect(fullFormats.date.validate(text)).toBe(false);
  });
});

describe('uri', () => {
  it.each([
    'https://example.org/a?b=c#d',
    'http://[::1]:8080/x',
    'urn:isbn:0451450523',
    'mailto:someone@example.org',
    'https://stellar.org/horizon-errors/bad_request',
    'a/b',
    '/relative/path',
    '//example.org',
    'https://exa mple.org',
    'http://example.org/%zz',
    '',
    ':',
  ])('%j as ajv-formats reads it', (text) => {
    expect(RFC3986_URI.test(text)).toBe(fullFormats.uri(text));
  });
});
