import { it } from 'vitest';
import { reproduce } from './reproduce-run.js';
import { ALL_SCRIPTS } from './scripts/index.js';
it('try', () => {
  const out = reproduce('/work/shared/soroban', ALL_SCRIPTS.filter(s => !process.env.ONLY || s.trace.includes(process.env.ONLY)));
  const counts: Record<string, number> = {};
  for (const o of out) { counts[o.verdict] = (counts[o.verdict] ?? 0) + 1; console.log(o.verdict.padEnd(10), o.trace, o.reason ?? ''); if (process.env.DIFF) console.log(o.comparison.diff); }
  console.log(counts);
}, 300000);
