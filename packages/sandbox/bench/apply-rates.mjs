// Transactions applied per second in this process (submit + closeLedger), one kind against
// classic payments of the same accounts: rounds alternate which kind goes first, a round not
// measured warms both up, and envelopes are signed before the clock starts.

import { median } from '@starspec/bench';
import { applyInProcess, ownCpuSeconds, rates, successfulHashes } from './payments.mjs';

/** Applies `envelopes` in ledgers, timed; throws when one failed or stayed queued. */
export async function timedApply(local, envelopes) {
  let records;
  const rate = await rates(envelopes.length, ownCpuSeconds, () => {
    records = applyInProcess(local, envelopes);
  });
  if (successfulHashes(records).length !== envelopes.length)
    throw new Error(`${envelopes.length} sent, ${successfulHashes(records).length} applied`);
  return rate;
}

/**
 * The row of `subject` against `baseline`: each a `{ name, round }` whose `round()` signs one
 * round of envelopes (in the order they are applied, so each account's sequence numbers follow).
 */
export async function applyRatesRow(local, { id, title, label, rounds: count, subject, baseline }) {
  const sides = { subject, baseline };
  for (const side of ['subject', 'baseline']) await timedApply(local, sides[side].round());
  const rounds = [];
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? ['subject', 'baseline'] : ['baseline', 'subject'];
    const envelopes = Object.fromEntries(order.map((side) => [side, sides[side].round()]));
    const result = {};
    for (const side of order) result[side] = await timedApply(local, envelopes[side]);
    rounds.push(result);
    const rate = (side) =>
      `${result[side].perSecond.toFixed(0)}/s (${result[side].perCpuSecond.toFixed(0)} per CPU s)`;
    console.error(`  ${label} round ${round + 1}: ${rate('subject')}, payments ${rate('baseline')}`);
  }
  const side = (key) => ({
    name: sides[key].name,
    value: Math.round(median(rounds.map((r) => r[key].perSecond))),
    perCpuSecond: Math.round(median(rounds.map((r) => r[key].perCpuSecond))),
  });
  const ratios = rounds.map((r) => r.subject.perSecond / r.baseline.perSecond);
  const cpuRatios = rounds.map((r) => r.subject.perCpuSecond / r.baseline.perCpuSecond);
  return {
    kind: 'rate',
    id,
    title,
    unit: 'transactions/s',
    subject: side('subject'),
    baseline: side('baseline'),
    ratio: Number(median(ratios).toFixed(3)),
    cpuRatio: Number(median(cpuRatios).toFixed(3)),
    rounds: ratios.map((v) => Number(v.toFixed(3))),
  };
}
