// @starspec/soroban/network: a network's Soroban settings (its ConfigSetting entries) and the fee
// formulas, without the host: what a ledger needs at genesis and what a fee estimate needs.
export {
  COST_TYPE_COUNT,
  computeRentFee,
  computeTransactionResourceFee,
  costTypeCountAt,
  feeConfiguration,
  localNetworkConfigEntries,
  localNetworkSettings,
  type NetworkSettings,
  readNetworkSettings,
  rentFeeConfiguration,
} from './budget/index.js';
