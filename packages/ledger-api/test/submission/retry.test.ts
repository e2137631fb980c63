import { describe, expect, it } from 'vitest';
import { linearDelay, retryAfterMs } from '../../src/index.js';

describe('linear back-off', () => {
  it('grows by the step up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => linearDelay(n, { initialMs: 100, stepMs: 50, maxMs: 220 }))).toEqual([
      100, 150, 200, 220,
    ]);
    expect([1, 2, 10, 20].map((n) => linearDelay(n))).toEqual([1000, 2000, 10_000, 10_000]);
  });

  it('does not cap below a larger initial wait unless told', () => {
    expect(linearDelay(1, { initialMs: 30_000, stepMs: 0 })).toBe(30_000);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-08-21T10:00:00Z');
  it('reads delta-seconds', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date', () => {
    expect(retryAfterMs('Fri, 21 Aug 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 21 Aug 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });
});
