/**
 * The instrumented copy of a module that Node's WebAssembly runs: every body rewritten by
 * instrument-body.ts, two imported functions (`__vm.trap`, `__vm.grow`) appended after the
 * module's own imports, and three globals (fuel left, live Wasm frames, value-stack cells in use)
 * appended and exported, two more for scratch.
 * Other sections are copied; custom sections are dropped (the host reads them from the original).
 */

import { ByteWriter } from './bytes.js';
import { type FuelCosts, HOST_FUEL_COSTS } from './fuel-plan.js';
import { type InstrumentRefs, instrumentBody } from './instrument-body.js';
import {
  bodyOperators,
  type ConstExpr,
  type ElementSegment,
  FUNCREF,
  funcTypeOf,
  I32,
  I64,
  type Import,
  importedFuncCount,
  type Limits,
  type WasmModule,
} from './module.js';

export const VM_IMPORT_MODULE = '__vm';
/** Names under which the instrumented module exports its bookkeeping globals. */
export interface VmGlobalNames {
  fuel: string;
  depth: string;
  stack: string;
}

/** `__vm.fuel` and so on, or with a number added if the contract already exports such a name. */
function globalNames(m: WasmModule): VmGlobalNames {
  const taken = new Set(m.exports.map((e) => e.name));
  for (let n = 0; ; n++) {
    const prefix = n === 0 ? '__vm' : `__vm${n}`;
    const names = { fuel: `${prefix}.fuel`, depth: `${prefix}.depth`, stack: `${prefix}.stack` };
    if (!Object.values(names).some((name) => taken.has(name))) return names;
  }
}

function section(out: ByteWriter, id: number, content: ByteWriter | Uint8Array): void {
  out.byte(id).sized(content);
}

function limits(w: ByteWriter, l: Limits): void {
  if (l.max === undefined) w.byte(0).u32(l.min);
  else w.byte(1).u32(l.min).u32(l.max);
}

function importEntry(w: ByteWriter, i: Import): void {
  const name = (s: string) => w.sized(new TextEncoder().encode(s));
  name(i.module);
  name(i.name);
  switch (i.kind) {
    case 'func':
      w.byte(0).u32(i.typeIndex);
      break;
    case 'table':
      w.byte(1).byte(FUNCREF);
      limits(w, i.limits);
      break;
    case 'memory':
      w.byte(2);
      limits(w, i.limits);
      break;
    case 'global':
      w.byte(3)
        .byte(i.type)
        .byte(i.mutable ? 1 : 0);
      break;
  }
}

function elementSegment(w: ByteWriter, e: ElementSegment, remap: (i: number) => number): void {
  // Constant expressions hold only constants here (ref.func is refused), so they copy as they are.
  const expr = (x: ConstExpr) => w.bytes(x.bytes);
  const exprs = e.exprs !== undefined;
  const flags =
    (e.mode === 'active' ? (e.table !== 0 ? 2 : 0) : e.mode === 'passive' ? 1 : 3) | (exprs ? 4 : 0);
  w.u32(flags);
  if (e.mode === 'active') {
    if (flags & 2) w.u32(e.table);
    expr(e.offset as ConstExpr);
  }
  if (flags & 3) w.byte(exprs ? FUNCREF : 0);
  if (e.exprs) {
    w.u32(e.exprs.length);
    for (const x of e.exprs) expr(x);
  } else {
    const funcs = e.funcs ?? [];
    w.u32(funcs.length);
    for (const f of funcs) w.u32(remap(f));
  }
}

export interface Instrumented {
  bytes: Uint8Array<ArrayBuffer>;
  refs: InstrumentRefs;
  globalNames: VmGlobalNames;
}

