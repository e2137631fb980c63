// @starspec/soroban: a Soroban host in TypeScript, on Node's WebAssembly.

export type { NetworkSettings } from './budget/index.js';
// The host and what it runs on.
export {
  Budget,
  computeRentFee,
  computeTransactionResourceFee,
  localNetworkConfigEntries,
  localNetworkSettings,
  readNetworkSettings,
} from './budget/index.js';
export {
  ErrorCode,
  type ErrorCodeName,
  ErrorType,
  type ErrorTypeName,
  formatError,
  HostError,
} from './errors/host-error.js';
export type { CachedCodeCosts } from './host/code-modules.js';
export type { ExternalEvent } from './host/events.js';
export { type CallParams, Host, type HostConfig } from './host/host.js';
export { contractIdOf, createContract, uploadWasm } from './host/lifecycle.js';
export { type Prng, seedBasePrng } from './host/prng/prng.js';
export {
  availableAt,
  HOST_FUNCTIONS,
  type HostFunction,
  hostFunction,
  hostFunctionByName,
  MAX_PROTOCOL,
  MIN_PROTOCOL,
} from './interface/index.js';
// Applying and simulating Soroban operations, as stellar-core and stellar-rpc do.
export * from './invoke/index.js';
export {
  type EntryWithLiveUntil,
  Footprint,
  InMemorySnapshot,
  type LedgerInfo,
  type SnapshotSource,
  Storage,
} from './storage/index.js';
// Running contracts in a unit test, without a network.
export {
  type AccountOptions,
  accountEntry,
  type TrustlineOptions,
  trustlineEntry,
} from './testing/classic-entries.js';
export { customSection, envMetaSection, hostImports, specSection } from './testing/contract-module.js';
export {
  accountSignature,
  type DelegationStep,
  delegatingAccountWat,
  delegatingSignature,
} from './testing/delegating-account.js';
export { type Invocation, TestEnv, type TestEnvOptions } from './testing/test-env.js';
// Parsed contracts kept across runs (stellar-core's module cache), bounded.
export { ModuleCache, type ModuleCacheLimits, type ModuleStore } from './vm/index.js';
