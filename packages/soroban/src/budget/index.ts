// The budget layer: cost types and models, the CPU/memory budget and its wasmi fuel bridge,
// network settings and the resource fee.
export {
  Budget,
  type BudgetLimits,
  type CostTally,
  type FromSettingsOptions,
  SIMULATION_SHADOW_FACTORS,
} from './budget.js';
export { costModelsFromXdr, costModelsToXdr } from './cost-params-xdr.js';
export {
  COST_TYPE_COUNT,
  COST_TYPES,
  type CostType,
  costTypeCountAt,
  costTypeFromXdr,
  costTypeIndex,
  costTypeTakesInput,
  costTypeToXdr,
} from './cost-types.js';
export {
  DEFAULT_COST_PARAMS,
  DEFAULT_CPU_INSN_LIMIT,
  DEFAULT_HOST_DEPTH_LIMIT,
  DEFAULT_MEM_BYTES_LIMIT,
} from './default-params.js';
export {
  averageSorobanStateSize,
  feeConfiguration,
  rentFeeConfiguration,
  rentWriteFeeConfiguration,
  type TransactionFee,
  transactionResourceFee,
} from './fee-settings.js';
export {
  CODE_ENTRY_RENT_DISCOUNT_FACTOR,
  computeRentFee,
  computeRentWriteFeePer1Kb,
  computeTransactionResourceFee,
  DATA_SIZE_1KB_INCREMENT,
  type FeeConfiguration,
  INSTRUCTIONS_INCREMENT,
  type LedgerEntryRentChange,
  MINIMUM_RENT_WRITE_FEE_PER_1KB,
  type RentFeeConfiguration,
  type RentWriteFeeConfiguration,
  type ResourceFee,
  type TransactionResources,
  TTL_ENTRY_SIZE,
  TX_BASE_RESULT_SIZE,
} from './fees.js';
export { LOCAL_NETWORK_COST_PARAMS } from './local-cost-params.js';
export {
  type LocalNetworkOptions,
  localNetworkConfigEntries,
  localNetworkSettings,
} from './local-network.js';
export { type CostParams, evaluateModel, LIN_TERM_SCALE_BITS, type LinearModel } from './model.js';
export type {
  BandwidthSettings,
  ComputeSettings,
  EventsSettings,
  EvictionIteratorState,
  ExecutionLanesSettings,
  HistoricalDataSettings,
  LedgerCostExtSettings,
  LedgerCostSettings,
  NetworkSettings,
  ParallelComputeSettings,
  ScpTimingSettings,
  StateArchivalSettings,
} from './settings.js';
export { readNetworkSettings } from './settings.js';
export { configSettingEntries, configSettingLedgerEntries } from './settings-xdr.js';
export { chargeMemoryGrowth, chargeWasmiFuel, wasmiFuelRemaining } from './wasmi-fuel.js';
