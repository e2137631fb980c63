/**
 * A contract instance on Node's WebAssembly, as `Vm` (vm.rs) runs one under wasmi: fuel is
 * supplied from the budget before each call into the VM and the fuel burned is charged back as
 * `WasmInsnExec` after it, and around every host function the VM calls (vm/dispatch.rs,
 * vm/fuel_refillable.rs); linear memory is read and written with the host's bounds errors.
 */
import { HostError, internalError } from '../errors/host-error.js';
import { chargeForInstantiation, chargeVecBulkInitCopy, WASMI_VALUE_SIZE } from './charges.js';
import { checkLedgerProtocolSupported } from './env-meta.js';
import { VM_IMPORT_MODULE } from './instrument.js';
import { MAX_LIVE_FRAMES, TrapKind } from './instrument-body.js';
import { MAX_PAGES, memoryCreated, memoryGrowRequested, tableCreated } from './limiter.js';
import {
  chargeSymbolSet,
  type HostImportFn,
  type HostImports,
  type InterfaceCheck,
  linkImports,
} from './link.js';
import type { VmBudget } from './meter.js';
import { I64 } from './module.js';
import { MAX_VM_ARGS, type ParsedContract } from './parse.js';
import { outOfFuel, stackOverflow, vmCallError } from './traps.js';

export interface InstantiateOptions extends InterfaceCheck {
  budget: VmBudget;
  ledgerProtocol: number;
  /** The newest ledger protocol the host serves (default: HOST_INTERFACE's). */
  envProtocol?: number;
  /**
   * True when the module was parsed for this instantiation alone (`Vm::new_with_cost_inputs`):
   * the host then also builds a linker for the module's import symbols, which it charges for.
   * False (the default) for a module from the cache, linked by the cache's shared linker.
   */
  linkerPerModule?: boolean;
  /**
   * Sees each host function call with the words the contract passed, before its fuel moves to the
   * budget and its dispatch is charged (dispatch.rs traces the call first).
   */
  onHostCall?: (module: string, name: string, args: readonly bigint[]) => void;
}

/** An export's name, or how to read it when the call starts. */
export type FunctionName = string | (() => string);

export interface CallOptions {
  /** Return undefined instead of failing when the export does not exist. */
  treatMissingFunctionAsNoop?: boolean;
}

/** wasmi's fuel bookkeeping (`Store::add_fuel`, `fuel_consumed`, `reset_fuel`) over one global. */
class FuelTank {
  private supplied = 0n;
  constructor(
    private readonly remaining: WebAssembly.Global,
    private readonly budget: VmBudget,
  ) {}

  /** `add_fuel_to_vm`: the budget's remaining CPU, as fuel. */
  fill(): void {
    if (this.supplied !== 0n || this.remaining.value !== 0n) {
      throw new HostError('WasmVm', 'InternalError', 'VM fuel must be clean before we supply to it');
    }
    this.supplied = this.budget.wasmiFuelRemaining();
    this.remaining.value = this.supplied;
  }

  /** `return_fuel_to_host`: charge what was burned as WasmInsnExec and empty the tank. */
  drain(): void {
    const consumed = this.consumed();
    this.supplied = 0n;
    this.remaining.value = 0n;
    this.budget.chargeWasmInsnExec(consumed);
  }

  consumed(): bigint {
    return this.supplied - (this.remaining.value as bigint);
  }

  /** An eager run-time charge (memory.grow's bytes). */
  burn(fuel: bigint): void {
    const left = this.remaining.value as bigint;
    if (left < fuel) throw outOfFuel();
    this.remaining.value = left - fuel;
  }
}

export class VmInstance {
  private readonly fuel: FuelTank;
  private readonly depth: WebAssembly.Global;
  private readonly stack: WebAssembly.Global;
  /** The export named `memory`, if it is a memory. */
  readonly memory: WebAssembly.Memory | undefined;

  /** @internal built by `instantiate`. */
  constructor(
    readonly parsed: ParsedContract,
    private readonly instance: WebAssembly.Instance,
    private readonly budget: VmBudget,
    fuel: FuelTank,
  ) {
    this.fuel = fuel;
    this.depth = instance.exports[parsed.globalNames.depth] as WebAssembly.Global;
    this.stack = instance.exports[parsed.globalNames.stack] as WebAssembly.Global;
    const memory = instance.exports.memory;
    this.memory = memory instanceof WebAssembly.Memory ? memory : undefined;
  }

