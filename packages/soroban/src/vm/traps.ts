/**
 * Turning what stops a Wasm call into the host's error, as soroban-env-common/src/error.rs maps
 * wasmi's trap codes: unreachable -> (WasmVm, InvalidAction); memory or table out of bounds ->
 * (WasmVm, IndexBounds); call to a null table entry -> (WasmVm, MissingValue); integer division
 * by zero or overflow -> (WasmVm, ArithDomain); signature mismatch -> (WasmVm, UnexpectedType);
 * stack overflow, out of fuel and a refused growth -> (Budget, ExceededLimit). V8's own stack
 * running out first is reported as wasmi's StackOverflow too: the Rust host never sees its native
 * stack run out (wasmi keeps Wasm frames on its own stacks), so a stack exhausted by a contract is
 * always (Budget, ExceededLimit) there, never the InternalError stellar-core aborts on.
 */
import { HostError, internalError } from '../errors/host-error.js';

/** V8's RuntimeError messages for Wasm traps, by the host error each stands for. */
const V8_TRAPS: Array<[RegExp, () => HostError]> = [
  [/^unreachable/, () => new HostError('WasmVm', 'InvalidAction', 'VM call trapped: UnreachableCodeReached')],
  [
    /memory access out of bounds|data segment/,
    () => new HostError('WasmVm', 'IndexBounds', 'VM call trapped: MemoryOutOfBounds'),
  ],
  [
    /table index is out of bounds|element segment|table access/,
    () => new HostError('WasmVm', 'IndexBounds', 'VM call trapped: TableOutOfBounds'),
  ],
  [
    /divide by zero|remainder by zero/,
    () => new HostError('WasmVm', 'ArithDomain', 'VM call trapped: IntegerDivisionByZero'),
  ],
  [
    /divide result unrepresentable/,
    () => new HostError('WasmVm', 'ArithDomain', 'VM call trapped: IntegerOverflow'),
  ],
  // A null entry is caught before the call by the instrumentation, so what is left is a mismatch.
  [
    /function signature mismatch|null function/,
    () => new HostError('WasmVm', 'UnexpectedType', 'VM call trapped: BadSignature'),
  ],
];

export function outOfFuel(): HostError {
  return new HostError('Budget', 'ExceededLimit', 'VM call trapped: OutOfFuel');
}

export function stackOverflow(): HostError {
  return new HostError('Budget', 'ExceededLimit', 'VM call trapped: StackOverflow');
}

export function growthLimited(): HostError {
  return new HostError('Budget', 'ExceededLimit', 'VM call trapped: GrowthOperationLimited');
}

/** The host error for anything thrown out of a Wasm call. */
export function vmCallError(e: unknown): HostError {
  if (e instanceof HostError) return e;
  if (e instanceof WebAssembly.RuntimeError) {
    for (const [pattern, make] of V8_TRAPS) if (pattern.test(e.message)) return make();
    return new HostError('WasmVm', 'InvalidAction', `VM call failed: ${e.message}`);
  }
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    // The instrumentation stops calls at wasmi's limits; V8's stack can run out before them (wide
    // frames, a small stack: node --stack-size, a Worker's resourceLimits.stackSizeMb). A call that
    // deep fails here where wasmi might still have room, but it fails with wasmi's error.
    return stackOverflow();
  }
  return internalError(`VM trapped but propagation failed: ${(e as Error)?.message ?? String(e)}`);
}
