/**
 * Events out of a finished host: the contract events of successful calls, each charged as the
 * host encodes it (e2e_invoke.rs `encode_contract_events`), and every event as a DiagnosticEvent
 * flagged by whether its call succeeded (`extract_diagnostic_events`). A failed invocation adds
 * stellar-core's `host_fn_failed` diagnostic (soroban_proto_any.rs).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Budget } from '../budget/index.js';
import type { HostError } from '../errors/host-error.js';
import { scError } from '../host/convert.js';
import type { Host } from '../host/host.js';
import { meteredEncode } from '../storage/index.js';

export interface EncodedEvents {
  events: xdr.ContractEvent[];
  /** Their XDR sizes summed: what the events fee and limit are charged on. */
  sizeBytes: number;
}

export function encodeContractEvents(host: Host, budget: Budget): EncodedEvents {
  const events = host.events.contractEvents(host);
  let sizeBytes = 0;
  for (const event of events) sizeBytes += meteredEncode(event, budget).length;
  return { events, sizeBytes };
}

/** Every recorded event (none unless the host ran with diagnostics). */
export function diagnosticEvents(host: Host): xdr.DiagnosticEvent[] {
  if (!host.events.diagnostics) return [];
  return host.events
    .externalize(host)
    .map(
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
