import { describe, expect, it } from 'vitest';
import { mediaTypeOf } from '../src/index.js';

describe('mediaTypeOf', () => {
  const table: Array<[string | undefined, string | undefined]> = [
    ['application/json', 'application/json'],
    ['application/json; charset=utf-8', 'application/json'],
    ['Application/JSON ;charset=UTF-8', 'application/json'],
    ['  text/plain  ', 'text/plain'],
    ['multipart/form-data; boundary=x', 'multipart/form-data'],
    ['', undefined],
    [';charset=utf-8', undefined],
    [undefined, undefined],
  ];

  it.each(table)('reads %j as %j, the first time and again', (given, want) => {
    expect(mediaTypeOf(given)).toBe(want);
    expect(mediaTypeOf(given)).toBe(want);
  });

  it('still reads every value after many different ones (the remembered ones are bounded)', () => {
    for (let i = 0; i < 500; i++)
      expect(mediaTypeOf(`application/x-${i}; q=${i}`)).toBe(`application/x-${i}`);
    for (const [given, want] of table) expect(mediaTypeOf(given)).toBe(want);
  });
});
