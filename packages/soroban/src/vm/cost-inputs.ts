/**
 * The inputs of the refined parse/instantiate cost model (xdr ContractCodeCostInputs), counted as
 * `ParsedModule::extract_refined_contract_cost_inputs` (vm/parsed_module.rs) counts them with
 * wasmparser, with the same extra refusals (all `(WasmVm, InvalidInput)`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { ConstExpr, WasmModule } from './module.js';
import { bodyOperators } from './module.js';
import { Op } from './operators.js';

export interface CostInputs {
  nInstructions: number;
  nFunctions: number;
  nGlobals: number;
  nTableEntries: number;
  nTypes: number;
  nDataSegments: number;
  nElemSegments: number;
  nImports: number;
  nExports: number;
  nDataSegmentBytes: number;
}

const PAGE = 0x10000;
const U32_MAX = 0xffffffff;
const satAdd = (a: number, b: number): number => Math.min(U32_MAX, a + b);

function refuse(detail: string): HostError {
  return new HostError('WasmVm', 'InvalidInput', detail);
}

/** Only `i32.const`, `i64.const`, `ref.func` and `ref.null` may appear in a constant expression. */
function checkConstExprSimple(expr: ConstExpr): void {
  for (const op of expr.ops) {
    if (op.code !== Op.i32Const && op.code !== Op.i64Const && op.code !== Op.end) {
      throw refuse('unsupported complex Wasm constant expression');
    }
  }
}

export function extractCostInputs(m: WasmModule): CostInputs {
  if (m.start !== undefined) throw refuse('unsupported wasm section type');
  let availableMemory = 0;
  for (const mem of m.memories) {
    if (mem.min * PAGE > U32_MAX) throw refuse('unsupported memory size');
    availableMemory = satAdd(availableMemory, mem.min * PAGE);
  }
  let nTableEntries = 0;
  for (const t of m.tables) nTableEntries = satAdd(nTableEntries, t.min);
  for (const g of m.globals) checkConstExprSimple(g.init);
  let elements = 0;
  for (const e of m.elements) {
    if (e.offset) checkConstExprSimple(e.offset);
    elements = satAdd(elements, e.funcs?.length ?? e.exprs?.length ?? 0);
    for (const x of e.exprs ?? []) checkConstExprSimple(x);
  }
  let nDataSegmentBytes = 0;
  for (const d of m.data) {
    nDataSegmentBytes = satAdd(nDataSegmentBytes, d.data.length);
    if (d.offset) checkConstExprSimple(d.offset);
  }
  let nInstructions = 0;
  for (const body of m.code) {
    for (const _ of bodyOperators(m, body)) nInstructions = satAdd(nInstructions, 1);
  }
  if (nDataSegmentBytes > availableMemory) throw refuse('data segment(s) content exceeds memory size');
  if (elements > nTableEntries) throw refuse('elem segments(s) content exceeds table size');
  return {
    nInstructions,
    nFunctions: m.counts.functions,
    nGlobals: m.counts.globals,
    nTableEntries,
    nTypes: m.counts.types,
    nDataSegments: m.counts.data,
    nElemSegments: m.counts.elements,
    nImports: m.counts.imports,
    nExports: m.counts.exports,
    nDataSegmentBytes,
  };
}

/** The inputs as the XDR struct stored in a ContractCodeEntry's V1 extension. */
export function costInputsToXdr(c: CostInputs): xdr.ContractCodeCostInputs {
  return new xdr.ContractCodeCostInputs({ ext: xdr.ExtensionPoint.v0(), ...c });
}

/** The inputs read back from a ContractCodeEntry's V1 extension. */
export function costInputsFromXdr(x: xdr.ContractCodeCostInputs): CostInputs {
  return {
    nInstructions: x.nInstructions,
    nFunctions: x.nFunctions,
    nGlobals: x.nGlobals,
    nTableEntries: x.nTableEntries,
    nTypes: x.nTypes,
    nDataSegments: x.nDataSegments,
    nElemSegments: x.nElemSegments,
    nImports: x.nImports,
    nExports: x.nExports,
    nDataSegmentBytes: x.nDataSegmentBytes,
  };
}
