/**
 * The sections of a WebAssembly module as the Soroban host reads them: types, imports, functions,
 * tables, memory, globals, exports, start, element and data segments, code bodies and custom
 * sections. Malformed bytes raise `WasmFormatError`; a construct the host's wasmi configuration
 * turns off (floats, multi-value, reference types, shared or 64-bit memory, ...) raises
 * `RefusedOperator` naming the feature.
 */
import { ByteReader, WasmFormatError } from './bytes.js';
import { Op, type Operator, RefusedOperator, readOperator } from './operators.js';

/** wasmparser's limits (limits.rs), which the host's parser enforces beyond the spec. */
const LIMITS = {
  types: 1_000_000,
  functions: 1_000_000,
  exports: 100_000,
  globals: 1_000_000,
  elementSegments: 100_000,
  dataSegments: 100_000,
  functionSize: 128 * 1024,
  functionLocals: 50_000,
  params: 1000,
  tableEntries: 10_000_000,
} as const;

export const I32 = 0x7f;
export const I64 = 0x7e;
export const FUNCREF = 0x70;

export interface FuncType {
  params: number[];
  results: number[];
}
export interface Limits {
  min: number;
  max?: number;
}
export type ImportDesc =
  | { kind: 'func'; typeIndex: number }
  | { kind: 'table'; limits: Limits }
  | { kind: 'memory'; limits: Limits }
  | { kind: 'global'; type: number; mutable: boolean };
export type Import = { module: string; name: string } & ImportDesc;
export interface Export {
  name: string;
  kind: 'func' | 'table' | 'memory' | 'global';
  index: number;
}
/** A constant expression: its operators (the closing `end` included) and raw bytes. */
export interface ConstExpr {
  ops: Operator[];
  bytes: Uint8Array;
}
export interface Global {
  type: number;
  mutable: boolean;
  init: ConstExpr;
}
export interface ElementSegment {
  mode: 'active' | 'passive' | 'declared';
  table: number;
  offset?: ConstExpr;
  /** Function indices, or one constant expression per item for the expression encoding. */
  funcs?: number[];
  exprs?: ConstExpr[];
}
export interface DataSegment {
  mode: 'active' | 'passive';
  offset?: ConstExpr;
  data: Uint8Array;
}
export interface FunctionBody {
  /** Declared locals as (count, type) runs, parameters excluded. */
  locals: Array<[number, number]>;
  /** Byte range of the operators (after the locals), in the module's bytes. */
  start: number;
  end: number;
}
export interface CustomSection {
  name: string;
  data: Uint8Array;
}

export interface WasmModule {
  bytes: Uint8Array;
  types: FuncType[];
  imports: Import[];
  /** Type index of each function defined in the module. */
  functions: number[];
  tables: Limits[];
  memories: Limits[];
  globals: Global[];
  exports: Export[];
  start?: number;
  elements: ElementSegment[];
  data: DataSegment[];
  dataCount?: number;
  code: FunctionBody[];
  customSections: CustomSection[];
  /** Byte range of each non-custom section's content, by section id. */
  sections: Map<number, { start: number; end: number }>;
  /** Declared entry counts of each section's vector, as wasmparser's `count()` reports them. */
  counts: {
    types: number;
    imports: number;
    functions: number;
    globals: number;
    exports: number;
    elements: number;
    data: number;
  };
}

function valueType(r: ByteReader): number {
  const t = r.byte();
  if (t === I32 || t === I64) return t;
  if (t === 0x7d || t === 0x7c) throw new RefusedOperator('floats', t);
  if (t === 0x70 || t === 0x6f) throw new RefusedOperator('reference-types', t);
  if (t === 0x7b) throw new RefusedOperator('simd', t);
  throw new WasmFormatError(`unknown value type 0x${t.toString(16)}`);
}

function limits(r: ByteReader): Limits {
  const flags = r.byte();
  if (flags & 0x02) throw new RefusedOperator('threads', flags);
  if (flags & ~0x01) throw new WasmFormatError(`unsupported limits flags 0x${flags.toString(16)}`);
  const min = r.u32();
  return flags & 0x01 ? { min, max: r.u32() } : { min };
}

function tableType(r: ByteReader): Limits {
  const t = r.byte();
  if (t === 0x6f) throw new RefusedOperator('reference-types', t);
  if (t !== FUNCREF) throw new WasmFormatError(`unknown table element type 0x${t.toString(16)}`);
  const l = limits(r);
  if (l.min > LIMITS.tableEntries) throw new WasmFormatError('table too large');
  return l;
}

