/**
 * The host side of a simulation (e2e_invoke.rs `invoke_host_function_in_recording_mode`): the
 * function run on recording storage over the snapshot, then the footprint, disk read bytes and
 * restored entries it recorded, charged as an apply would rebuild them, and on success the ledger
 * changes (footprint-only keys added on the shadow budget), the events and the write bytes.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import { HostError } from '../errors/host-error.js';
import type { ExternalEvent } from '../host/events.js';
import { chargeFallibleCollect } from '../host/functions/charges.js';
import { Host } from '../host/host.js';
import {
  addFootprintOnlyChanges,
  DECLARED_SIZE,
  getLedgerChanges,
  type LedgerEntryChange,
  type LedgerInfo,
  meteredEncode,
  minLiveUntilLedger,
  recordFootprint,
  type SnapshotSource,
  Storage,
  writeBytes,
} from '../storage/index.js';
import type { ModuleStore } from '../vm/index.js';
import type { AuthorizationLayer } from './auth.js';
import { entrySizeForRent } from './entry-size.js';
import { diagnosticEvents, encodeContractEvents, finishEvents } from './events.js';
import { invokeHostFunction } from './host-function.js';

/** Recording auth (optionally refusing non-root authorizations), or the given signed entries enforced. */
export type RecordingAuthMode =
  | { mode: 'record'; disableNonRootAuth: boolean }
  | { mode: 'enforce'; entries: readonly xdr.SorobanAuthorizationEntry[] };

export interface RecordingRunInput {
  budget: Budget;
  hostFunction: xdr.HostFunction;
  sourceAccount: xdr.AccountId;
  authMode: RecordingAuthMode;
  authorization: AuthorizationLayer;
  ledger: LedgerInfo;
  snapshot: SnapshotSource;
  diagnostics: boolean;
  modules?: ModuleStore;
  prngSeed?: Uint8Array;
  /** `HostConfig.testutils`. */
  testutils?: boolean;
}

export interface RecordingRunOutput {
  /** Undefined when the run failed before the invocation finished its setup (budget). */
  result: { ok: true; value: xdr.ScVal } | { ok: false; error: HostError };
  resources: xdr.SorobanResources | undefined;
  restoredRwEntryIndices: number[];
  auth: xdr.SorobanAuthorizationEntry[];
  changes: LedgerEntryChange[];
  contractEvents: xdr.ContractEvent[];
  contractEventsAndReturnValueSize: number;
  diagnosticEvents: xdr.DiagnosticEvent[];
}

function chargeDecode(budget: Budget, value: { toXdr(): Uint8Array }): void {
  budget.charge('ValDeser', BigInt(value.toXdr().length));
}

/** Address credentials with another signature. */
const signedWith = (creds: xdr.SorobanAddressCredentials, signature: xdr.ScVal) =>
  new xdr.SorobanAddressCredentials({
    address: creds.address,
    nonce: creds.nonce,
    signatureExpirationLedger: creds.signatureExpirationLedger,
    signature,
  });

/**
 * The entry with the signature of its address credentials replaced (of `AddressWithDelegates`
 * credentials, with `delegates`, the account's own; their delegates' stay); other entries as they are.
 */
function withSignature(
  entry: xdr.SorobanAuthorizationEntry,
  signature: xdr.ScVal,
  delegates: boolean,
): xdr.SorobanAuthorizationEntry {
  const { credentials } = entry;
  let changed: xdr.SorobanCredentials;
  if (credentials.type === 'sorobanCredentialsAddress')
    changed = xdr.SorobanCredentials.sorobanCredentialsAddress(signedWith(credentials.address, signature));
  else if (credentials.type === 'sorobanCredentialsAddressV2')
    changed = xdr.SorobanCredentials.sorobanCredentialsAddressV2(
      signedWith(credentials.addressV2, signature),
    );
  else if (credentials.type === 'sorobanCredentialsAddressWithDelegates' && delegates)
    changed = xdr.SorobanCredentials.sorobanCredentialsAddressWithDelegates(
      new xdr.SorobanAddressCredentialsWithDelegates({
        addressCredentials: signedWith(credentials.addressWithDelegates.addressCredentials, signature),
        delegates: credentials.addressWithDelegates.delegates,
      }),
    );
  else return entry;
  return new xdr.SorobanAuthorizationEntry({ credentials: changed, rootInvocation: entry.rootInvocation });
}

/** Entries go out with their signatures cleared (`clear_signature`). */
const withoutSignature = (entry: xdr.SorobanAuthorizationEntry) =>
  withSignature(entry, xdr.ScVal.scvVoid(), true);

/** `into_auth_entry_with_emulated_signature`: the size of the stand-in signature an entry carries. */
const EMULATED_SIGNATURE_SIZE = 512;

