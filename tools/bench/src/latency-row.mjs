// A `latency` row from the latencies themselves: for a bench that times its own requests (a
// subject and a baseline in each round) rather than running the load generator.
import { median, percentile } from './stats.mjs';

/** The p50 and p99 (nearest rank) of latencies in milliseconds. */
export const quantiles = (latencies) => ({
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
});

/**
 * `rounds`: per round, `{ subject, baseline }` latencies (ms). The sides are named `subject` and
 * `baseline` (names) and hold the medians of the rounds' p50s and p99s; the ratios are the
 * medians of the per-round ratios (p99 in `ratio`, p50 in `p50Ratio`), each round's p99 ratio in
 * `rounds`.
 */
export function latencyRow({ id, title, rounds, subject, baseline, ...rest }) {
  const each = rounds.map((round) => ({
    subject: quantiles(round.subject),
    baseline: quantiles(round.baseline),
  }));
  const side = (name, key) => ({
    name,
    p50Ms: Number(median(each.map((r) => r[key].p50Ms)).toFixed(2)),
    p99Ms: Number(median(each.map((r) => r[key].p99Ms)).toFixed(2)),
  });
  const ratios = (at) => each.map((r) => r.subject[at] / r.baseline[at]);
  return {
    kind: 'latency',
    id,
    title,
    subject: side(subject, 'subject'),
    baseline: side(baseline, 'baseline'),
    ratio: Number(median(ratios('p99Ms')).toFixed(3)),
    p50Ratio: Number(median(ratios('p50Ms')).toFixed(3)),
    rounds: ratios('p99Ms').map((r) => Number(r.toFixed(3))),
    ...rest,
  };
}