/** A constant expression, up to and including its `end`. */
export function constExpr(r: ByteReader): ConstExpr {
  const start = r.pos;
  const ops: Operator[] = [];
  for (;;) {
    const op = readOperator(r);
    ops.push(op);
    if (op.code === Op.end) break;
  }
  return { ops, bytes: r.bytes.subarray(start, r.pos) };
}

function vector<T>(r: ByteReader, item: (r: ByteReader) => T, limit = Number.MAX_SAFE_INTEGER): T[] {
  const count = r.u32();
  if (count > limit) throw new WasmFormatError(`vector of ${count} exceeds the limit of ${limit}`);
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(item(r));
  return out;
}

function importEntry(r: ByteReader): Import {
  const module = r.name();
  const name = r.name();
  const kind = r.byte();
  switch (kind) {
    case 0:
      return { module, name, kind: 'func', typeIndex: r.u32() };
    case 1:
      return { module, name, kind: 'table', limits: tableType(r) };
    case 2:
      return { module, name, kind: 'memory', limits: limits(r) };
    case 3: {
      const type = valueType(r);
      return { module, name, kind: 'global', type, mutable: mutability(r) };
    }
    default:
      throw new WasmFormatError(`unknown import kind ${kind}`);
  }
}

function mutability(r: ByteReader): boolean {
  const m = r.byte();
  if (m > 1) throw new WasmFormatError(`bad global mutability ${m}`);
  return m === 1;
}

const EXPORT_KINDS = ['func', 'table', 'memory', 'global'] as const;

function elementSegment(r: ByteReader): ElementSegment {
  const flags = r.u32();
  if (flags > 7) throw new WasmFormatError(`bad element segment flags ${flags}`);
  const passiveOrDeclared = (flags & 0x01) !== 0;
  const explicitTable = (flags & 0x02) !== 0;
  const usesExprs = (flags & 0x04) !== 0;
  const mode = !passiveOrDeclared ? 'active' : explicitTable ? 'declared' : 'passive';
  let table = 0;
  let offset: ConstExpr | undefined;
  if (mode === 'active') {
    if (explicitTable) table = r.u32();
    offset = constExpr(r);
  }
  if (passiveOrDeclared || explicitTable) {
    const kind = r.byte();
    if (usesExprs ? kind !== FUNCREF : kind !== 0x00) throw new RefusedOperator('reference-types', kind);
  }
  if (usesExprs) return { mode, table, offset, exprs: vector(r, constExpr) };
  return { mode, table, offset, funcs: vector(r, (x) => x.u32()) };
}

function dataSegment(r: ByteReader): DataSegment {
  const flags = r.u32();
  if (flags === 1) return { mode: 'passive', data: r.take(r.u32()) };
  if (flags === 2 && r.u32() !== 0) throw new WasmFormatError('data segment for a memory other than 0');
  if (flags > 2) throw new WasmFormatError(`bad data segment flags ${flags}`);
  const offset = constExpr(r);
  return { mode: 'active', offset, data: r.take(r.u32()) };
}

function codeEntry(r: ByteReader): FunctionBody {
  const size = r.u32();
  if (size > LIMITS.functionSize) throw new WasmFormatError(`function body of ${size} bytes is too large`);
  const end = r.pos + size;
  if (end > r.end) throw new WasmFormatError('function body runs past its section');
  const body = new ByteReader(r.bytes, r.pos, end);
  const locals = vector(body, (x): [number, number] => [x.u32(), valueType(x)]);
  if (locals.reduce((n, [count]) => n + count, 0) > LIMITS.functionLocals)
    throw new WasmFormatError('too many locals');
  r.pos = end;
  return { locals, start: body.pos, end };
}

const SECTION_ORDER = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 10, 11];

