/**
 * Events out of a finished host: every event externalized (`try_finish`, charged), the contract
 * events of successful calls, each charged as the host encodes it (e2e_invoke.rs
 * `encode_contract_events`), and every event as a DiagnosticEvent flagged by whether its call
 * succeeded (`extract_diagnostic_events`). A failed invocation adds stellar-core's
 * `host_fn_failed` diagnostic (soroban_proto_any.rs).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import type { HostError } from '../errors/host-error.js';
import type { ExternalEvent } from '../host/events.js';
import type { Host } from '../host/host.js';
import { scError } from '../host/sc-error.js';
import { chargeBulkInit, DECLARED_SIZE, meteredEncode } from '../storage/index.js';

export interface EncodedEvents {
  events: xdr.ContractEvent[];
  /** Their XDR sizes summed: what the events fee and limit are charged on. */
  sizeBytes: number;
}

/** `try_finish`: the host's events externalized, charged (events/internal.rs `externalize`). */
export function finishEvents(host: Host): ExternalEvent[] {
  return host.events.externalize(host);
}

/**
 * `encode_contract_events`: the contract events of successful calls encoded (metered), then their
 * buffers collected (a bulk init of that many `Vec<u8>`s).
 */
export function encodeContractEvents(externalized: readonly ExternalEvent[], budget: Budget): EncodedEvents {
  const events = externalized
    .filter(({ event, failedCall }) => !failedCall && event.type.name !== 'diagnostic')
    .map(({ event }) => event);
  let sizeBytes = 0;
  for (const event of events) sizeBytes += meteredEncode(event, budget).length;
  chargeBulkInit(budget, BigInt(events.length), DECLARED_SIZE.vec);
  return { events, sizeBytes };
}

/**
 * Every recorded event (none unless the host ran with diagnostics): those `try_finish` gave, or,
 * where the run ended before it, a listing on the shadow budget.
 */
export function diagnosticEvents(host: Host, externalized?: readonly ExternalEvent[]): xdr.DiagnosticEvent[] {
  if (!host.events.diagnostics) return [];
  return (externalized ?? host.events.list(host)).map(
    ({ event, failedCall }) => new xdr.DiagnosticEvent({ inSuccessfulContractCall: !failedCall, event }),
  );
}

/** The diagnostic stellar-core appends when the host function failed. */
export function hostFunctionFailedEvent(error: HostError): xdr.DiagnosticEvent {
  return new xdr.DiagnosticEvent({
    inSuccessfulContractCall: false,
    event: new xdr.ContractEvent({
      ext: xdr.ExtensionPoint.v0(),
      contractId: null,
      type: xdr.ContractEventType.diagnostic,
      body: xdr.ContractEventBody.v0(
        new xdr.ContractEventV0({
          topics: [xdr.ScVal.scvSymbol('host_fn_failed'), xdr.ScVal.scvError(scError(error))],
          data: xdr.ScVal.scvVoid(),
        }),
      ),
    }),
  });
}
