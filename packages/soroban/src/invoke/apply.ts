/**
 * Applying an InvokeHostFunctionOp as stellar-core v23 does (transactions/InvokeHostFunctionOpFrame.cpp,
 * InvokeHostFunctionApplyHelper): load the footprint (archived entries fail the operation unless
 * marked for restoration), run the host on a budget of the declared instructions and the network's
 * memory limit, then check what it wrote, emitted and owes in rent against the declared resources
 * and the refundable fee. Each failure gets the result code stellar-core gives it.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import {
  Budget,
  computeRentFee,
  computeTransactionResourceFee,
  feeConfiguration,
  rentFeeConfiguration,
} from '../budget/index.js';
import type { HostError } from '../errors/host-error.js';
import { HOST_AUTHORIZATION } from '../host/auth/index.js';
import {
  extractRentChanges,
  type LedgerEntryChange,
  type LedgerEntryRentChange,
  loadForApply,
} from '../storage/index.js';
import { ledgerWrites, modifiedLedgerEntries } from './apply-effects.js';
import { runEnforcing } from './e2e-enforcing.js';
import { hostFunctionFailedEvent } from './events.js';
import type { HostRunOptions, LedgerContext, LedgerWrite } from './types.js';

export type InvokeResultCode =
  | 'invokeHostFunctionSuccess'
  | 'invokeHostFunctionTrapped'
  | 'invokeHostFunctionResourceLimitExceeded'
  | 'invokeHostFunctionEntryArchived'
  | 'invokeHostFunctionInsufficientRefundableFee';

export interface ApplyInput extends LedgerContext, HostRunOptions {
  hostFunction: xdr.HostFunction;
  /** The transaction's declared resources. */
  resources: xdr.SorobanResources;
  /** `SorobanTransactionData.ext.v1.archivedSorobanEntries`: read-write indices to restore. */
  archivedSorobanEntries?: readonly number[];
  auth: readonly xdr.SorobanAuthorizationEntry[];
  sourceAccount: xdr.AccountId;
  /**
   * What the transaction may spend on events and rent: its resource fee minus the non-refundable
   * part. Unchecked when absent.
   */
  maxRefundableFee?: bigint;
  /** Run as the host's own tests build it (recording_mode feature on) instead of stellar-core's. */
  recordingFeature?: boolean;
}

interface Usage {
  cpuInstructions: bigint;
  memoryBytes: bigint;
  diagnosticEvents: xdr.DiagnosticEvent[];
}

export interface ApplySuccess extends Usage {
  code: 'invokeHostFunctionSuccess';
  returnValue: xdr.ScVal;
  /** One per footprint key (e2e_invoke.rs LedgerEntryChange). */
  changes: LedgerEntryChange[];
  /** Entries and TTL entries to upsert, as stellar-core receives them. */
  modifiedEntries: xdr.LedgerEntry[];
  writes: LedgerWrite[];
  contractEvents: xdr.ContractEvent[];
  /** Contract events plus the return value: what the events fee is charged on. */
  eventsAndReturnValueSizeBytes: number;
  rentChanges: LedgerEntryRentChange[];
  rentFee: bigint;
  /** Rent plus the events fee: the refundable fee consumed. */
  refundableFeeConsumed: bigint;
  restoredRwEntryIndices: number[];
}

export interface ApplyFailure extends Usage {
  code: Exclude<InvokeResultCode, 'invokeHostFunctionSuccess'>;
  /** The host's error for a run that failed; absent when stellar-core refused before or after it. */
  error?: HostError;
  /** Why, as stellar-core's diagnostic says it. */
  detail: string;
}

export type ApplyResult = ApplySuccess | ApplyFailure;

function failure(code: ApplyFailure['code'], detail: string, usage: Usage, error?: HostError): ApplyFailure {
  return { code, detail, error, ...usage };
}

/** validateContractLedgerEntry: the network's entry size limits. */
function oversized(entry: xdr.LedgerEntry, size: number, input: ApplyInput): string | undefined {
  if (entry.data.type === 'contractCode' && size > input.settings.contractMaxSizeBytes)
    return 'Wasm size exceeds network config maximum contract size';
  if (entry.data.type === 'contractData' && size > input.settings.contractDataEntrySizeBytes)
    return 'ContractData size exceeds network config maximum size';
  return undefined;
}

