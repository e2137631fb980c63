/**
 * Simulating an InvokeHostFunctionOp as stellar-rpc's preflight does (soroban-simulation
 * simulation.rs `simulate_invoke_host_function_op`, stellar-rpc lib/preflight shared.rs): a
 * recording run on the network's budget (with simulation's shadow limits), over the ledger with
 * accounts as stellar-core will have extended them (simulation-snapshot.ts), then the footprint,
 * auth, resources and fee a transaction needs, the events and the entries it would change.
 *
 * Archived entries: from protocol 23 the run restores them itself and the transaction data lists
 * them (`archivedSorobanEntries`), as stellar-rpc does; before 23 the run sees them as restored
 * and the result carries a restore preamble (a RestoreFootprint's transaction data and fee), as
 * stellar-rpc's pre-autorestore path does.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { Budget, SIMULATION_SHADOW_FACTORS } from '../budget/index.js';
import type { HostError } from '../errors/host-error.js';
import { HOST_AUTHORIZATION } from '../host/auth/index.js';
import {
  AutoRestoringSnapshot,
  extractRentChanges,
  IN_MEMORY_SOROBAN_STATE_PROTOCOL,
  type LedgerEntryChange,
  type SnapshotSource,
} from '../storage/index.js';
import { type AdjustmentConfig, DEFAULT_ADJUSTMENT } from './adjustment.js';
import { type RecordingAuthMode, runRecording } from './e2e-recording.js';
import { simulateRestore } from './footprint-simulation.js';
import { type NetworkFees, transactionData } from './simulation-fee.js';
import { SimulationSnapshot } from './simulation-snapshot.js';
import type { HostRunOptions, LedgerContext } from './types.js';

export interface SimulateInput extends LedgerContext, HostRunOptions {
  hostFunction: xdr.HostFunction;
  sourceAccount: xdr.AccountId;
  /** stellar-rpc's authMode: record (the default, non-root auth refused), record_allow_nonroot, or enforce these entries. */
  authMode?: RecordingAuthMode;
  adjustment?: AdjustmentConfig;
  /** The Soroban state size the rent write fee is priced at; the settings' window mean by default. */
  sorobanStateSizeBytes?: bigint;
  /** Rates to price with instead of the settings' own. */
  fees?: NetworkFees;
}

/** A read-write entry before and after (stellar-rpc's `stateChanges`; null: absent). */
export interface StateChange {
  key: xdr.LedgerKey;
  before: xdr.LedgerEntry | null;
  after: xdr.LedgerEntry | null;
}

export interface RestorePreamble {
  transactionData: xdr.SorobanTransactionData;
  minResourceFee: bigint;
}

interface SimulationCommon {
  /** Every event of the run, contract and diagnostic (stellar-rpc's `events`). */
  events: xdr.DiagnosticEvent[];
  /** Unadjusted budget use. */
  cpuInstructions: bigint;
  memoryBytes: bigint;
}

export interface SimulateSuccess extends SimulationCommon {
  ok: true;
  returnValue: xdr.ScVal;
  auth: xdr.SorobanAuthorizationEntry[];
  contractEvents: xdr.ContractEvent[];
  transactionData: xdr.SorobanTransactionData;
  minResourceFee: bigint;
  stateChanges: StateChange[];
  restorePreamble: RestorePreamble | undefined;
}

export interface SimulateFailure extends SimulationCommon {
  ok: false;
  error: HostError;
}

export type SimulateResult = SimulateSuccess | SimulateFailure;

/** soroban-simulation `extract_modified_entries`: read-write keys, an expired "before" as absent. */
function stateChanges(changes: readonly LedgerEntryChange[], snapshot: SnapshotSource, sequence: number) {
  return changes
    .filter((change) => !change.readOnly)
    .map((change): StateChange => {
      const found = snapshot.get(change.key);
      const live = found && (found.liveUntil === undefined || found.liveUntil >= sequence);
      return { key: change.key, before: live ? found.entry : null, after: change.newValue ?? null };
    });
}

export function simulateHostFunction(input: SimulateInput): SimulateResult {
  const { ledger, settings } = input;
  const adjustment = input.adjustment ?? DEFAULT_ADJUSTMENT;
  const autoRestoring =
    ledger.protocolVersion < IN_MEMORY_SOROBAN_STATE_PROTOCOL
      ? new AutoRestoringSnapshot(input.snapshot, ledger)
      : undefined;
  const snapshot = new SimulationSnapshot(autoRestoring ?? input.snapshot);
  const budget = input.budget ?? Budget.fromSettings(settings, { shadowFactors: SIMULATION_SHADOW_FACTORS });
  const run = runRecording({
    budget,
    hostFunction: input.hostFunction,
    sourceAccount: input.sourceAccount,
    authMode: input.authMode ?? { mode: 'record', disableNonRootAuth: true },
    authorization: input.authorization ?? HOST_AUTHORIZATION,
    ledger,
    snapshot,
    diagnostics: input.diagnostics ?? true,
    modules: input.modules,
    prngSeed: input.prngSeed,
    testutils: input.testutils,
  });
  const common: SimulationCommon = {
    events: run.diagnosticEvents,
    cpuInstructions: budget.cpuUsed,
    memoryBytes: budget.memUsed,
  };
  if (!run.result.ok || !run.resources) {
    const error = run.result.ok ? undefined : run.result.error;
    if (!error) throw new Error('recording run ended without resources');
    return { ok: false, error, ...common };
  }
  const operation = xdr.OperationBody.invokeHostFunction(
    new xdr.InvokeHostFunctionOp({ hostFunction: input.hostFunction, auth: run.auth }),
  );
  const feeInputs = {
    settings,
    ledgerSequence: ledger.sequenceNumber,
    protocolVersion: ledger.protocolVersion,
    adjustment,
    sorobanStateSizeBytes: input.sorobanStateSizeBytes,
    fees: input.fees,
  };
  const data = transactionData(
    operation,
    run.resources,
    run.restoredRwEntryIndices,
    extractRentChanges(run.changes),
    run.contractEventsAndReturnValueSize,
    feeInputs,
  );
  const restoredKeys = autoRestoring?.restoredKeys() ?? [];
  const restore =
    restoredKeys.length > 0
      ? simulateRestore({
          ...input,
          snapshot: input.snapshot,
          keys: restoredKeys,
          adjustment: DEFAULT_ADJUSTMENT,
        })
      : undefined;
  const restorePreamble = restore?.ok
    ? { transactionData: restore.transactionData, minResourceFee: restore.minResourceFee }
    : undefined;
  return {
    ok: true,
    ...common,
    returnValue: run.result.value,
    auth: run.auth,
    contractEvents: run.contractEvents,
    transactionData: data.transactionData,
    minResourceFee: data.minResourceFee,
    stateChanges: stateChanges(run.changes, snapshot, ledger.sequenceNumber),
    restorePreamble,
  };
}
