/**
 * A `TraceHost` over our host: it makes the host a drive script's setup asks for, runs the script's
 * steps as the Rust test does (host functions called directly on the host; contracts through
 * `call`/`try_call` after `register`), and records every host call, nested ones included, and every
 * contract frame, each with the budget's running totals when the Rust host would print the line.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../src/errors/host-error.js';
import { HOST_MODULES } from '../../src/host/functions/index.js';
import { checkIntegrity } from '../../src/host/functions/linear-memory.js';
import type { CallContext } from '../../src/host/functions/types.js';
import type { Host } from '../../src/host/host.js';
import { registerTestContract } from '../../src/host/test-build.js';
import { existsAt, hostFunctionByName } from '../../src/interface/index.js';
import { invokeHostFunction } from '../../src/invoke/host-function.js';
import { chargeScVecClone, compareScVals } from '../../src/storage/index.js';
import { fromU32, type Val, VOID } from '../../src/values/val.js';
import { parseContract } from '../../src/vm/index.js';
import { resolve, signingKeyOf } from './adapter-args.js';
import { authEntry, authorizeSingleInvocation, copyAddress, setAuth } from './adapter-auth.js';
import { invokeBareVm } from './adapter-bare-vm.js';
import {
  resetAuthAfterTopFrame,
  withContractTestFrame,
  withSourceAccount,
  withTestContractFrame,
} from './adapter-frames.js';
import {
  generateBytesArray,
  hostAction,
  hostFor,
  meteredInvocation,
  setupStorageFootprint,
} from './adapter-host.js';
import {
  deleteInstance,
  ledgerOp,
  readInstance,
  setDefaultLedgerInfo,
  setLedgerSequence,
} from './adapter-ledger.js';
import { nativeContract } from './adapter-native.js';
import { registeredCode, registerTestContract as registerTestContractWasm } from './adapter-register.js';
import { Run } from './adapter-run.js';
import { SLICE_FUNCTIONS, type SliceArg, type SliceEnv } from './adapter-slices.js';
import {
  addedObject,
  errResult,
  literalScVal,
  readObject,
  traceTyped,
  traceVal,
  Unsupported,
} from './adapter-values.js';
import type { DriveScript, ScriptStep } from './script-types.js';
import type { ObservedRun, TraceHost, TraceValue } from './types.js';

export { Unsupported };

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
  // `vmcaller_none_function_helper` (vmcaller_env.rs): a native call outside the function's
  // protocol range is refused before it is traced.
  const gated = hostFunctionByName(name);
  if (gated && !existsAt(gated, host.ledger.protocolVersion)) {
    run.lastError = new HostError('Context', 'IndexBounds', "ledger protocol out of the function's bounds");
    return undefined;
  }
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
        run.values[index] = s.added
          ? addedObject(host, s.lit, s.addedAs)
          : host.converter.toVal(literalScVal(s.lit));
      } catch (error) {
        if (!(error instanceof HostError) || !s.refused) throw error;
      }
      return;
    case 'toScVal': {
      const value = resolve(run, s.of).value as Val;
      const converted = s.object
        ? host.converter.objectToScValUnchecked(value)
        : host.converter.toScVal(value);
      run.scvals.set(index, converted);
      return;
    }
    case 'compare':
      host.comparator.compare(resolve(run, s.a).value as Val, resolve(run, s.b).value as Val);
      return;
    case 'compareScVals': {
      const [a, b] = [run.scvals.get(s.a), run.scvals.get(s.b)];
      if (!a || !b) throw new Unsupported('compareScVals of a step that gave no ScVal');
      compareScVals(a, b, host.budget);
      return;
    }
    case 'cloneScVec': {
      const scval = literalScVal(s.lit);
      if (scval.type !== 'scvVec') throw new Unsupported('cloneScVec of a literal that is not a Vec');
      try {
        chargeScVecClone(scval.vec ?? [], host.budget);
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
      }
      return;
    }
    case 'toScVals':
      host.converter.vecToScVals(resolve(run, s.of).value as Val);
      return;
    case 'read':
      readObject(host, resolve(run, s.of).value as Val, s.as);
      return;
    case 'register':
      run.values[index] = registerTestContractWasm(
        host,
        registeredCode(s, readWasm),
        run.vmIds,
        (name, args, printed) => callDirect(run, name, args, printed),
      );
      return;
    case 'uploadWasm': {
      const upload = xdr.HostFunction.hostFunctionTypeUploadContractWasm(Buffer.from(readWasm(s.wasm)));
      run.values[index] = host.converter.toVal(invokeHostFunction(host, upload));
      resetAuthAfterTopFrame(host);
      return;
    }
    case 'vm':
      // The test expects the refusal (`result_matches_err`); what it costs is the trace's.
      try {
        parseContract(readWasm(s.wasm), { ledgerProtocol: host.ledger.protocolVersion, meter: host.budget });
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
      }
      return;
    case 'bareVm':
      invokeBareVm(host, Buffer.from(s.code, 'hex'));
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
    case 'registerNative': {
      const contract = nativeContract(s.contract, (name, args, printed) =>
        callDirect(run, name, args, printed),
      );
      const constructorArgs = callDirect(run, 'vec_new', [], []);
      if (constructorArgs === undefined) throw new Unsupported('vec_new failed');
      registerTestContract(host, resolve(run, s.address).value as Val, contract, constructorArgs);
      resetAuthAfterTopFrame(host);
      return;
    }
    case 'basePrngSeed':
      host.setBasePrngSeed(Buffer.from(s.hex, 'hex'));
      return;
    case 'ledgerProtocol':
      host.ledger.protocolVersion = s.protocol;
      return;
    case 'rollbackEvents':
      host.events.rollback(s.to);
      return;
    case 'ledgerInfo':
      setDefaultLedgerInfo(host, s.protocol);
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
    case 'readInstance':
      readInstance(host, resolve(run, s.of).value as Val, s.newKey);
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
    if (s.s !== 'fromContract' && s.s !== 'fromAccount' && s.s !== 'testFrame') {
      step(run, s, i, readWasm);
      continue;
    }
    const inner = () => runSteps(run, steps, i + 1, i + 1 + s.steps, readWasm);
    if (s.s === 'fromAccount') withSourceAccount(run.host, s.account, inner);
    else if (s.s === 'testFrame') {
      withContractTestFrame(run.host, resolve(run, s.of).value as Val, s.fn, inner, s.byId);
      resetAuthAfterTopFrame(run.host);
    } else {
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
    if (script.setup.preflight) setupStorageFootprint(host, this.preflightFootprint(script.setup.preflight));
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

  /** The footprint a first run records on its own host (untraced). */
  private preflightFootprint(script: DriveScript) {
    const host = hostFor(script.setup);
    runSteps(new Run(host), script.steps, 0, script.steps.length, this.readWasm);
    return host.storage.footprint;
  }
}