export function instrumentModule(m: WasmModule, fuelCosts: FuelCosts = HOST_FUEL_COSTS): Instrumented {
  const raw = (id: number) => {
    const r = m.sections.get(id);
    return r ? m.bytes.subarray(r.start, r.end) : undefined;
  };
  const nFuncImports = importedFuncCount(m);
  const nGlobals = m.imports.filter((i) => i.kind === 'global').length + m.globals.length;
  const refs: InstrumentRefs = {
    trapFunc: nFuncImports,
    growFunc: nFuncImports + 1,
    fuelGlobal: nGlobals,
    depthGlobal: nGlobals + 1,
    stackGlobal: nGlobals + 2,
    countGlobal: nGlobals + 3,
    amountGlobal: nGlobals + 4,
    remapFunc: (i) => (i < nFuncImports ? i : i + 2),
  };
  const trapType = m.types.length;
  const growType = m.types.length + 1;
  const out = new ByteWriter().bytes([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);

  const types = new ByteWriter().u32(m.types.length + 2);
  for (const t of m.types) {
    types.byte(0x60).u32(t.params.length).bytes(t.params).u32(t.results.length).bytes(t.results);
  }
  types.byte(0x60).u32(1).byte(I32).u32(0);
  types.byte(0x60).u32(2).byte(I32).byte(I32).u32(0);
  section(out, 1, types);

  const imports = new ByteWriter().u32(m.imports.length + 2);
  for (const i of m.imports) importEntry(imports, i);
  importEntry(imports, { module: VM_IMPORT_MODULE, name: 'trap', kind: 'func', typeIndex: trapType });
  importEntry(imports, { module: VM_IMPORT_MODULE, name: 'grow', kind: 'func', typeIndex: growType });
  section(out, 2, imports);

  for (const id of [3, 4, 5]) {
    const content = raw(id);
    if (content) section(out, id, content);
  }

  const globals = new ByteWriter().u32(m.globals.length + 5);
  for (const g of m.globals)
    globals
      .byte(g.type)
      .byte(g.mutable ? 1 : 0)
      .bytes(g.init.bytes);
  globals.byte(I64).byte(1).byte(0x42).signed(0n).byte(0x0b);
  globals.byte(I32).byte(1).byte(0x41).signed(0n).byte(0x0b);
  globals.byte(I32).byte(1).byte(0x41).signed(0n).byte(0x0b);
  globals.byte(I32).byte(1).byte(0x41).signed(0n).byte(0x0b);
  globals.byte(I64).byte(1).byte(0x42).signed(0n).byte(0x0b);
  section(out, 6, globals);

  const exports = new ByteWriter().u32(m.exports.length + 3);
  const kinds = { func: 0, table: 1, memory: 2, global: 3 } as const;
  const exportEntry = (name: string, kind: keyof typeof kinds, index: number) => {
    exports.sized(new TextEncoder().encode(name)).byte(kinds[kind]).u32(index);
  };
  for (const e of m.exports)
    exportEntry(e.name, e.kind, e.kind === 'func' ? refs.remapFunc(e.index) : e.index);
  const names = globalNames(m);
  exportEntry(names.fuel, 'global', refs.fuelGlobal);
  exportEntry(names.depth, 'global', refs.depthGlobal);
  exportEntry(names.stack, 'global', refs.stackGlobal);
  section(out, 7, exports);

  if (m.start !== undefined) section(out, 8, new ByteWriter().u32(refs.remapFunc(m.start)));
  if (m.elements.length > 0 || m.sections.has(9)) {
    const elements = new ByteWriter().u32(m.elements.length);
    for (const e of m.elements) elementSegment(elements, e, refs.remapFunc);
    section(out, 9, elements);
  }
  const dataCount = raw(12);
  if (dataCount) section(out, 12, dataCount);

  const code = new ByteWriter().u32(m.code.length);
  const ctx = { funcType: (i: number) => funcTypeOf(m, i), type: (i: number) => m.types[i] };
  m.code.forEach((body, i) => {
    const type = m.types[m.functions[i] as number] ?? { params: [], results: [] };
    const ops = [...bodyOperators(m, body)];
    code.sized(instrumentBody(m.bytes, type, body.locals, ops, refs, ctx, fuelCosts));
  });
  section(out, 10, code);

  const data = raw(11);
  if (data) section(out, 11, data);
  return { bytes: out.finish(), refs, globalNames: names };
}
