/**
 * @starspec/sandbox: an in-process local Stellar network with real XDR. See the README for
 * what is real and what is not yet.
 */
export type { ClosedLedger } from './close/close-ledger.js';
export type { ScheduledUpgrade } from './close/upgrades.js';
export { accountKey, keyId } from './core/keys.js';
export {
  DEFAULT_PROTOCOL_VERSION,
  MAX_PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
} from './core/protocol.js';
export type { EntryReader, EntryStore, EntryWrite } from './core/store.js';
export { MemoryEntryStore } from './core/store.js';
export { InvalidEnvelopeError } from './core/tx/frame.js';
export type { LedgerHistory } from './history.js';
export { MemoryLedgerHistory } from './history.js';
export type { CloseOptions, Ledger, LedgerOptions } from './ledger.js';
export {
  createLedger,
  DEFAULT_BASE_FEE,
  DEFAULT_BASE_RESERVE,
  STANDALONE_PASSPHRASE,
  UpgradeError,
} from './ledger.js';
export { ClosedLedgers, DEFAULT_RETENTION } from './network/closed-ledgers.js';
export type { CloseSchedule, Network, NetworkOptions } from './network/network.js';
export { createNetwork, DEFAULT_CLOSE_EVERY } from './network/network.js';
export type { EventRecord, LedgerRecord, TxRecord } from './network/records.js';
export type { SubmitResult, SubmitStatus } from './queue.js';
export type { RpcContext } from './rpc/common.js';
export { createRpcHandlers } from './rpc/handlers.js';
export type { Sandbox, SandboxOptions } from './sandbox.js';
export { startSandbox } from './sandbox.js';
export type { Storage } from './storage/open.js';
export { openStorage, storageOptions } from './storage/open.js';
export { SCHEMA_VERSION, StorageError } from './storage/schema.js';
