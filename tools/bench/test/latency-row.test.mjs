// The latency rows built from a bench's own request times: nearest-rank percentiles and the
// medians of per-round ratios. Fixed numbers in, fixed numbers out; nothing is timed.
import { describe, expect, it } from 'vitest';
import { latencyRow, quantiles } from '../src/latency-row.mjs';
import { percentile } from '../src/stats.mjs';

/** 1, 2, …, n milliseconds, shuffled: the order must not matter. */
const upTo = (n) => Array.from({ length: n }, (_, i) => ((i * 37) % n) + 1);

describe('percentile', () => {
  it.each([
    // Nearest rank: the ceil(p/100 × n)-th smallest.
    [upTo(100), 50, 50],
    [upTo(100), 99, 99],
    [upTo(200), 99, 198],
    [upTo(10), 99, 10],
    [upTo(10), 50, 5],
    [[7], 99, 7],
    [upTo(100), 0, 1],
    [upTo(100), 100, 100],
  ])('%#: the p%i of the values', (values, p, want) => {
    expect(percentile(values, p)).toBe(want);
  });

  it('leaves the values in their order', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('latencyRow', () => {
  it('takes each side from the median round and the ratios from the rounds', () => {
    const times = (factor) => upTo(100).map((ms) => ms * factor);
    const row = latencyRow({
      id: 'busy/idle',
      title: 'requests while busy',
      subject: 'busy',
      baseline: 'idle',
      loader: 'a child process',
      rounds: [
        { subject: times(4), baseline: times(1) },
        { subject: times(30), baseline: times(2) },
        { subject: times(10), baseline: times(1) },
      ],
    });
    expect(quantiles(times(4))).toEqual({ p50Ms: 200, p99Ms: 396 });
    expect(row).toEqual({
      kind: 'latency',
      id: 'busy/idle',
      title: 'requests while busy',
      // Medians of the rounds' p50s (200, 1500, 500) and p99s (396, 2970, 990).
      subject: { name: 'busy', p50Ms: 500, p99Ms: 990 },
      baseline: { name: 'idle', p50Ms: 50, p99Ms: 99 },
      // Per-round ratios 4, 15 and 10: not the ratio of the medians (10 as well here, 990/99).
      ratio: 10,
      p50Ratio: 10,
      rounds: [4, 15, 10],
      loader: 'a child process',
    });
  });

  it('gives p50 and p99 ratios apart: a few slow requests move the p99 alone', () => {
    const idle = upTo(100);
    const stalled = [...upTo(98), 5000, 5000];
    const row = latencyRow({
      id: 'x',
      title: 'x',
      subject: 'a',
      baseline: 'b',
      rounds: [{ subject: stalled, baseline: idle }],
    });
    expect(row.p50Ratio).toBe(1);
    expect(row.ratio).toBe(Number((5000 / 99).toFixed(3)));
  });
});
