/**
 * Holds an observed run of our host against a golden trace: the same lines in the same order
 * (call names and arguments, frames, results and error codes, object handles included), then the
 * budget's running cpu/mem after each line, exactly and within a relative tolerance.
 */
import { nestingDepths } from './nesting.js';
import { formatArgs, formatResult } from './trace-values.js';
import type { ObservedRun, ObservedStep, Trace, TraceFrame, TraceStep } from './types.js';

export interface CompareOptions {
  /** relative budget tolerance for the `withinTolerance` verdict (default 0.05 = 5%) */
  tolerance?: number;
  /** compare only the lines at depth 0 (the calls the test makes itself); default false */
  topLevelOnly?: boolean;
  /** lines of context before a divergence in `diff` (default 3) */
  context?: number;
}

/** A line compared: what the trace has and what was observed, as printed. */
export interface LinePair {
  /** position among the compared lines (begin/end excluded) */
  at: number;
  want?: string;
  got?: string;
}

export interface BudgetMiss {
  /** position among the compared lines; -1 for begin, `lines` for end */
  at: number;
  line: string;
  want: { cpu: number; mem: number };
  got: { cpu: number; mem: number };
}

export interface Comparison {
  trace: string;
  /** lines compared (the trace's, after the depth filter) */
  lines: number;
  /** lines equal in sequence and results before the first divergence */
  matched: number;
  /** the first line whose kind, name, arguments, frame or result differ, or where one side ends */
  divergence?: LinePair & { reason: 'sequence' | 'result' | 'missing' | 'extra' };
  /** budget checks cover begin, every matched line and (when all lines match) end */
  budget: {
    exact: boolean;
    withinTolerance: boolean;
    firstExactMiss?: BudgetMiss;
    firstToleranceMiss?: BudgetMiss;
    /** the largest relative difference seen, cpu and mem */
    worst: { cpu: number; mem: number };
  };
  /** a readable account of the first divergence and the first budget misses */
  diff: string;
}

/** A line without its budget, in the trace's own words; `shape` is the part that must match before results. */
interface Printed {
  shape: string;
  text: string;
  depth: number;
  cpu: number;
  mem: number;
}

/** Frame ids compare as printed by the Rust host: hex without leading zeros, no padding. */
export function frameText(frame: TraceFrame): string {
  const id = frame.id.trim().replace(/^0+(?=.)/, '');
  return frame.kind === 'CreateContract' || frame.kind === 'UploadContractWasm'
    ? `${frame.kind}:${frame.fn}`
    : `${frame.kind}:${id}:${frame.fn}`;
}

function printStep(step: TraceStep | ObservedStep): { shape: string; text: string } {
  switch (step.kind) {
    case 'call':
      return {
        shape: `call ${step.name}(${formatArgs(step.args)})`,
        text: `call ${step.name}(${formatArgs(step.args)})`,
      };
    case 'ret':
      return { shape: `ret ${step.name}`, text: `ret ${step.name} -> ${formatResult(step.result)}` };
    case 'push': {
      const text = `push ${frameText(step.frame)}(${formatArgs(step.args)})`;
      return { shape: text, text };
    }
    case 'pop':
      return {
        shape: `pop ${frameText(step.frame)}`,
        text: `pop ${frameText(step.frame)} -> ${formatResult(step.result)}`,
      };
    default:
      return { shape: step.kind, text: step.kind };
  }
}

function printTrace(trace: Trace): Printed[] {
  return trace.steps
    .filter((s) => s.kind !== 'begin' && s.kind !== 'end')
    .map((s) => ({ ...printStep(s), depth: s.depth, cpu: s.budget.cpu, mem: s.budget.mem }));
}

function printObserved(steps: ObservedStep[]): Printed[] {
  const lines = steps.map((s) => ({
    kind: s.kind,
    key: s.kind === 'call' || s.kind === 'ret' ? s.name : frameText(s.frame),
  }));
  const nesting = nestingDepths(lines);
  // A run whose closers do not pair up is compared flat; its sequence differs from the trace anyway.
  const depthOf = (i: number) => ('depths' in nesting ? (nesting.depths[i] as number) : 0);
  return steps.map((s, i) => ({ ...printStep(s), depth: depthOf(i), cpu: s.cpu, mem: s.mem }));
}

/** |got - want| / want, with 0 when both are 0 and Infinity when only want is 0. */
export function relativeDifference(want: number, got: number): number {
  if (want === got) return 0;
  return want === 0 ? Number.POSITIVE_INFINITY : Math.abs(got - want) / Math.abs(want);
}

