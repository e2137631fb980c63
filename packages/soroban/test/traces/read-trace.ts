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
 * (a bad argument from a contract) has no `ret`: the frame's `pop` follows it directly.
 */
import { Nesting } from './nesting.js';
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
  if (parts.length === 3) return { kind: parts[0] as string, id: (parts[1] as string).trim(), fn: parts[2] as string };
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

function lineNumber(key: string): number {
  const n = Number.parseInt(key.trim(), 10);
  return Number.isNaN(n) ? -1 : n;
}

/** Parse a trace file's JSON text. */
export function readTrace(name: string, json: string): Trace {
  // The Rust harness writes the lines from a map sorted by key text; with 4-wide padding that is
  // line order only below 10000 ("10000" sorts just after "1000"), so order by the number.
  const entries = Object.entries(JSON.parse(json) as Record<string, string>).sort(
    ([a], [b]) => lineNumber(a) - lineNumber(b),
  );
  const steps: TraceStep[] = [];
  const open = new Nesting();
  let budget: TraceBudget | undefined;
  for (const [key, state] of entries) {
    const where = `${name} line ${JSON.stringify(key)}`;
    const m = KEY.exec(key);
    if (!m) throw new UnknownFormError(key, where);
    const index = Number(m[1]);
    const kind = m[2] as TraceStep['kind'];
    const rest = m[3] ?? '';
    budget = applyState(budget, state, where);
    steps.push(readLine(kind, rest, { index, budget, open, where }));
  }
  return { name, steps };
}

interface LineContext {
  index: number;
  budget: TraceBudget;
  open: Nesting;
  where: string;
}

function close(open: Nesting, kind: 'call' | 'push', name: string, where: string): number {
  const depth = open.leave({ kind, name });
  if (depth === undefined) throw new UnknownFormError(`${kind} ${name} closed but never opened`, where);
  return depth;
}

function readLine(kind: TraceStep['kind'], rest: string, ctx: LineContext): TraceStep {
  const { index, budget, open, where } = ctx;
  switch (kind) {
    case 'begin':
    case 'end':
      return { kind, index, depth: 0, budget };
    case 'call': {
      const m = CALL.exec(rest);
      if (!m) throw new UnknownFormError(rest, where);
      const name = m[1] as string;
      const depth = open.enter({ kind: 'call', name });
      return { kind, index, depth, budget, name, args: parseArgs(m[2] as string, where) };
    }
    case 'ret': {
      const m = RET.exec(rest);
      if (!m) throw new UnknownFormError(rest, where);
      const name = m[1] as string;
      const depth = close(open, 'call', name, where);
      return { kind, index, depth, budget, name, result: parseResult(m[2] as string, where) };
    }
    case 'push': {
      const m = PUSH.exec(rest);
      if (!m) throw new UnknownFormError(rest, where);
      const frame = parseFrame(m[1] as string, where);
      const depth = open.enter({ kind: 'push', name: m[1] as string });
      return { kind, index, depth, budget, frame, args: parseArgs(m[2] as string, where) };
    }
    case 'pop': {
      const m = POP.exec(rest);
      if (!m) throw new UnknownFormError(rest, where);
      const frameText = m[1] as string;
      const depth = close(open, 'push', frameText, where);
      return { kind, index, depth, budget, frame: parseFrame(frameText, where), result: parseResult(m[2] as string, where) };
    }
  }
}
