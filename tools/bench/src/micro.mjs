// In-process comparisons of two functions, and start-up comparisons in fresh processes: the two
// sides alternate in rounds and the reported ratio is the median of the per-round ratios.
import { execFileSync } from 'node:child_process';
import { median } from './stats.mjs';

/** Microseconds per call of `fn` over one batch. */
function time(fn, batch) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1000 / batch;
}

/**
 * `subject` and `baseline` are `{ label, fn }`; the ratio is subject time / baseline time (below 1:
 * the subject is faster). `batch` calls per round, after a warm-up.
 */
export function compareFunctions({ id, title, subject, baseline, rounds = 31, batch = 1000 }) {
  for (let i = 0; i < batch; i++) {
    subject.fn();
    baseline.fn();
  }
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const baselineUs = time(baseline.fn, batch);
    const subjectUs = time(subject.fn, batch);
    results.push({ baselineUs, subjectUs });
  }
  return timeRow(id, title, subject.label, baseline.label, results, 'µs');
}

/** Runs each ES module source in a fresh Node process (it prints milliseconds); alternates the two. */
export function compareStartup({ id, title, subject, baseline, cwd, rounds = 7 }) {
  const run = (code) =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd, encoding: 'utf8' }).trim(),
    );
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const baselineUs = run(baseline.code);
    const subjectUs = run(subject.code);
    results.push({ baselineUs, subjectUs });
  }
  return timeRow(id, title, subject.label, baseline.label, results, 'ms');
}

function timeRow(id, title, subjectLabel, baselineLabel, results, unit) {
  const digits = unit === 'ms' ? 1 : 2;
  return {
    kind: 'time',
    id,
    title,
    unit,
    subject: { name: subjectLabel, time: Number(median(results.map((r) => r.subjectUs)).toFixed(digits)) },
    baseline: { name: baselineLabel, time: Number(median(results.map((r) => r.baselineUs)).toFixed(digits)) },
    ratio: Number(median(results.map((r) => r.subjectUs / r.baselineUs)).toFixed(3)),
    rounds: results.length,
  };
}
