/**
 * A `TraceHost` over our host: it makes the host a drive script's setup asks for, runs the script's
 * steps as the Rust test does (host functions called directly on the host; contracts through
 * `call`/`try_call` after `register`), and records every host call, nested ones included, and every
 * contract frame, each with the budget's running totals when the Rust host would print the line.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../src/errors/host-error.js';
import type { ContractFrame } from '../../src/host/frames.js';
import { HOST_MODULES } from '../../src/host/functions/index.js';
import { checkIntegrity } from '../../src/host/functions/linear-memory.js';
import type { CallContext } from '../../src/host/functions/types.js';
import type { Host, HostTracer } from '../../src/host/host.js';
import { hostFunctionByName } from '../../src/interface/index.js';
import { fromU32, fromWasm, handleOf, isObject, type Val, VOID } from '../../src/values/val.js';
import { parseContract } from '../../src/vm/index.js';
import { resolve, signingKeyOf } from './adapter-args.js';
import { authEntry, authorizeSingleInvocation, copyAddress, setAuth } from './adapter-auth.js';
import {
  resetAuthAfterTopFrame,
  TEST_FRAMES,
  withSourceAccount,
  withTestContractFrame,
} from './adapter-frames.js';
import { generateBytesArray, hostAction, hostFor, meteredInvocation } from './adapter-host.js';
import { deleteInstance, ledgerOp, setLedgerSequence } from './adapter-ledger.js';
import { registerTestContract } from './adapter-register.js';
import { ENV_SLICE_CALLS, SLICE_FUNCTIONS, type SliceArg, type SliceEnv } from './adapter-slices.js';
import {
  addedObject,
  errResult,
  knownTag,
  literalScVal,
  readObject,
  traceTyped,
  traceVal,
  Unsupported,
} from './adapter-values.js';
import type { DriveScript, ScriptStep } from './script-types.js';
import type { ObservedRun, ObservedStep, TraceHost, TraceResult, TraceValue } from './types.js';

export { Unsupported };

const MAX_SMALL_SYMBOL = 9;

/** A line before its budget is taken. */
type ObservedLine = ObservedStep extends infer S
  ? S extends ObservedStep
    ? Omit<S, 'cpu' | 'mem'>
    : never
  : never;

class Run implements HostTracer {
  readonly steps: ObservedStep[] = [];
  readonly values: (Val | undefined)[] = [];
  /** Each registered contract's VM id (the code hash's first 4 bytes), by contract id. */
  readonly vmIds = new Map<string, string>();
  /** The function Val of the latest `call`/`try_call`, which names a frame when it is a symbol object. */
  lastFn: Val | undefined;
  /** The error of the latest top-level call that failed (a frame around it fails with it). */
  lastError: unknown;
  /** The authorization entries `authEntry` steps built, by step. */
  readonly authEntries = new Map<number, xdr.SorobanAuthorizationEntry>();
  readonly signingKeys = new Map<number, Buffer>();

  constructor(readonly host: Host) {}

  budget() {
    return { cpu: Number(this.host.budget.cpuUsed), mem: Number(this.host.budget.memUsed) };
  }

  record(step: ObservedLine): void {
    this.steps.push({ ...step, ...this.budget() } as ObservedStep);
  }

  /** A call a contract makes: its words printed as the Rust dispatcher prints them. */
  call(name: string, words: readonly bigint[]): void {
    const signature = hostFunctionByName(name);
    const vm = this.host.context().vm;
    const args = (signature?.args ?? []).map(({ type }, i): TraceValue => {
      const word = words[i] ?? 0n;
      if (type === 'u64' || type === 'i64' || type === 'StorageType') return traceTyped(type, word);
      try {
        const val = fromWasm(word);
        if (!knownTag(val)) return { kind: 'bad', bits: BigInt.asIntN(64, word) };
        return traceVal(vm ? vm.objects.toAbsolute(val) : val);
      } catch {
        return { kind: 'bad', bits: BigInt.asIntN(64, word) };
      }
    });
    if (name === 'call' || name === 'try_call') this.lastFn = fromWasm(words[1] ?? 0n);
    this.record({ kind: 'call', name, args });
  }

