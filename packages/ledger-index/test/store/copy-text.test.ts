/** COPY's text format: each value written so PostgreSQL reads back exactly what was given. */
import { describe, expect, it } from 'vitest';
import { copyLines, copyValue } from '../../src/store/copy-text.js';
import type { SqlValue } from '../../src/store/driver.js';

describe('copyValue', () => {
  it.each<{ given: SqlValue; want: string }>([
    { given: null, want: '\\N' },
    { given: 7, want: '7' },
    { given: (1n << 63n) - 1n, want: '9223372036854775807' },
    { given: 'GABC', want: 'GABC' },
    { given: '', want: '' },
    { given: '{"memo":"a\\"b"}', want: '{"memo":"a\\\\"b"}' },
    { given: 'a\tb\nc\rd\\e', want: 'a\\tb\\nc\\rd\\\\e' },
    { given: '\\N', want: '\\\\N' },
  ])('$given -> $want', ({ given, want }) => {
    expect(copyValue(given)).toBe(want);
  });
});

/** What PostgreSQL makes of the lines, for the values copyValue writes. */
function readBack(bytes: Buffer): (string | null)[][] {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) =>
      line
        .split('\t')
        .map((value) =>
          value === '\\N'
            ? null
            : value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c),
        ),
    );
}

describe('copyLines', () => {
  const big = 'x'.repeat(3 << 20);
  it.each<{ given: string; rows: SqlValue[][] }>([
    { given: 'one row', rows: [[1n, 'a', null]] },
    { given: 'multi-byte text', rows: [['é€😀', 'ü\tü']] },
    {
      given: 'rows across many chunks',
      rows: Array.from({ length: 5000 }, (_, i) => [BigInt(i), `{"n":${i},"pad":"${'p'.repeat(500)}"}`]),
    },
    { given: 'a value larger than a chunk', rows: [['before'], [big], ['after']] },
    { given: 'a chunk cut inside a line', rows: [['a'.repeat((1 << 20) - 3), 'bcdef']] },
  ])('$given: read back as given', ({ rows }) => {
    const chunks = [...copyLines(rows)];
    const want = rows.map((row) => row.map((v) => (v === null ? null : String(v))));
    expect(readBack(Buffer.concat(chunks))).toEqual(want);
  });

  it('writes nothing for no rows', () => {
    expect([...copyLines([])]).toEqual([]);
  });
});
