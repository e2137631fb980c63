/**
 * The host side of an apply (e2e_invoke.rs `invoke_host_function`): the footprint and storage
 * built from what stellar-core loaded, the inputs decoded (charged as the host decodes them), the
 * function run, and on success the ledger changes and contract events. Setup failures and the
 * invocation's own failure both come back as the HostError; the budget keeps what was used.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import { HostError } from '../errors/host-error.js';
import { Host } from '../host/host.js';
import {
  buildRestoredKeySet,
  buildStorageMap,
  type EntryWithLiveUntil,
  Footprint,
  getLedgerChanges,
  type LedgerEntryChange,
  type LedgerInfo,
  meteredEncode,
  minLiveUntilLedger,
  Storage,
  storageMapSnapshot,
} from '../storage/index.js';
import type { ModuleStore } from '../vm/index.js';
import type { AuthorizationLayer } from './auth.js';
import { entrySizeForRent } from './entry-size.js';
import { diagnosticEvents, type EncodedEvents, encodeContractEvents, finishEvents } from './events.js';
import { invokeHostFunction } from './host-function.js';

export interface EnforcingRunInput {
  budget: Budget;
  hostFunction: xdr.HostFunction;
  resources: xdr.SorobanResources;
  restoredRwEntryIndices: readonly number[];
  sourceAccount: xdr.AccountId;
  auth: readonly xdr.SorobanAuthorizationEntry[];
  authorization: AuthorizationLayer;
  ledger: LedgerInfo;
  /** The footprint's live entries (restored ones already live), as stellar-core hands them over. */
  entries: readonly EntryWithLiveUntil[];
  diagnostics: boolean;
  /** The host built with its recording_mode feature (the Rust tests) rather than stellar-core's. */
  recordingFeature: boolean;
  modules?: ModuleStore;
  prngSeed?: Uint8Array;
  /** `HostConfig.testutils`. */
  testutils?: boolean;
}

export interface EnforcingRunOutput {
  result: { ok: true; value: xdr.ScVal; encodedSize: number } | { ok: false; error: HostError };
  /** One per footprint key on success; empty on failure. */
  changes: LedgerEntryChange[];
  contractEvents: EncodedEvents;
  diagnosticEvents: xdr.DiagnosticEvent[];
}

function asHostError(error: unknown): HostError {
  if (error instanceof HostError) return error;
  throw error;
}

/** Decoding `value` from its XDR, as `metered_from_xdr` charges it. */
function chargeDecode(budget: Budget, value: { toXdr(): Uint8Array }): void {
  budget.charge('ValDeser', BigInt(value.toXdr().length));
}

/**
 * What stellar-core's module cache holds for this transaction: the contract code in its live
 * bucket list before it, archived code not yet evicted included (so code the transaction
 * restores is a hit too); code the transaction uploads is parsed on its budget.
 */
function ledgerCodeCache(input: EnforcingRunInput): (wasmHash: Uint8Array) => boolean {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const live = new Set(
    input.entries.flatMap(({ entry }) =>
      entry.data.type === 'contractCode' ? [hex(entry.data.contractCode.hash.value)] : [],
    ),
  );
  return (wasmHash) => live.has(hex(wasmHash));
}

export function runEnforcing(input: EnforcingRunInput): EnforcingRunOutput {
  const { budget, ledger } = input;
  const empty = { events: [], sizeBytes: 0 };
  let host: Host | undefined;
  try {
    chargeDecode(budget, input.resources);
    const readWrite = input.resources.footprint.readWrite;
    const restoredKeys = buildRestoredKeySet(readWrite, input.restoredRwEntryIndices, budget);
    const footprint = Footprint.fromXdr(input.resources.footprint, budget);
    const minPersistentLiveUntil = minLiveUntilLedger(ledger, 'persistent');
    const { map, ttlEntries } = buildStorageMap(footprint, input.entries, ledger.sequenceNumber, budget);
    const initial = map.clone(budget);
    const storage = Storage.enforcing(footprint, map, () => ledger, {
      recordingFeature: input.recordingFeature,
    });
    host = new Host({
      budget,
      storage,
      ledger,
      diagnostics: input.diagnostics,
      modules: input.modules,
      codeCached: ledgerCodeCache(input),
      testutils: input.testutils,
    });
    if (input.prngSeed) host.setBasePrngSeed(input.prngSeed);
    for (const entry of input.auth) chargeDecode(budget, entry);
    chargeDecode(budget, input.hostFunction);
    chargeDecode(budget, input.sourceAccount);
    host.sourceAccount = input.sourceAccount;
    input.authorization.enforce(host, input.auth);
    const value = invokeHostFunction(host, input.hostFunction);
    const events = finishEvents(host);
    const encodedSize = meteredEncode(value, budget).length;
    const changes = getLedgerChanges(
      {
        storage,
        initial: storageMapSnapshot(initial, budget),
        initialTtlEntries: ttlEntries,
        minPersistentLiveUntil,
        restoredKeys,
        recordingLedgerSequence: input.recordingFeature ? ledger.sequenceNumber : undefined,
        entrySizeForRent: entrySizeForRent(budget),
      },
      budget,
    );
    const contractEvents = encodeContractEvents(events, budget);
    return {
      result: { ok: true, value, encodedSize },
      changes,
      contractEvents,
      diagnosticEvents: diagnosticEvents(host, events),
    };
  } catch (error) {
    return {
      result: { ok: false, error: asHostError(error) },
      changes: [],
      contractEvents: empty,
      diagnosticEvents: host ? diagnosticEvents(host) : [],
    };
  }
}