  envCall(name: string, args: readonly Val[]): void {
    const types = hostFunctionByName(name)?.args.map((arg) => arg.type) ?? ENV_SLICE_CALLS[name]?.args ?? [];
    this.record({ kind: 'call', name, args: args.map((arg, i) => traceTyped(types[i] ?? 'Val', arg)) });
  }

  ret(name: string, outcome: { value: bigint } | { error: unknown }): void {
    const returns = hostFunctionByName(name)?.returns ?? 'Val';
    const unit = ENV_SLICE_CALLS[name]?.returnsUnit;
    const value = (v: bigint): TraceValue => (unit ? { kind: 'unit' } : traceTyped(returns, v));
    const result: TraceResult =
      'value' in outcome ? { ok: true, value: value(outcome.value) } : errResult(outcome.error);
    this.record({ kind: 'ret', name, result });
  }

  push(frame: ContractFrame): void {
    this.record({ kind: 'push', frame: this.frameOf(frame), args: frame.args.map(traceVal) });
  }

  pop(frame: ContractFrame, outcome: { value: bigint } | { error: unknown }): void {
    const result: TraceResult =
      'value' in outcome ? { ok: true, value: traceVal(outcome.value) } : errResult(outcome.error);
    this.record({ kind: 'pop', frame: this.frameOf(frame), result });
  }

  frameOf(frame: ContractFrame) {
    const contractId = Buffer.from(frame.contractId).toString('hex');
    // A VM frame is named by its WASM's hash, a SAC frame by its contract id (trace/fmt.rs `FrameId`).
    const id = frame.vm ? (this.vmIds.get(contractId) ?? '?') : contractId.slice(0, 8);
    // A long name is a Symbol object: the one the frame was called with (the host's own `__check_auth`
    // call has no `call` line).
    const symbol = isObject(frame.fnSymbol) ? frame.fnSymbol : this.lastFn;
    const fn =
      frame.fnName.length > MAX_SMALL_SYMBOL && symbol !== undefined
        ? `sym#${handleOf(symbol)}`
        : frame.fnName;
    if (TEST_FRAMES.has(frame)) return { kind: 'TEST', id: contractId.slice(0, 8), fn };
    return { kind: frame.vm ? 'VM' : 'SAC', id, fn };
  }
}

function context(host: Host): CallContext {
  return host.context();
}

/** Calls a host function the way the Rust test does: traced, its arguments and result checked. */
function callDirect(
  run: Run,
  name: string,
  args: (Val | SliceArg)[],
  printed: TraceValue[],
): Val | undefined {
  const host = run.host;
  run.record({ kind: 'call', name, args: printed });
  const slice = SLICE_FUNCTIONS[name];
  // Where the Rust host fails before it can trace the outcome, the trace has no `ret` line:
  // an env function's argument or result that fails its check, most slice functions' errors.
  let traceError = false;
  try {
    let value: Val;
    let result: TraceValue;
    if (slice) {
      const env: SliceEnv = {
        context: context(host),
        newSymbol: (bytes) => {
          const symbol = callDirect(
            run,
            'symbol_new_from_slice',
            [bytes],
            [{ kind: 'int', value: BigInt(bytes.length) }],
          );
          if (symbol === undefined) throw new HostError('Value', 'InvalidInput', 'bad symbol');
          return symbol;
        },
      };
      traceError = SLICE_ERRORS_TRACED.has(name);
      const out = slice(env, ...(args as SliceArg[]));
      value = out === 'unit' ? 0n : out;
      result = out === 'unit' ? { kind: 'unit' } : traceVal(out);
    } else {
      const signature = hostFunctionByName(name);
      const implementation = signature && HOST_MODULES[signature.module]?.[name];
      if (!signature || !implementation) throw new Unsupported(`host function ${name} is not ours yet`);
      signature.args.forEach(({ type }, i) => {
        if (type !== 'u64' && type !== 'i64') checkIntegrity(context(host), args[i] as Val);
      });
      traceError = true;
      // A metered host's top-level `call` or `try_call` is an invocation once its arguments are checked.
      value = meteredInvocation(
        host,
        name,
        () => implementation(context(host), ...(args as Val[])),
        () => callDirect(run, 'get_ledger_sequence', [], []),
      );
      traceError = false;
      if (signature.returns !== 'u64' && signature.returns !== 'i64') checkIntegrity(context(host), value);
      result = traceTyped(signature.returns, value);
    }
    run.record({ kind: 'ret', name, result: { ok: true, value: result } });
    return value;
  } catch (error) {
    if (error instanceof Unsupported) throw error;
    // A Rust test that expects the error goes on; one that unwraps it ends there.
    if (traceError) run.record({ kind: 'ret', name, result: errResult(error) });
    run.lastError = error;
    return undefined;
  }
}

