/**
 * Runs every drive script on our host and holds each run against its golden trace: the verdict per
 * trace (reproduced exactly, within the tolerance, results equal but budget off, diverged) and the
 * reason a trace is not reproduced, for the test and for the README's list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OurTraceHost } from './adapter.js';
import { type Comparison, compareRun } from './compare.js';
import { readTrace } from './read-trace.js';
import type { DriveScript } from './script-types.js';

export type Verdict = 'exact' | 'within' | 'budget-off' | 'diverged';

export interface Outcome {
  trace: string;
  verdict: Verdict;
  /** for a trace not reproduced: the first divergence or budget miss, in one line */
  reason?: string;
  comparison: Comparison;
}

function verdictOf(c: Comparison): Verdict {
  if (c.divergence) return 'diverged';
  if (c.budget.exact) return 'exact';
  return c.budget.withinTolerance ? 'within' : 'budget-off';
}

function pct(want: number, got: number): string {
  return want === 0 ? `${got}` : `${(((got - want) / want) * 100).toFixed(1)}%`;
}

function reasonOf(c: Comparison, stopped: string | undefined): string | undefined {
  const d = c.divergence;
  if (d) {
    const where = `line ${d.at + 1}`;
    const base = d.reason === 'missing' ? `${where}: no ${d.want}` : d.reason === 'extra' ? `${where}: extra ${d.got}` : `${where}: ${d.got} where the trace has ${d.want}`;
    return stopped ? `${base} (stopped: ${stopped})` : base;
  }
  const miss = c.budget.firstToleranceMiss;
  if (!miss) return undefined;
  return `budget at ${miss.line}: cpu ${pct(miss.want.cpu, miss.got.cpu)}, mem ${pct(miss.want.mem, miss.got.mem)}`;
}

export function reproduce(dataRoot: string, scripts: DriveScript[]): Outcome[] {
  const host = new OurTraceHost((path) => readFileSync(join(dataRoot, path)));
  return scripts.map((script) => {
    const trace = readTrace(script.trace, readFileSync(join(dataRoot, 'observations-23', script.trace), 'utf8'));
    const run = host.run(script);
    const comparison = compareRun(trace, run);
    const verdict = verdictOf(comparison);
    return { trace: script.trace, verdict, reason: reasonOf(comparison, run.stopped), comparison };
  });
}