  /** The protocol the contract declares. */
  get contractProtocol(): number {
    return this.parsed.interfaceVersion.protocol;
  }

  /** `Vm::invoke_function_raw`: the argument vector charged, then `call`. */
  invoke(name: FunctionName, args: bigint[], options: CallOptions = {}): bigint | undefined {
    chargeVecBulkInitCopy(this.budget, args.length, WASMI_VALUE_SIZE);
    return this.call(name, args, options);
  }

  /**
   * `Vm::metered_func_call`: call an exported function with i64 arguments. A name given as a
   * function is read once InvokeVmFunction is charged (the host reads a symbol object through its env).
   */
  call(fnName: FunctionName, args: bigint[], options: CallOptions = {}): bigint | undefined {
    this.budget.charge('InvokeVmFunction');
    const name = typeof fnName === 'string' ? fnName : fnName();
    const exp = this.parsed.module.exports.find((e) => e.name === name);
    if (!exp) {
      if (options.treatMissingFunctionAsNoop) return undefined;
      throw new HostError(
        'WasmVm',
        'MissingValue',
        `trying to invoke non-existent contract function ${name}`,
      );
    }
    const type = this.parsed.exportedFuncs.get(name);
    if (exp.kind !== 'func' || !type) {
      throw new HostError('WasmVm', 'UnexpectedType', 'trying to invoke Wasm export that is not a function');
    }
    if (args.length > MAX_VM_ARGS)
      throw new HostError('WasmVm', 'InvalidInput', 'Too many arguments in Wasm invocation');
    this.fuel.fill();
    let result: unknown;
    let failure: HostError | undefined;
    try {
      checkSignature(type.params, type.results, args.length);
      // A call from the host starts an empty wasmi stack holding only its arguments.
      this.depth.value = 0;
      this.stack.value = args.length;
      result = (this.instance.exports[name] as (...a: bigint[]) => unknown)(...args);
    } catch (e) {
      failure = vmCallError(e);
    }
    this.fuel.drain();
    if (failure) throw failure;
    if (typeof result !== 'bigint') throw internalError('VM returned a non-i64 value');
    return result;
  }

  /** @internal memory.grow's eager fuel, paid from the instrumented module's grow hook. */
  burnFuel(fuel: bigint): void {
    this.fuel.burn(fuel);
  }

  /** Fuel burned since the last supply (what the next drain charges). */
  fuelConsumed(): bigint {
    return this.fuel.consumed();
  }

  private requireMemory(): WebAssembly.Memory {
    if (!this.memory) throw new HostError('WasmVm', 'MissingValue', 'no linear memory named `memory`');
    return this.memory;
  }

  /** The memory's live bytes (a view that a growth invalidates). No charge: for host helpers. */
  memoryBytes(): Uint8Array {
    return new Uint8Array(this.requireMemory().buffer);
  }

  /** `metered_vm_read_bytes_from_linear_memory`: MemCpy(len), then the bounds check. */
  readBytes(pos: number, length: number): Uint8Array {
    this.budget.charge('MemCpy', BigInt(length));
    const bytes = this.memoryBytes();
    if (pos + length > bytes.length) throw outOfBoundsAccess();
    return bytes.slice(pos, pos + length);
  }

  /** `metered_vm_write_bytes_to_linear_memory`: MemCpy(len), then the bounds check. */
  writeBytes(pos: number, data: Uint8Array): void {
    this.budget.charge('MemCpy', BigInt(data.length));
    const bytes = this.memoryBytes();
    if (pos + data.length > bytes.length) throw outOfBoundsAccess();
    bytes.set(data, pos);
  }

  /** Wraps a host function with dispatch.rs's fuel transfer and `DispatchHostFunction` charge. */
  static dispatch(
    vm: () => VmInstance,
    fn: HostImportFn,
    announce?: (args: readonly bigint[]) => void,
  ): (...args: bigint[]) => bigint {
    return (...args) => {
      const self = vm();
      // wasmi pushes the calling frame for a host call too, so it can overflow the call stack.
      const depth = self.depth.value as number;
      if (depth >= MAX_LIVE_FRAMES) throw stackOverflow();
      // Counted as a Wasm callee counts itself: the caller takes the frame back when the call returns.
      self.depth.value = depth + 1;
      announce?.(args);
      self.fuel.drain();
      let result: bigint;
      try {
        self.budget.charge('DispatchHostFunction');
        result = fn(...args);
      } finally {
        self.fuel.fill();
      }
      return result;
    };
  }
}

