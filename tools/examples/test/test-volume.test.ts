// STARSPEC_TEST_VOLUME scales the seeded fuzz and property tests (CI's Node 24 pass runs a tenth).
import { describe, expect, it } from 'vitest';
import { fullTestVolume, testVolume } from '../../../scripts/test-volume.mjs';

const table: { given: string | undefined; full: number; want: number; whole: boolean }[] = [
  { given: undefined, full: 5000, want: 5000, whole: true },
  { given: '', full: 5000, want: 5000, whole: true },
  { given: '1', full: 200, want: 200, whole: true },
  { given: '0.1', full: 5000, want: 500, whole: false },
  { given: '0.1', full: 3, want: 1, whole: false },
  { given: '0.5', full: 3, want: 2, whole: false },
];

describe('testVolume', () => {
  it.each(table)('STARSPEC_TEST_VOLUME=$given of $full cases: $want', ({ given, full, want, whole }) => {
    const env = { STARSPEC_TEST_VOLUME: given };
    expect(testVolume(full, env)).toBe(want);
    expect(fullTestVolume(env)).toBe(whole);
  });

  it.each(['0', '-1', '2', 'a tenth'])('refuses %s', (given) => {
    expect(() => testVolume(10, { STARSPEC_TEST_VOLUME: given })).toThrow(
      `STARSPEC_TEST_VOLUME must be a fraction in (0, 1], not "${given}"`,
    );
  });
});
