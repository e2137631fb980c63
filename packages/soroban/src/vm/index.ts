// The VM layer: reading, validating and instrumenting contract WASM, and running instances.
export { chargeForInstantiation, chargeForParsing, type VersionedCostInputs } from './charges.js';
export { type CostInputs, costInputsFromXdr, costInputsToXdr, extractCostInputs } from './cost-inputs.js';
export {
  checkInterfaceVersion,
  ENV_META_SECTION,
  HOST_INTERFACE,
  type InterfaceVersion,
  readInterfaceVersion,
  SPEC_SECTION,
} from './env-meta.js';
export { FUEL_COSTS, planFuel } from './fuel-plan.js';
export { type CallOptions, type InstantiateOptions, instantiate, VmInstance } from './instance.js';
export type { HostImportFn, HostImports, InterfaceCheck } from './link.js';
export type { VmBudget, VmMeter } from './meter.js';
export { parseModule, type WasmModule } from './module.js';
export { MAX_VM_ARGS, type ParsedContract, type ParseOptions, parseContract } from './parse.js';
