/**
 * Parsing and validating a contract's WASM as `ParsedModule::new` / `parse_wasm`
 * (vm/parsed_module.rs) do: charge the parse, decode and validate under the host's wasmi
 * configuration (any failure there is wasmi's `Error::Module`, which the host reports as
 * `(WasmVm, InvalidAction)`), refuse exports with more than 32 parameters or results and check
 * the `contractenvmetav0` interface version. The result carries the instrumented, compiled module
 * that instances are made from.
 */

import { HostError, internalError } from '../errors/host-error.js';
import { WasmFormatError } from './bytes.js';
import { chargeForParsing, type VersionedCostInputs } from './charges.js';
import {
  checkInterfaceVersion,
  customSection,
  type InterfaceVersion,
  readInterfaceVersion,
  SPEC_SECTION,
} from './env-meta.js';
import type { FuelCosts } from './fuel-plan.js';
import { instrumentModule, type VmGlobalNames } from './instrument.js';
import type { InstrumentRefs } from './instrument-body.js';
import type { VmMeter } from './meter.js';
import {
  bodyOperators,
  type FuncType,
  funcTypeOf,
  type Limits,
  parseModule,
  type WasmModule,
} from './module.js';
import { RefusedOperator } from './operators.js';

/** `Vm::MAX_VM_ARGS`. */
export const MAX_VM_ARGS = 32;

export interface ParsedContract {
  module: WasmModule;
  /** The protocol the contract declares (`ParsedModule::proto_version`). */
  interfaceVersion: InterfaceVersion;
  costInputs: VersionedCostInputs;
  /** The raw `contractspecv0` section, for clients. */
  spec?: Uint8Array;
  /** The instrumented module's bytes, and the module compiled once and instantiated many times. */
  instrumented: Uint8Array<ArrayBuffer>;
  compiled: WebAssembly.Module;
  refs: InstrumentRefs;
  /** Export names of the instrumented module's fuel, frame and value-stack globals. */
  globalNames: VmGlobalNames;
  /** The module's memory limits (defined or imported), if it has one. */
  memory?: Limits;
  /** Each exported function's type, by export name. */
  exportedFuncs: Map<string, FuncType>;
}

export interface ParseOptions {
  ledgerProtocol: number;
  /** The newest ledger protocol the host serves (default: HOST_INTERFACE's). */
  envProtocol?: number;
  /** wasmi's fuel costs to translate with (default: the host's calibrated ones). */
  fuelCosts?: FuelCosts;
  meter: VmMeter;
  /** Refined inputs stored with the code entry; without them the V0 byte-length model applies. */
  costInputs?: VersionedCostInputs;
}

function invalidModule(detail: string): HostError {
  return new HostError('WasmVm', 'InvalidAction', detail);
}

function asInvalidModule<T>(step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof WasmFormatError || e instanceof RefusedOperator) throw invalidModule(e.message);
    throw e;
  }
}

/** Decodes the module and applies wasmi's feature set and structural limits. */
export function decodeUnderHostFeatures(bytes: Uint8Array): WasmModule {
  const m = asInvalidModule(() => parseModule(bytes));
  const count = (kind: string, defined: number) => m.imports.filter((i) => i.kind === kind).length + defined;
  if (count('memory', m.memories.length) > 1) throw invalidModule('multiple memories');
  if (count('table', m.tables.length) > 1) throw invalidModule('multiple tables');
  // Reading every operator applies the operator-level feature checks.
  asInvalidModule(() => {
    for (const body of m.code) for (const _ of bodyOperators(m, body));
  });
  if (!WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>))
    throw invalidModule('module fails WebAssembly validation');
  return m;
}

/** `check_max_args`: exported functions take and return at most 32 values. */
function checkMaxArgs(m: WasmModule): Map<string, FuncType> {
  const funcs = new Map<string, FuncType>();
  for (const e of m.exports) {
    if (e.kind !== 'func') continue;
    const type = funcTypeOf(m, e.index);
    if (!type) throw invalidModule('export of an unknown function');
    if (type.results.length > MAX_VM_ARGS)
      throw new HostError('WasmVm', 'InvalidInput', 'Too many return values in Wasm export');
    if (type.params.length > MAX_VM_ARGS)
      throw new HostError('WasmVm', 'InvalidInput', 'Too many arguments Wasm export');
    funcs.set(e.name, type);
  }
  return funcs;
}

function memoryLimits(m: WasmModule): Limits | undefined {
  const imported = m.imports.find((i) => i.kind === 'memory');
  return imported?.kind === 'memory' ? imported.limits : m.memories[0];
}

/** `ParsedModule::new`: charge, parse, validate, check the interface version; then compile. */
export function parseContract(bytes: Uint8Array, options: ParseOptions): ParsedContract {
  const costInputs = options.costInputs ?? { v0: { wasmBytes: bytes.length } };
  chargeForParsing(options.meter, costInputs);
  const module = decodeUnderHostFeatures(bytes);
  const exportedFuncs = checkMaxArgs(module);
  const interfaceVersion = readInterfaceVersion(module);
  checkInterfaceVersion(interfaceVersion, options.ledgerProtocol, options.envProtocol);
  const { bytes: instrumented, refs, globalNames } = instrumentModule(module, options.fuelCosts);
  let compiled: WebAssembly.Module;
  try {
    compiled = new WebAssembly.Module(instrumented);
  } catch (e) {
    throw internalError(`instrumented module does not compile: ${(e as Error).message}`);
  }
  return {
    module,
    interfaceVersion,
    costInputs,
    spec: customSection(module, SPEC_SECTION),
    instrumented,
    compiled,
    refs,
    globalNames,
    memory: memoryLimits(module),
    exportedFuncs,
  };
}