/**
 * A recorded entry as the Rust host hands it back to itself: address credentials signed with
 * 512 zero bytes, so that reading it back costs what a signed entry costs.
 */
const withEmulatedSignature = (entry: xdr.SorobanAuthorizationEntry) =>
  withSignature(entry, xdr.ScVal.scvBytes(Buffer.alloc(EMULATED_SIGNATURE_SIZE)), false);

export function runRecording(input: RecordingRunInput): RecordingRunOutput {
  const { budget, ledger, snapshot } = input;
  const storage = Storage.recording(snapshot, () => ledger);
  const host = new Host({
    budget,
    storage,
    ledger,
    diagnostics: input.diagnostics,
    modules: input.modules,
    testutils: input.testutils,
  });
  if (input.prngSeed) host.setBasePrngSeed(input.prngSeed);
  const failed = (error: unknown): RecordingRunOutput => {
    if (!(error instanceof HostError)) throw error;
    return {
      result: { ok: false, error },
      resources: undefined,
      restoredRwEntryIndices: [],
      auth: [],
      changes: [],
      contractEvents: [],
      contractEventsAndReturnValueSize: 0,
      diagnosticEvents: diagnosticEvents(host),
    };
  };
  let result: RecordingRunOutput['result'];
  let size = 0;
  let auth: xdr.SorobanAuthorizationEntry[];
  let recorded: ReturnType<typeof recordFootprint>;
  try {
    // The host function and source account make an XDR round trip into the host.
    chargeDecode(budget, input.hostFunction);
    chargeDecode(budget, input.sourceAccount);
    host.sourceAccount = input.sourceAccount;
    const { authMode } = input;
    if (authMode.mode === 'enforce') input.authorization.enforce(host, authMode.entries);
    else input.authorization.record(host, authMode.disableNonRootAuth);
    try {
      const value = invokeHostFunction(host, input.hostFunction);
      result = { ok: true, value };
      size += meteredEncode(value, budget).length;
    } catch (error) {
      if (!(error instanceof HostError)) throw error;
      result = { ok: false, error };
    }
    auth =
      authMode.mode === 'enforce'
        ? [...authMode.entries]
        : input.authorization.recorded(host).map(withEmulatedSignature);
    // `build_auth_entries_from_xdr`: the list collected (charged first), each entry decoded.
    chargeFallibleCollect(host.context(), auth.length, Number(DECLARED_SIZE.sorobanAuthorizationEntry));
    for (const entry of auth) chargeDecode(budget, entry);
    if (authMode.mode === 'record') {
      // `set_authorization_entries` of the recorded entries: an enforcing manager made of them.
      input.authorization.enforce(host, auth);
      auth = auth.map(withoutSignature);
    }
    recorded = recordFootprint(storage, snapshot, ledger.sequenceNumber, ledger.protocolVersion, budget);
  } catch (error) {
    return failed(error);
  }
  const resources = new xdr.SorobanResources({
    footprint: recorded.footprint,
    instructions: 0,
    diskReadBytes: recorded.diskReadBytes,
    writeBytes: 0,
  });
  let changes: LedgerEntryChange[] = [];
  let contractEvents: xdr.ContractEvent[] = [];
  let events: ExternalEvent[] | undefined;
  try {
    chargeDecode(budget, resources);
    events = finishEvents(host);
    if (result.ok) {
      changes = getLedgerChanges(
        {
          storage,
          initial: snapshot,
          initialTtlEntries: recorded.initialTtlEntries,
          minPersistentLiveUntil: minLiveUntilLedger(ledger, 'persistent'),
          restoredKeys: recorded.restoredKeys,
          recordingLedgerSequence: ledger.sequenceNumber,
          entrySizeForRent: entrySizeForRent(budget),
        },
        budget,
      );
      budget.withShadowMode(() => addFootprintOnlyChanges(storage, changes, budget));
      const encoded = encodeContractEvents(events, budget);
      contractEvents = encoded.events;
      size += encoded.sizeBytes;
    }
  } catch (error) {
    return failed(error);
  }
  const cpu = budget.cpuUsed;
  return {
    result,
    resources: new xdr.SorobanResources({
      footprint: recorded.footprint,
      instructions: Number(cpu > 0xffff_ffffn ? 0xffff_ffffn : cpu),
      diskReadBytes: recorded.diskReadBytes,
      writeBytes: writeBytes(changes),
    }),
    restoredRwEntryIndices: recorded.restoredRwEntryIndices,
    auth,
    changes,
    contractEvents,
    contractEventsAndReturnValueSize: size,
    diagnosticEvents: diagnosticEvents(host, events),
  };
}