/** Decodes every section of a module; function bodies are kept as byte ranges. */
export function parseModule(bytes: Uint8Array): WasmModule {
  const r = new ByteReader(bytes);
  const magic = r.take(8);
  if (magic[0] !== 0 || magic[1] !== 0x61 || magic[2] !== 0x73 || magic[3] !== 0x6d) {
    throw new WasmFormatError('not a WebAssembly module');
  }
  if (magic[4] !== 1 || magic[5] !== 0 || magic[6] !== 0 || magic[7] !== 0) {
    throw new WasmFormatError('unsupported WebAssembly version (not a core module)');
  }
  const m: WasmModule = {
    bytes,
    types: [],
    imports: [],
    functions: [],
    tables: [],
    memories: [],
    globals: [],
    exports: [],
    elements: [],
    data: [],
    code: [],
    customSections: [],
    sections: new Map(),
    counts: { types: 0, imports: 0, functions: 0, globals: 0, exports: 0, elements: 0, data: 0 },
  };
  let lastOrder = 0;
  while (!r.eof) {
    const id = r.byte();
    const size = r.u32();
    const s = new ByteReader(bytes, r.pos, r.pos + size);
    if (s.end > bytes.length) throw new WasmFormatError(`section ${id} runs past the end`);
    r.pos = s.end;
    if (id === 0) {
      const name = s.name();
      m.customSections.push({ name, data: bytes.subarray(s.pos, s.end) });
      continue;
    }
    const order = SECTION_ORDER.indexOf(id);
    if (order < 0) throw new WasmFormatError(`unknown section id ${id}`);
    if (order <= lastOrder) throw new WasmFormatError(`section ${id} out of order or repeated`);
    lastOrder = order;
    m.sections.set(id, { start: s.pos, end: s.end });
    readSection(m, id, s);
    if (!s.eof) throw new WasmFormatError(`section ${id} has trailing bytes`);
  }
  if (m.functions.length !== m.code.length)
    throw new WasmFormatError('function and code section counts differ');
  return m;
}

function readSection(m: WasmModule, id: number, s: ByteReader): void {
  switch (id) {
    case 1:
      m.types = vector(s, funcType, LIMITS.types);
      m.counts.types = m.types.length;
      break;
    case 2:
      m.imports = vector(s, importEntry);
      m.counts.imports = m.imports.length;
      break;
    case 3:
      m.functions = vector(s, (x) => x.u32(), LIMITS.functions);
      m.counts.functions = m.functions.length;
      break;
    case 4:
      m.tables = vector(s, tableType);
      break;
    case 5:
      m.memories = vector(s, limits);
      break;
    case 6:
      m.globals = vector(
        s,
        (x) => {
          const type = valueType(x);
          const mutable = mutability(x);
          return { type, mutable, init: constExpr(x) };
        },
        LIMITS.globals,
      );
      m.counts.globals = m.globals.length;
      break;
    case 7:
      m.exports = vector(
        s,
        (x) => {
          const name = x.name();
          const kind = EXPORT_KINDS[x.byte()];
          if (!kind) throw new WasmFormatError('unknown export kind');
          return { name, kind, index: x.u32() };
        },
        LIMITS.exports,
      );
      m.counts.exports = m.exports.length;
      break;
    case 8:
      m.start = s.u32();
      break;
    case 9:
      m.elements = vector(s, elementSegment, LIMITS.elementSegments);
      m.counts.elements = m.elements.length;
      break;
    case 12:
      m.dataCount = s.u32();
      if (m.dataCount > LIMITS.dataSegments) throw new WasmFormatError('data count exceeds the limit');
      break;
    case 10:
      m.code = vector(s, codeEntry);
      break;
    case 11:
      m.data = vector(s, dataSegment, LIMITS.dataSegments);
      m.counts.data = m.data.length;
      break;
  }
}

function funcType(r: ByteReader): FuncType {
  const form = r.byte();
  if (form !== 0x60) throw new WasmFormatError(`bad function type form 0x${form.toString(16)}`);
  const params = vector(r, valueType, LIMITS.params);
  const results = vector(r, valueType, LIMITS.params);
  if (results.length > 1) throw new RefusedOperator('multi-value', 0x60);
  return { params, results };
}

/** The operators of one function body, the closing `end` included. */
export function* bodyOperators(m: WasmModule, body: FunctionBody): Generator<Operator> {
  const r = new ByteReader(m.bytes, body.start, body.end);
  while (!r.eof) yield readOperator(r);
}

/** Imported functions come first in the function index space. */
export function importedFuncCount(m: WasmModule): number {
  return m.imports.filter((i) => i.kind === 'func').length;
}

/** The type of function `index` (imported or defined), or undefined when out of range. */
export function funcTypeOf(m: WasmModule, index: number): FuncType | undefined {
  const imported = m.imports.filter((i) => i.kind === 'func') as Array<{ typeIndex: number }>;
  const typeIndex =
    index < imported.length ? imported[index]?.typeIndex : m.functions[index - imported.length];
  return typeIndex === undefined ? undefined : m.types[typeIndex];
}