/** Compare an observed run with a golden trace. */
export function compareRun(trace: Trace, run: ObservedRun, options: CompareOptions = {}): Comparison {
  const tolerance = options.tolerance ?? 0.05;
  const keep = (p: Printed) => !options.topLevelOnly || p.depth === 0;
  const want = printTrace(trace).filter(keep);
  const got = printObserved(run.steps).filter(keep);

  let matched = 0;
  let divergence: Comparison['divergence'];
  for (; matched < Math.max(want.length, got.length); matched++) {
    const w = want[matched];
    const g = got[matched];
    if (!w || !g) {
      divergence = { at: matched, want: w?.text, got: g?.text, reason: w ? 'missing' : 'extra' };
      break;
    }
    if (w.shape !== g.shape || w.text !== g.text) {
      divergence = {
        at: matched,
        want: w.text,
        got: g.text,
        reason: w.shape === g.shape ? 'result' : 'sequence',
      };
      break;
    }
  }

  const first = trace.steps[0];
  const last = trace.steps.at(-1);
  const checks: BudgetMiss[] = [];
  const cpuMem = (b: { cpu: number; mem: number }) => ({ cpu: b.cpu, mem: b.mem });
  if (first) checks.push({ at: -1, line: 'begin', want: cpuMem(first.budget), got: run.begin });
  for (let i = 0; i < matched; i++) {
    const w = want[i] as Printed;
    const g = got[i] as Printed;
    checks.push({ at: i, line: w.text, want: { cpu: w.cpu, mem: w.mem }, got: { cpu: g.cpu, mem: g.mem } });
  }
  if (!divergence && last)
    checks.push({ at: want.length, line: 'end', want: cpuMem(last.budget), got: run.end });

  const worst = { cpu: 0, mem: 0 };
  let firstExactMiss: BudgetMiss | undefined;
  let firstToleranceMiss: BudgetMiss | undefined;
  for (const check of checks) {
    const cpu = relativeDifference(check.want.cpu, check.got.cpu);
    const mem = relativeDifference(check.want.mem, check.got.mem);
    worst.cpu = Math.max(worst.cpu, cpu);
    worst.mem = Math.max(worst.mem, mem);
    if (!firstExactMiss && (cpu > 0 || mem > 0)) firstExactMiss = check;
    if (!firstToleranceMiss && (cpu > tolerance || mem > tolerance)) firstToleranceMiss = check;
  }

  const comparison: Comparison = {
    trace: trace.name,
    lines: want.length,
    matched,
    divergence,
    budget: {
      exact: !firstExactMiss,
      withinTolerance: !firstToleranceMiss,
      firstExactMiss,
      firstToleranceMiss,
      worst,
    },
    diff: '',
  };
  comparison.diff = describe(comparison, want, options.context ?? 3, tolerance);
  return comparison;
}

function budgetText(b: { cpu: number; mem: number }): string {
  return `cpu ${b.cpu} mem ${b.mem}`;
}

function percent(want: number, got: number): string {
  const r = relativeDifference(want, got);
  if (r === 0) return '=';
  const sign = got > want ? '+' : '-';
  return Number.isFinite(r) ? `${sign}${(r * 100).toFixed(2)}%` : `${sign}inf`;
}

function describeMiss(title: string, miss: BudgetMiss): string[] {
  return [
    `${title} at #${miss.at} ${miss.line}`,
    `  want ${budgetText(miss.want)}`,
    `  got  ${budgetText(miss.got)}  (cpu ${percent(miss.want.cpu, miss.got.cpu)}, mem ${percent(miss.want.mem, miss.got.mem)})`,
  ];
}

function describe(c: Comparison, want: Printed[], context: number, tolerance: number): string {
  const out: string[] = [`${c.trace}: ${c.matched}/${c.lines} lines match`];
  if (c.divergence) {
    const d = c.divergence;
    out.push(`first divergence (${d.reason}) at #${d.at}:`);
    for (let i = Math.max(0, d.at - context); i < d.at; i++) out.push(`  #${i} ${(want[i] as Printed).text}`);
    out.push(`- #${d.at} ${d.want ?? '(trace ends)'}`);
    out.push(`+ #${d.at} ${d.got ?? '(run ends)'}`);
  }
  if (c.budget.firstExactMiss) out.push(...describeMiss('budget differs', c.budget.firstExactMiss));
  if (c.budget.firstToleranceMiss) {
    out.push(...describeMiss(`budget beyond ${(tolerance * 100).toFixed(0)}%`, c.budget.firstToleranceMiss));
  }
  if (!c.divergence && c.budget.exact) out.push('budget equal on every line');
  return out.join('\n');
}