/** The slice functions that trace their error (host.rs computes `res` before `call_trace_env_ret!`). */
const SLICE_ERRORS_TRACED = new Set(['bytes_copy_to_slice', 'string_copy_to_slice', 'symbol_copy_to_slice']);

/** Printed arguments, without those `call_trace_env_call!` leaves out of the slice functions. */
const UNPRINTED: Record<string, number[]> = { map_new_from_slices: [1], map_unpack_to_slice: [2] };

function step(run: Run, s: ScriptStep, index: number, readWasm: (path: string) => Uint8Array): void {
  const host = run.host;
  switch (s.s) {
    case 'call': {
      const resolved = s.args.map((arg) => resolve(run, arg));
      const printed = resolved.map((r) => r.printed).filter((_, i) => !UNPRINTED[s.fn]?.includes(i));
      if (s.fn === 'call' || s.fn === 'try_call') run.lastFn = resolved[1]?.value as Val;
      run.values[index] = callDirect(
        run,
        s.fn,
        resolved.map((r) => r.value),
        printed,
      );
      resetAuthAfterTopFrame(host, s.fn);
      return;
    }
    case 'make':
      // A conversion the test expects to fail leaves no value (`invalid_input_err(host.to_host_val(..))`).
      try {
        run.values[index] = s.added ? addedObject(host, s.lit) : host.converter.toVal(literalScVal(s.lit));
      } catch (error) {
        if (!(error instanceof HostError) || !s.refused) throw error;
      }
      return;
    case 'toScVal':
      host.converter.toScVal(resolve(run, s.of).value as Val);
      return;
    case 'toScVals':
      host.converter.vecToScVals(resolve(run, s.of).value as Val);
      return;
    case 'read':
      readObject(host, resolve(run, s.of).value as Val, s.as);
      return;
    case 'register':
      run.values[index] = registerTestContract(host, readWasm(s.wasm), run.vmIds, (name, args, printed) =>
        callDirect(run, name, args, printed),
      );
      return;
    case 'vm':
      // The test expects the refusal (`result_matches_err`); what it costs is the trace's.
      try {
        parseContract(readWasm(s.wasm), { ledgerProtocol: host.ledger.protocolVersion, meter: host.budget });
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
      }
      return;
    case 'authEntry':
      run.authEntries.set(
        index,
        authEntry(host, s, (arg) => resolve(run, arg).value as Val),
      );
      return;
    case 'setAuth':
      setAuth(
        host,
        s.entries.map((i) => run.authEntries.get(i)),
      );
      return;
    case 'host':
      hostAction(host, s.action);
      return;
    case 'ledger':
      ledgerOp(host, s.op);
      return;
    case 'copyAddress':
      run.values[index] = copyAddress(host, resolve(run, s.of).value as Val, s.from);
      return;
    case 'ledgerSequence':
      setLedgerSequence(host, s.to);
      return;
    case 'randomContract':
      run.values[index] = addedObject(host, {
        t: 'address',
        kind: 'contract',
        hex: generateBytesArray(host).toString('hex'),
      });
      return;
    case 'authorize':
      authorizeSingleInvocation(
        host,
        s,
        (arg) => resolve(run, arg).value as Val,
        (name, args, printed) => callDirect(run, name, args, printed),
        (step) => signingKeyOf(run, step),
      );
      return;
    case 'signingKey':
      run.signingKeys.set(index, generateBytesArray(host));
      return;
    case 'delInstance':
      deleteInstance(host, resolve(run, s.of).value as Val);
      return;
    case 'budget':
      // `test_budget(cpu, mem)`: limits reset, every model zeroed, then the test's `enable_model`s.
      host.budget.resetLimits(s.cpu, s.mem);
      host.budget.resetModels();
      for (const m of s.models ?? [])
        host.budget.overrideModel(
          m.type,
          { constTerm: m.constCpu, linTerm: m.linCpu },
          { constTerm: m.constMem, linTerm: m.linMem },
        );
      return;
  }
}

