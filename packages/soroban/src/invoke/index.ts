// The entry points: applying and simulating Soroban operations as stellar-core and stellar-rpc do.
export {
  type AdjustmentConfig,
  type AdjustmentFactor,
  DEFAULT_ADJUSTMENT,
  NO_ADJUSTMENT,
} from './adjustment.js';
export {
  type ApplyFailure,
  type ApplyInput,
  type ApplyResult,
  type ApplySuccess,
  applyHostFunction,
  type InvokeResultCode,
} from './apply.js';
export type { AuthorizationLayer } from './auth.js';
export type { RecordingAuthMode } from './e2e-recording.js';
export { entrySizeForRent, moduleMemoryCost } from './entry-size.js';
export {
  applyExtendTtl,
  applyRestore,
  type FootprintApplyCode,
  type FootprintApplyInput,
  type FootprintApplyResult,
} from './footprint-apply.js';
export {
  type FootprintSimulationInput,
  type FootprintSimulationResult,
  simulateExtendTtl,
  simulateRestore,
} from './footprint-simulation.js';
export { invokeHostFunction } from './host-function.js';
export {
  type RestorePreamble,
  type SimulateFailure,
  type SimulateInput,
  type SimulateResult,
  type SimulateSuccess,
  type StateChange,
  simulateHostFunction,
} from './simulate.js';
export { SimulationSnapshot, withAccountExtensions } from './simulation-snapshot.js';
export { maxTransactionSize } from './transaction-size.js';
export type { HostRunOptions, LedgerContext, LedgerWrite } from './types.js';
