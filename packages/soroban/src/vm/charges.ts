/**
 * The budget charges of parsing and instantiating a contract, as `VersionedContractCodeCostInputs`
 * (vm/parsed_module.rs) makes them: one `VmInstantiation` (parse) plus one `VmCachedInstantiation`
 * (instantiate) by byte length when a code entry has no refined cost inputs (V0, and every
 * upload's first check), else one ParseWasm* / InstantiateWasm* charge per input (V1).
 */
import type { CostInputs } from './cost-inputs.js';
import type { VmMeter } from './meter.js';

/** V0: only the byte length is known; V1: the refined inputs stored with the code entry. */
export type VersionedCostInputs = { v0: { wasmBytes: number } } | { v1: CostInputs };

type Field = keyof CostInputs;
/** Each parse cost type and the cost input it is charged with (also what a module's memory is counted by). */
export const PARSE_CHARGES: ReadonlyArray<readonly [string, Field]> = [
  ['ParseWasmInstructions', 'nInstructions'],
  ['ParseWasmFunctions', 'nFunctions'],
  ['ParseWasmGlobals', 'nGlobals'],
  ['ParseWasmTableEntries', 'nTableEntries'],
  ['ParseWasmTypes', 'nTypes'],
  ['ParseWasmDataSegments', 'nDataSegments'],
  ['ParseWasmElemSegments', 'nElemSegments'],
  ['ParseWasmImports', 'nImports'],
  ['ParseWasmExports', 'nExports'],
  ['ParseWasmDataSegmentBytes', 'nDataSegmentBytes'],
];
/** Instructions and types are charged without an input at instantiation. */
const INSTANTIATE: Array<[string, Field | undefined]> = [
  ['InstantiateWasmInstructions', undefined],
  ['InstantiateWasmFunctions', 'nFunctions'],
  ['InstantiateWasmGlobals', 'nGlobals'],
  ['InstantiateWasmTableEntries', 'nTableEntries'],
  ['InstantiateWasmTypes', undefined],
  ['InstantiateWasmDataSegments', 'nDataSegments'],
  ['InstantiateWasmElemSegments', 'nElemSegments'],
  ['InstantiateWasmImports', 'nImports'],
  ['InstantiateWasmExports', 'nExports'],
  ['InstantiateWasmDataSegmentBytes', 'nDataSegmentBytes'],
];

/** `charge_for_parsing`. */
export function chargeForParsing(meter: VmMeter, inputs: VersionedCostInputs): void {
  if ('v0' in inputs) {
    meter.charge('VmInstantiation', BigInt(inputs.v0.wasmBytes));
    return;
  }
  for (const [costType, field] of PARSE_CHARGES) meter.charge(costType, BigInt(inputs.v1[field]));
}

/** `charge_for_instantiation`. */
export function chargeForInstantiation(meter: VmMeter, inputs: VersionedCostInputs): void {
  if ('v0' in inputs) {
    meter.charge('VmCachedInstantiation', BigInt(inputs.v0.wasmBytes));
    return;
  }
  for (const [costType, field] of INSTANTIATE) {
    if (field === undefined) meter.charge(costType);
    else meter.charge(costType, BigInt(inputs.v1[field]));
  }
}

/**
 * Declared sizes (host/declared_size.rs): a Vec is 24 bytes, a `&str` 16, a pair the sum of its
 * parts plus 8, a `wasmi::Value` 16.
 */
const VEC_SIZE = 24n;
export const SYMBOL_PAIR_SIZE = 16n + 16n + 8n;
export const WASMI_VALUE_SIZE = 16n;

/** `MeteredContainer::charge_bulk_init_cpy` for a Vec: the Vec copied, then `count` items allocated and copied. */
export function chargeVecBulkInitCopy(meter: VmMeter, count: number, itemSize: bigint): void {
  meter.charge('MemCpy', VEC_SIZE);
  meter.charge('MemAlloc', BigInt(count) * itemSize);
  meter.charge('MemCpy', BigInt(count) * itemSize);
}

/** `ParsedModule::with_import_symbols` charges its set of (module, name) imports as a Vec of pairs. */
export function chargeImportSymbols(meter: VmMeter, count: number): void {
  chargeVecBulkInitCopy(meter, count, SYMBOL_PAIR_SIZE);
}