/**
 * Steps `from` to `to`; a `fromContract` or `fromAccount` step runs the steps it covers inside its
 * test frame or with its source account (the frame fails with the last step's error).
 */
function runSteps(
  run: Run,
  steps: ScriptStep[],
  from: number,
  to: number,
  readWasm: (path: string) => Uint8Array,
) {
  for (let i = from; i < to; i++) {
    const s = steps[i] as ScriptStep;
    if (s.s !== 'fromContract' && s.s !== 'fromAccount') {
      step(run, s, i, readWasm);
      continue;
    }
    const inner = () => runSteps(run, steps, i + 1, i + 1 + s.steps, readWasm);
    if (s.s === 'fromAccount') withSourceAccount(run.host, s.account, inner);
    else {
      const id = resolve(run, s.id).value as Val;
      const bytes = callDirect(
        run,
        'bytes_copy_to_slice',
        [id, fromU32(0), 32],
        [traceVal(id), traceVal(fromU32(0)), { kind: 'int', value: 32n }],
      );
      try {
        withTestContractFrame(run.host, Uint8Array.from(run.host.objects.expect(id, 'Bytes').value), () => {
          run.lastError = undefined;
          inner();
          const last = run.values[i + s.steps];
          if (last === undefined && run.lastError !== undefined) throw run.lastError;
          return last ?? VOID;
        });
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
      }
      resetAuthAfterTopFrame(run.host);
      if (bytes === undefined) throw new Unsupported('the contract id could not be read');
    }
    i += s.steps;
  }
}

export interface AdapterRun extends ObservedRun {
  /** Why the run stopped before the script's end, if it did. */
  stopped?: string;
}

export class OurTraceHost implements TraceHost {
  constructor(private readonly readWasm: (path: string) => Uint8Array) {}

  run(script: DriveScript): AdapterRun {
    const host = hostFor(script.setup);
    const run = new Run(host);
    const begin = run.budget();
    // `reset_unlimited*` comes after the host is made (and its begin line printed): the counts start again.
    if (script.setup.unlimited) host.budget.resetLimits(host.budget.cpuLimit, host.budget.memLimit);
    host.tracer = run;
    let stopped: string | undefined;
    try {
      runSteps(run, script.steps, 0, script.steps.length, this.readWasm);
    } catch (error) {
      stopped = error instanceof Unsupported || error instanceof HostError ? error.message : String(error);
      if (!(error instanceof Unsupported) && !(error instanceof HostError)) stopped = `crash: ${stopped}`;
    }
    host.tracer = undefined;
    return { begin, steps: run.steps, end: run.budget(), stopped };
  }
}
