/**
 * Replays the host calls of a golden trace (`observations-23/*.json`) through env modules and
 * compares each result and each call's CPU and memory with the trace's. A trace is replayed up to
 * the first step this cannot follow: a call of another module, a nested call, or work the test
 * did between calls that made objects (their contents are not in the trace).
 *
 * Costs are the budget's at protocol 23 (`budget.rs` default params, `model.rs`: const + lin*x>>7),
 * for the cost types these modules charge. The charges of the dispatcher, which these calls skip,
 * are added here: its integrity check (a VisitObject) of each object argument and object result.
 */
import { HostError } from '../../../src/errors/host-error.js';
import { visitBytes } from '../../../src/host/functions/access.js';
import type { HostModule } from '../../../src/host/functions/types.js';
import { TAG_OF_KIND } from '../../../src/host/objects.js';
import { smallSymbol, smallSymbolText } from '../../../src/values/symbol.js';
import { Tag, tagName } from '../../../src/values/tags.js';
import {
  FALSE,
  fromHandle,
  fromI32,
  fromU32,
  handleOf,
  i32Of,
  isObject,
  smallNumber,
  smallNumberOf,
  TRUE,
  tagOf,
  u32Of,
  type Val,
  VOID,
} from '../../../src/values/val.js';
import { type Harness, harness } from './support.js';

const MODEL: Record<string, { cpu: [number, number]; mem: [number, number] }> = {
  VisitObject: { cpu: [61, 0], mem: [0, 0] },
  MemAlloc: { cpu: [434, 16], mem: [16, 128] },
  MemCpy: { cpu: [42, 16], mem: [0, 0] },
  MemCmp: { cpu: [44, 16], mem: [0, 0] },
  ValSer: { cpu: [230, 29], mem: [242, 384] },
  ValDeser: { cpu: [59052, 4001], mem: [0, 384] },
};

function cost(costType: string, input: bigint | undefined): { cpu: number; mem: number } {
  const model = MODEL[costType];
  if (!model) throw new Error(`no cost model for ${costType}`);
  const term = ([c, lin]: [number, number]) =>
    c + (input === undefined ? 0 : Number((BigInt(lin) * input) >> 7n));
  return { cpu: term(model.cpu), mem: term(model.mem) };
}

export interface Step {
  line: string;
  want: string;
  got: string;
  cpu: [number, number];
  mem: [number, number];
}

const budgetOf = (text: string, field: string): number | undefined => {
  const match = new RegExp(`${field}:(\\d+)`).exec(text);
  return match ? Number(match[1]) : undefined;
};
const objectCount = (text: string): number | undefined => {
  const match = /objs:-\/(\d+)@/.exec(text);
  return match ? Number(match[1]) : undefined;
};

function parseArg(text: string): Val | number {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  if (t === 'True') return TRUE;
  if (t === 'False') return FALSE;
  if (t === 'Void') return VOID;
  const match = /^(\w+)\((.*)\)$/.exec(t);
  if (!match) throw new Error(`unparsed argument ${t}`);
  const [, kind, body] = match as unknown as [string, string, string];
  const handle = /^obj#(\d+)$/.exec(body);
  if (handle) return fromHandle(Number(handle[1]), TAG_OF_KIND[kind as keyof typeof TAG_OF_KIND]);
  if (kind === 'U32') return fromU32(Number(body));
  if (kind === 'I32') return fromI32(Number(body));
  if (kind === 'Symbol') return smallSymbol(body) as Val;
  const small = (Tag as Record<string, number>)[`${kind}Small`];
  if (small !== undefined) return smallNumber(BigInt(body), small as never) as Val;
  throw new Error(`unparsed argument ${t}`);
}

function show(val: Val): string {
  if (isObject(val)) return `${tagName(tagOf(val))?.replace('Object', '')}(obj#${handleOf(val)})`;
  switch (tagOf(val)) {
    case Tag.True:
      return 'True';
    case Tag.False:
      return 'False';
    case Tag.Void:
      return 'Void';
    case Tag.U32Val:
      return `U32(${u32Of(val)})`;
    case Tag.I32Val:
      return `I32(${i32Of(val)})`;
    case Tag.SymbolSmall:
      return `Symbol(${smallSymbolText(val)})`;
    default:
      return `${tagName(tagOf(val))?.replace('Small', '')}(${smallNumberOf(val)})`;
  }
}

