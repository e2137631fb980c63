/**
 * The run a host that matched a trace exactly would record: the trace's own lines as observed
 * steps. The comparator's tests start from it and change one thing at a time; an adapter can use
 * it to check its own printing.
 */
import type { ObservedRun, ObservedStep, Trace } from './types.js';

export function traceAsRun(trace: Trace): ObservedRun {
  const steps: ObservedStep[] = [];
  for (const s of trace.steps) {
    const { cpu, mem } = s.budget;
    if (s.kind === 'call') steps.push({ kind: 'call', name: s.name, args: s.args, cpu, mem });
    else if (s.kind === 'ret') steps.push({ kind: 'ret', name: s.name, result: s.result, cpu, mem });
    else if (s.kind === 'push') steps.push({ kind: 'push', frame: s.frame, args: s.args, cpu, mem });
    else if (s.kind === 'pop') steps.push({ kind: 'pop', frame: s.frame, result: s.result, cpu, mem });
  }
  const first = trace.steps[0]?.budget ?? { cpu: 0, mem: 0 };
  const last = trace.steps.at(-1)?.budget ?? first;
  return { begin: { cpu: first.cpu, mem: first.mem }, steps, end: { cpu: last.cpu, mem: last.mem } };
}
