/**
 * The diagnostic events of calls and failures (`events/diagnostic.rs`), recorded only when
 * diagnostics are on and always on the shadow budget, so that they never change what a run is
 * charged: `fn_call` before a contract function runs (from the calling contract), `fn_return`
 * after it returned (from the called one), and `error` with the host's message where an error
 * arises, or where it escalates (a failed host function trapping its VM, a failed `call`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { Val } from '../values/val.js';
import type { Host } from './host.js';
import { scError } from './sc-error.js';

/** Errors whose `error` event is already recorded: the event marks where an error arose, once. */
const recorded = new WeakSet<HostError>();
/** Errors of host functions that trapped their VM. */
const escalated = new WeakSet<HostError>();

/**
 * `record_diagnostic_event`: topics as given, the data one value, a Vec of several, or Void. Both
 * are built inside the shadow mode (`with_debug_mode`): converting a function's symbol costs too.
 */
function record(
  host: Host,
  contractId: Uint8Array | undefined,
  topicsOf: () => xdr.ScVal[],
  args: () => xdr.ScVal[],
) {
  if (!host.events.diagnostics) return;
  host.budget.withShadowMode(() => {
    const topics = topicsOf();
    const values = args();
    const data = values.length > 1 ? xdr.ScVal.scvVec(values) : (values[0] ?? xdr.ScVal.scvVoid());
    host.events.record({ kind: 'diagnostic', contractId, topics, data });
  });
}

const scVals = (host: Host, values: readonly Val[]) => values.map((value) => host.converter.toScVal(value));

/** `fn_call_diagnostics`: topics fn_call, the called contract's id and the function; data the arguments. */
export function fnCallEvent(host: Host, calleeId: Uint8Array, fn: Val, args: readonly Val[]): void {
  if (!host.events.diagnostics) return;
  record(
    host,
    host.frames.currentContract?.contractId,
    () => [
      xdr.ScVal.scvSymbol('fn_call'),
      xdr.ScVal.scvBytes(Buffer.from(calleeId)),
      host.converter.toScVal(fn),
    ],
    () => scVals(host, args),
  );
}

/** `fn_return_diagnostics`: topics fn_return and the function; data the value returned. */
export function fnReturnEvent(host: Host, contractId: Uint8Array, fn: Val, value: Val): void {
  if (!host.events.diagnostics) return;
  record(
    host,
    contractId,
    () => [xdr.ScVal.scvSymbol('fn_return'), host.converter.toScVal(fn)],
    () => scVals(host, [value]),
  );
}

/** `record_err_diagnostics`: topics error and the error; data the message, then any values. */
export function errorEvent(host: Host, error: HostError, message: string, args: readonly Val[] = []): void {
  if (!host.events.diagnostics) return;
  record(
    host,
    host.frames.currentContract?.contractId,
    () => [xdr.ScVal.scvSymbol('error'), xdr.ScVal.scvError(scError(error))],
    () => [xdr.ScVal.scvString(message), ...scVals(host, args)],
  );
}

/**
 * The `error` event of where an error arose, unless it was recorded already. An error without
 * words has none: the Rust host makes those without itself (a spent budget's, `From`, not
 * `Host::err`).
 */
export function arisenErrorEvent(host: Host, error: unknown): void {
  if (!(error instanceof HostError) || recorded.has(error) || error.detail === undefined) return;
  // A trap is the host's error only where a contract function's call trapped (`invokeVm`).
  if (error.detail.startsWith(VM_CALL)) return;
  recorded.add(error);
  errorEvent(host, error, error.detail);
}

const VM_CALL = 'VM call';

/** A host function a contract called failed: where it arose, then its escalation to a VM trap. */
export function hostFunctionFailed(host: Host, name: string, error: unknown): void {
  if (!(error instanceof HostError)) return;
  arisenErrorEvent(host, error);
  errorEvent(host, error, `escalating error to VM trap from failed host function call: ${name}`);
  escalated.add(error);
}

/** A VM trapped: a host function's error comes out as it is, logged (`metered_func_call`). */
function vmTrapped(host: Host, fn: Val, error: unknown): void {
  if (!(error instanceof HostError) || !host.events.diagnostics) return;
  if (error.detail?.startsWith(VM_CALL) && !recorded.has(error)) {
    recorded.add(error);
    errorEvent(host, error, error.detail, [fn]);
    return;
  }
  if (!escalated.has(error)) return;
  record(
    host,
    host.frames.currentContract?.contractId,
    () => [xdr.ScVal.scvSymbol('log')],
    () => [
      xdr.ScVal.scvString('VM call trapped with HostError'),
      host.converter.toScVal(fn),
      xdr.ScVal.scvError(scError(error)),
    ],
  );
}

/** Runs a VM's function, logging a host function's error that trapped it on the way out. */
export function invokeVm<T>(host: Host, fn: Val, run: () => T): T {
  try {
    return run();
  } catch (error) {
    vmTrapped(host, fn, error);
    throw error;
  }
}
