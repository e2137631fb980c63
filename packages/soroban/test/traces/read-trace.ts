/**
 * Reads a golden trace (`observations-23/*.json`, written by the Rust host's `observe_host!` test
 * harness, soroban-env-host/src/host/trace and test/observe.rs) into ordered steps.
 *
 * The file is one JSON object; its keys keep the order of the lines and its values carry the
 * host's state after each line:
 *
 *   file   := '{' entry (',' entry)* '}'                 entry := KEY ':' STATE (keys sorted as text)
 *   KEY    := ' '* N ' ' line                            (N counts lines from 0, right-aligned to 4)
 *   line   := 'begin' | 'end'
 *           | 'call ' FN '(' args ')'                     a host function is called
 *           | 'ret ' FN ' -> ' result                     it returns (see trace-values.ts)
 *           | 'push ' frame '(' args ')'                   a frame starts (a contract function runs)
 *           | 'pop ' frame ' -> ' result                  it ends
 *   frame  := KIND ':' ID ':' FN | KIND ':' FN           VM:58f13912:add, SAC:2e378f80:sym#5, TEST:   0:go,
 *                                                        CreateContract:, UploadContractWasm:
 *   STATE  := '' | field (', ' field)*  (may start with a space when cpu is not given)
 *   field  := NAME ':' TEXT                              cpu:N mem:N prngs objs vm evt store foot stk auth
 *
 * `begin` and `end` give every field; other lines give only the fields that changed since the
 * previous line, so a missing field keeps its last value. A call the host refuses before it runs
 * (a bad argument from a contract, a symbol with a bad character) has no `ret`: the next line is
 * its sibling, or its frame's `pop` (nesting.ts).
 */
import { type NestLine, nestingDepths } from './nesting.js';
import { parseArgs, parseResult, UnknownFormError } from './trace-values.js';
import type { Trace, TraceBudget, TraceFrame, TraceStep } from './types.js';

const KEY = /^\s*(\d+) (begin|end|call|ret|push|pop)(?: (.*))?$/;
const CALL = /^([a-z0-9_]+)\((.*)\)$/;
const RET = /^([a-z0-9_]+) -> (.*)$/;
const PUSH = /^([A-Za-z]+:[^(]*)\((.*)\)$/;
const POP = /^([A-Za-z]+:.*?) -> (.*)$/;

/** `VM:58f13912:add`, `TEST:   0:go`, `CreateContract:` */
export function parseFrame(text: string, where: string): TraceFrame {
  const parts = text.split(':');
  if (parts.length === 3)
    return { kind: parts[0] as string, id: (parts[1] as string).trim(), fn: parts[2] as string };
  if (parts.length === 2) return { kind: parts[0] as string, id: '', fn: parts[1] as string };
  throw new UnknownFormError(text, where);
}

/** Apply one line's STATE to the budget before it. */
export function applyState(previous: TraceBudget | undefined, state: string, where: string): TraceBudget {
  const other = { ...previous?.other };
  let cpu = previous?.cpu;
  let mem = previous?.mem;
  for (const field of state.split(',')) {
    const text = field.trim();
    if (text === '') continue;
    const colon = text.indexOf(':');
    if (colon < 0) throw new UnknownFormError(text, where);
    const name = text.slice(0, colon);
    const value = text.slice(colon + 1);
    if (name === 'cpu') cpu = Number(value);
    else if (name === 'mem') mem = Number(value);
    else other[name] = value;
  }
  if (cpu === undefined || mem === undefined || Number.isNaN(cpu) || Number.isNaN(mem)) {
    throw new UnknownFormError(state, `${where} (no cpu/mem yet)`);
  }
  return { cpu, mem, other };
}

/** Parse a trace file's JSON text. */
export function readTrace(name: string, json: string): Trace {
  // The Rust harness writes the lines from a map sorted by key text; with 4-wide padding that is
  // line order only below 10000 ("10000" sorts just after "1000"), so order by the number.
  const entries = Object.entries(JSON.parse(json) as Record<string, string>).sort(
    ([a], [b]) => lineNumber(a) - lineNumber(b),
  );
  const steps: TraceStep[] = [];
  const keys: NestLine[] = [];
  let budget: TraceBudget | undefined;
  for (const [key, state] of entries) {
    const where = `${name} line ${JSON.stringify(key)}`;
    const m = KEY.exec(key);
    if (!m) throw new UnknownFormError(key, where);
    budget = applyState(budget, state, where);
    const line = readLine(m[2] as TraceStep['kind'], m[3] ?? '', Number(m[1]), budget, where);
    steps.push(line.step);
    keys.push({ kind: line.step.kind, key: line.key });
  }
  const nesting = nestingDepths(keys);
  if ('unopened' in nesting) {
    const step = steps[nesting.unopened] as TraceStep;
    throw new UnknownFormError(
      `${keys[nesting.unopened]?.kind} ${keys[nesting.unopened]?.key} never opened`,
      `${name} line ${step.index}`,
    );
  }
  nesting.depths.forEach((depth, i) => {
    (steps[i] as TraceStep).depth = depth;
  });
  return { name, steps };
}

function lineNumber(key: string): number {
  const n = Number.parseInt(key.trim(), 10);
  return Number.isNaN(n) ? -1 : n;
}

/** One line's step (depth filled in later) and the key that pairs openers with closers. */
function readLine(
  kind: TraceStep['kind'],
  rest: string,
  index: number,
  budget: TraceBudget,
  where: string,
): { step: TraceStep; key: string } {
  const base = { index, depth: 0, budget };
  switch (kind) {
    case 'begin':
    case 'end':
      return { step: { kind, ...base }, key: kind };
    case 'call': {
      const m = match(CALL, rest, where);
      return { step: { kind, ...base, name: m[1], args: parseArgs(m[2], where) }, key: m[1] };
    }
    case 'ret': {
      const m = match(RET, rest, where);
      return { step: { kind, ...base, name: m[1], result: parseResult(m[2], where) }, key: m[1] };
    }
    case 'push': {
      const m = match(PUSH, rest, where);
      return {
        step: { kind, ...base, frame: parseFrame(m[1], where), args: parseArgs(m[2], where) },
        key: m[1],
      };
    }
    case 'pop': {
      const m = match(POP, rest, where);
      return {
        step: { kind, ...base, frame: parseFrame(m[1], where), result: parseResult(m[2], where) },
        key: m[1],
      };
    }
  }
}

function match(re: RegExp, text: string, where: string): [string, string, string] {
  const m = re.exec(text);
  if (!m) throw new UnknownFormError(text, where);
  return [m[0], m[1] as string, m[2] as string];
}