/**
 * wasmi reports a data segment that does not fit memory as a memory access error (WasmVm,
 * IndexBounds) and every other instantiation failure, element segments included, as
 * (WasmVm, InvalidAction) (hostile.rs: data_segment_larger_than_a_page..., test_oob_elements).
 */
function instantiationError(e: unknown): HostError {
  if (e instanceof HostError) return e;
  const message = (e as Error)?.message ?? String(e);
  if (e instanceof WebAssembly.RuntimeError && /data segment/.test(message)) return outOfBoundsAccess();
  return new HostError('WasmVm', 'InvalidAction', `instantiation failed: ${message}`);
}

/** wasmi's memory access error, which the host reports as (WasmVm, IndexBounds). */
export function outOfBoundsAccess(): HostError {
  return new HostError('WasmVm', 'IndexBounds', 'out-of-bounds access to WASM linear memory');
}

/** wasmi's `Func::call` checks: parameter count, then types, then the one i64 result slot. */
function checkSignature(params: number[], results: number[], argCount: number): void {
  if (params.length !== argCount)
    throw new HostError('WasmVm', 'UnexpectedSize', 'VM call failed: parameter count');
  if (params.some((p) => p !== I64))
    throw new HostError('WasmVm', 'UnexpectedType', 'VM call failed: parameter type');
  if (results.length !== 1) throw new HostError('WasmVm', 'UnexpectedSize', 'VM call failed: result count');
  if (results[0] !== I64) throw new HostError('WasmVm', 'UnexpectedType', 'VM call failed: result type');
}

/**
 * `Vm::instantiate_wasmi`: charge the instantiation, check and link the imports, create the
 * table and memory through the limiter, refuse a start function, then instantiate.
 */
export function instantiate(
  parsed: ParsedContract,
  host: HostImports,
  options: InstantiateOptions,
): VmInstance {
  const { budget } = options;
  const m = parsed.module;
  checkLedgerProtocolSupported(options.ledgerProtocol, options.envProtocol);
  if (options.linkerPerModule) chargeSymbolSet(budget, m);
  chargeForInstantiation(budget, parsed.costInputs);
  chargeSymbolSet(budget, m);
  const resolved = linkImports(m, host, options, parsed.interfaceVersion.protocol, options.ledgerProtocol);
  const table = m.tables[0];
  if (table) tableCreated(table.min, table.max);
  if (m.memories[0]) memoryCreated(budget, m.memories[0].min, m.memories[0].max);
  if (m.start !== undefined) throw new HostError('WasmVm', 'InvalidAction', 'module has a start function');

  let vm: VmInstance | undefined;
  const current = () =>
    vm ??
    (() => {
      throw internalError('host function called during instantiation');
    })();
  const imports: WebAssembly.Imports = {};
  m.imports.forEach((i, n) => {
    imports[i.module] ??= {};
    const { onHostCall } = options;
    (imports[i.module] as Record<string, unknown>)[i.name] = VmInstance.dispatch(
      current,
      resolved[n] as HostImportFn,
      onHostCall && ((args) => onHostCall(i.module, i.name, args)),
    );
  });
  const maxPages = parsed.memory?.max ?? MAX_PAGES;
  imports[VM_IMPORT_MODULE] = {
    trap: (kind: number) => {
      if (kind === TrapKind.outOfFuel) throw outOfFuel();
      if (kind === TrapKind.callStackExhausted) throw stackOverflow();
      throw new HostError('WasmVm', 'MissingValue', 'VM call trapped: IndirectCallToNull');
    },
    grow: (delta: number, currentPages: number) => {
      const pages = delta >>> 0;
      if (pages > MAX_PAGES) return; // not a page count: memory.grow answers -1 without charging
      current().burnFuel(BigInt(pages) * 1024n); // fuel_for_bytes(pages * 64 KiB), eagerly
      memoryGrowRequested(budget, currentPages, pages, maxPages);
    },
  };
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(parsed.compiled, imports);
  } catch (e) {
    throw instantiationError(e);
  }
  const tank = new FuelTank(instance.exports[parsed.globalNames.fuel] as WebAssembly.Global, budget);
  vm = new VmInstance(parsed, instance, budget, tank);
  return vm;
}
