// The VM layer: reading, validating and instrumenting contract WASM, and running instances.
export {
  chargeForInstantiation,
  chargeForParsing,
  chargeImportSymbols,
  chargeVecBulkInitCopy,
  type VersionedCostInputs,
} from './charges.js';
export { type CostInputs, costInputsFromXdr, costInputsToXdr, extractCostInputs } from './cost-inputs.js';
export {
  checkInterfaceVersion,
  ENV_META_SECTION,
  HOST_INTERFACE,
  type InterfaceVersion,
  readInterfaceVersion,
  SPEC_SECTION,
} from './env-meta.js';
export { type FuelCosts, HOST_FUEL_COSTS, planFuel, WASMI_DEFAULT_FUEL_COSTS } from './fuel-plan.js';
export {
  type CallOptions,
  type InstantiateOptions,
  instantiate,
  outOfBoundsAccess,
  VmInstance,
} from './instance.js';
export { MAX_LIVE_FRAMES } from './instrument-body.js';
export { MAX_TABLE_ELEMENTS } from './limiter.js';
export { type HostImportFn, type HostImports, type InterfaceCheck, importSymbols } from './link.js';
export type { VmBudget, VmMeter } from './meter.js';
export { parseModule, type WasmModule } from './module.js';
export {
  DEFAULT_MODULE_CACHE_LIMITS,
  ModuleCache,
  type ModuleCacheLimits,
  type ModuleStore,
} from './module-cache.js';
export { MAX_VM_ARGS, type ParsedContract, type ParseOptions, parseContract } from './parse.js';
export { MAX_VALUE_STACK_CELLS } from './stack-plan.js';
export { vmCallError } from './traps.js';
export { checkUpload, type NewVmOptions, newVm } from './vm.js';