/** Host calls the traces make that are not env functions: made here as the host makes them, unchecked by the dispatcher. */
type SliceCall = (h: Harness, args: (Val | number)[], text: string) => string;
const SLICE_CALLS: Record<string, SliceCall> = {
  bytes_new_from_slice: (h, [len], text) => newFromSlice(h, 'Bytes', len as number, text),
  string_new_from_slice: (h, [len], text) => newFromSlice(h, 'String', len as number, text),
  bytes_copy_to_slice: (h, args) => copyToSlice(h, 'Bytes', args),
  string_copy_to_slice: (h, args) => copyToSlice(h, 'String', args),
  symbol_copy_to_slice: (h, args) => copyToSlice(h, 'Symbol', args),
};
function copyToSlice(
  h: Harness,
  kind: 'Bytes' | 'String' | 'Symbol',
  [obj, pos, len]: (Val | number)[],
): string {
  const bytes = visitBytes(h.context, obj as Val, kind);
  if (u32Of(pos as Val) + (len as number) > bytes.length) return 'Err(Error(Object, IndexBounds))';
  h.context.host.meter.charge('MemCpy', BigInt(len as number));
  return 'Ok(Void)';
}
/** The test's bytes are not in the trace: the caller names them, else they are zeros. */
function newFromSlice(h: Harness, kind: 'Bytes' | 'String', len: number, text: string): string {
  h.context.host.meter.charge('MemCpy', 24n);
  h.context.host.meter.charge('MemAlloc', BigInt(len));
  h.context.host.meter.charge('MemCpy', BigInt(len));
  const value = text.length === len ? Uint8Array.from(Buffer.from(text, 'latin1')) : new Uint8Array(len);
  return `Ok(${show(h.host.objects.add({ kind, value }))})`;
}

/** The steps of a trace these modules can follow, each with what the trace says and what was got. */
export function replay(trace: Record<string, string>, modules: HostModule[], sliceText = ''): Step[] {
  const h = harness({ vm: false });
  const lookup = (name: string) => modules.find((m) => m[name])?.[name];
  const lines = Object.entries(trace);
  const steps: Step[] = [];
  let cpu = 0;
  let mem = 0;
  for (let i = 0; i < lines.length; i++) {
    const [line, budget] = lines[i] as [string, string];
    const call = /^\s*\d+ call (\w+)\((.*)\)$/.exec(line);
    if (!call) continue;
    const [, name, argText] = call as unknown as [string, string, string];
    if (budget) {
      // Work between calls is followed only where it made no objects.
      if ((objectCount(budget) ?? h.host.objects.size) !== h.host.objects.size) break;
      cpu = budgetOf(budget, 'cpu') ?? cpu;
      mem = budgetOf(budget, 'mem') ?? mem;
    }
    const [retLine, retBudget] = lines[i + 1] ?? ['', ''];
    const ret = new RegExp(`^\\s*\\d+ ret ${name} -> (.*)$`).exec(retLine);
    const fn = lookup(name);
    // Running out of budget is the budget's to decide, not the modules'.
    if (!ret || (!fn && !SLICE_CALLS[name]) || ret[1]?.startsWith('Err(Error(Budget')) break;
    const args = argText.trim() ? argText.split(',').map(parseArg) : [];
    const before = { charges: h.charges.length, objects: h.host.objects.size };
    let got: string;
    let resultIsObject = false;
    if (fn) {
      try {
        const result = h.call({ [name]: fn }, name, ...args);
        resultIsObject = isObject(result);
        got = `Ok(${show(result)})`;
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
        got = `Err(${error.short})`;
      }
    } else got = (SLICE_CALLS[name] as SliceCall)(h, args, sliceText);
    let spentCpu = 0;
    let spentMem = 0;
    const spend = (costType: string, input?: bigint) => {
      const c = cost(costType, input);
      spentCpu += c.cpu;
      spentMem += c.mem;
    };
    for (const c of h.charges.slice(before.charges)) spend(c.costType, c.input);
    if (fn) {
      for (const arg of args) if (typeof arg !== 'number' && isObject(arg)) spend('VisitObject');
      if (resultIsObject) spend('VisitObject');
    }
    const nextCpu = budgetOf(retBudget, 'cpu') ?? cpu;
    const nextMem = budgetOf(retBudget, 'mem') ?? mem;
    steps.push({
      line: line.trim(),
      want: (ret[1] as string).replace('Ok(())', 'Ok(Void)'),
      got,
      cpu: [nextCpu - cpu, spentCpu],
      mem: [nextMem - mem, spentMem],
    });
    cpu = nextCpu;
    mem = nextMem;
    i++;
  }
  return steps;
}