export function applyHostFunction(input: ApplyInput): ApplyResult {
  const { ledger, settings, resources } = input;
  const noUsage: Usage = { cpuInstructions: 0n, memoryBytes: 0n, diagnosticEvents: [] };
  const loaded = loadForApply({
    footprint: resources.footprint,
    snapshot: input.snapshot,
    ledgerSequence: ledger.sequenceNumber,
    protocolVersion: ledger.protocolVersion,
    minPersistentTtl: settings.stateArchival.minPersistentTtl,
    archivedSorobanEntries: input.archivedSorobanEntries ?? [],
    diskReadBytes: resources.diskReadBytes,
    maxContractSizeBytes: settings.contractMaxSizeBytes,
    maxContractDataEntrySizeBytes: settings.contractDataEntrySizeBytes,
  });
  if (!loaded.ok) {
    const code =
      loaded.code === 'entryArchived'
        ? 'invokeHostFunctionEntryArchived'
        : 'invokeHostFunctionResourceLimitExceeded';
    return failure(code, loaded.detail, noUsage);
  }

  const instructions = BigInt(resources.instructions);
  const budget = input.budget ?? Budget.fromSettings(settings, { instructions });
  const diagnostics = input.diagnostics ?? false;
  const run = runEnforcing({
    budget,
    hostFunction: input.hostFunction,
    resources,
    restoredRwEntryIndices: loaded.restoredRwEntryIndices,
    sourceAccount: input.sourceAccount,
    auth: input.auth,
    authorization: input.authorization ?? HOST_AUTHORIZATION,
    ledger,
    entries: loaded.entries,
    diagnostics,
    recordingFeature: input.recordingFeature ?? false,
    modules: input.modules,
    prngSeed: input.prngSeed,
    testutils: input.testutils,
  });
  const usage: Usage = {
    cpuInstructions: budget.cpuUsed,
    memoryBytes: budget.memUsed,
    diagnosticEvents: run.diagnosticEvents,
  };

  if (!run.result.ok) {
    const { error } = run.result;
    if (diagnostics) usage.diagnosticEvents.push(hostFunctionFailedEvent(error));
    if (budget.cpuUsed > instructions)
      return failure(
        'invokeHostFunctionResourceLimitExceeded',
        'operation instructions exceeds amount specified',
        usage,
        error,
      );
    if (budget.memUsed > BigInt(settings.compute.txMemoryLimit))
      return failure(
        'invokeHostFunctionResourceLimitExceeded',
        'operation memory usage exceeds network config limit',
        usage,
        error,
      );
    return failure('invokeHostFunctionTrapped', error.message, usage, error);
  }

  // recordStorageChanges: entry sizes, then the declared write bytes (TTL entries are paid from rent).
  const modifiedEntries = modifiedLedgerEntries(run.changes);
  let writtenBytes = 0;
  for (const entry of modifiedEntries) {
    const size = entry.toXdr().length;
    const tooLarge = oversized(entry, size, input);
    if (tooLarge) return failure('invokeHostFunctionResourceLimitExceeded', tooLarge, usage);
    if (entry.data.type === 'ttl') continue;
    writtenBytes += size;
    if (writtenBytes > resources.writeBytes)
      return failure(
        'invokeHostFunctionResourceLimitExceeded',
        'operation byte-write resources exceeds amount specified',
        usage,
      );
  }

  // collectEvents: the events, then the return value, against the network's events limit.
  const eventsLimit = settings.events.txMaxContractEventsSizeBytes;
  if (run.contractEvents.sizeBytes > eventsLimit)
    return failure(
      'invokeHostFunctionResourceLimitExceeded',
      'total events size exceeds network config maximum',
      usage,
    );
  const eventsAndReturnValueSizeBytes = run.contractEvents.sizeBytes + run.result.encodedSize;
  if (eventsAndReturnValueSizeBytes > eventsLimit)
    return failure(
      'invokeHostFunctionResourceLimitExceeded',
      'return value pushes events size above network config maximum',
      usage,
    );

  // consumeRefundableSorobanResources: rent first, then rent plus the events fee.
  const rentChanges = extractRentChanges(run.changes);
  const rentFee = computeRentFee(rentChanges, rentFeeConfiguration(settings), ledger.sequenceNumber);
  const eventsFee = computeTransactionResourceFee(
    {
      instructions: 0,
      diskReadEntries: 0,
      writeEntries: 0,
      diskReadBytes: 0,
      writeBytes: 0,
      contractEventsSizeBytes: eventsAndReturnValueSizeBytes,
      transactionSizeBytes: 0,
    },
    feeConfiguration(settings),
  ).refundable;
  const refundableFeeConsumed = rentFee + eventsFee;
  const max = input.maxRefundableFee;
  if (max !== undefined && max < rentFee)
    return failure(
      'invokeHostFunctionInsufficientRefundableFee',
      'refundable resource fee was not sufficient to cover the ledger storage rent',
      usage,
    );
  if (max !== undefined && max < refundableFeeConsumed)
    return failure(
      'invokeHostFunctionInsufficientRefundableFee',
      'refundable resource fee was not sufficient to cover the events fee after paying for ledger storage rent',
      usage,
    );

  return {
    code: 'invokeHostFunctionSuccess',
    ...usage,
    returnValue: run.result.value,
    changes: run.changes,
    modifiedEntries,
    writes: ledgerWrites(run.changes, input.snapshot),
    contractEvents: run.contractEvents.events,
    eventsAndReturnValueSizeBytes,
    rentChanges,
    rentFee,
    refundableFeeConsumed,
    restoredRwEntryIndices: loaded.restoredRwEntryIndices,
  };
}
