/**
 * A `TraceHost` over our host: it makes the host a drive script's setup asks for, runs the script's
 * steps as the Rust test does (host functions called directly on the host; contracts through
 * `call`/`try_call` after `register`), and records every host call, nested ones included, and every
 * contract frame, each with the budget's running totals when the Rust host would print the line.
 */
import { createHash } from 'node:crypto';
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../src/errors/host-error.js';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import type { ContractFrame } from '../../src/host/frames.js';
import { HOST_MODULES } from '../../src/host/functions/index.js';
import { checkIntegrity } from '../../src/host/functions/linear-memory.js';
import type { CallContext } from '../../src/host/functions/types.js';
import type { Host, HostTracer } from '../../src/host/host.js';
import { hostFunctionByName } from '../../src/interface/index.js';
import { fromWasm, handleOf, isObject, type Val } from '../../src/values/val.js';
import { parseContract } from '../../src/vm/index.js';
import { authEntry, authorizeSingleInvocation, copyAddress, setAuth } from './adapter-auth.js';
import { chargeTestContractCheck, generateBytesArray, hostAction, hostFor } from './adapter-host.js';
import { ledgerOp, setLedgerSequence } from './adapter-ledger.js';
import { ENV_SLICE_CALLS, SLICE_FUNCTIONS, type SliceArg, type SliceEnv } from './adapter-slices.js';
import {
  addedObject,
  errResult,
  knownTag,
  literalScVal,
  traceTyped,
  traceVal,
  Unsupported,
} from './adapter-values.js';
import type { DriveScript, ScriptArg, ScriptStep } from './script-types.js';
import type { ObservedRun, ObservedStep, TraceHost, TraceResult, TraceValue } from './types.js';

export { Unsupported };

const STORAGE_TYPES = { Temporary: 0n, Persistent: 1n, Instance: 2n } as const;
const MAX_SMALL_SYMBOL = 9;
/** `Option<AccountId>`'s declared size (declared_size.rs: 32, plus 8 for the option). */
const OPTION_ACCOUNT_ID_SIZE = 40n;

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
  /** The authorization entries `authEntry` steps built, by step. */
  readonly authEntries = new Map<number, xdr.SorobanAuthorizationEntry>();

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

  contractCall(contractId: Uint8Array): void {
    chargeTestContractCheck(this.host, contractId);
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
      value = implementation(context(host), ...(args as Val[]));
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
    return undefined;
  }
}

/** The slice functions that trace their error (host.rs computes `res` before `call_trace_env_ret!`). */
const SLICE_ERRORS_TRACED = new Set(['bytes_copy_to_slice', 'string_copy_to_slice', 'symbol_copy_to_slice']);

/** Resolves a script argument into what the host function takes, and how the trace prints it. */
function resolve(run: Run, arg: ScriptArg): { value: Val | SliceArg; printed: TraceValue } {
  const host = run.host;
  switch (arg.a) {
    case 'val': {
      const value = host.converter.toVal(literalScVal(arg.lit));
      return { value, printed: traceVal(value) };
    }
    case 'raw':
      return { value: arg.v, printed: { kind: 'int', value: arg.v } };
    case 'slice':
      return {
        value: Buffer.from(arg.hex, 'hex'),
        printed: { kind: 'int', value: BigInt(arg.hex.length / 2) },
      };
    case 'sliceFill':
      return {
        value: Buffer.alloc(arg.length, arg.byte),
        printed: { kind: 'int', value: BigInt(arg.length) },
      };
    case 'vals': {
      const items = arg.items.map((item) => resolve(run, item).value as Val);
      return { value: items, printed: { kind: 'int', value: BigInt(items.length) } };
    }
    case 'keys':
      return { value: arg.items, printed: { kind: 'int', value: BigInt(arg.items.length) } };
    case 'buffer':
      return { value: arg.length, printed: { kind: 'int', value: BigInt(arg.length) } };
    case 'storage':
      return { value: STORAGE_TYPES[arg.v], printed: { kind: 'storage', type: arg.v } };
    case 'ref': {
      const value = run.values[arg.step];
      if (value === undefined) throw new Unsupported(`step ${arg.step} gave no value (it failed)`);
      return { value, printed: traceVal(value) };
    }
  }
}

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
    case 'read': {
      const val = resolve(run, s.of).value as Val;
      host.budget.charge('VisitObject');
      host.objects.get(val);
      return;
    }
    case 'register':
      run.values[index] = register(run, readWasm(s.wasm));
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
      run.values[index] = copyAddress(host, resolve(run, s.of).value as Val);
      return;
    case 'ledgerSequence':
      setLedgerSequence(host, s.to);
      return;
    case 'authorize':
      authorizeSingleInvocation(
        host,
        s,
        (arg) => resolve(run, arg).value as Val,
        (name, args, printed) => callDirect(run, name, args, printed),
      );
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
 * `register_test_contract_wasm` (testutils.rs): the source account read (a metered clone of an
 * `Option<AccountId>`), recording auth for the set-up, upload, then create with an account deployer
 * that is also made the source account, and a salt; the auth manager is put back, the source
 * account is left set. The deployer's key and then the salt come from the test PRNG (unmetered),
 * so the contract id is the Rust test's.
 */
function register(run: Run, wasm: Uint8Array): Val {
  const host = run.host;
  const len = (n: number): TraceValue => ({ kind: 'int', value: BigInt(n) });
  host.budget.charge('MemCpy', OPTION_ACCOUNT_ID_SIZE);
  const previousAuth = host.auth;
  host.auth = AuthorizationManager.recording(true);
  const code = callDirect(run, 'bytes_new_from_slice', [wasm], [len(wasm.length)]);
  if (code === undefined) throw new Unsupported('the code could not be made');
  const wasmHash = callDirect(run, 'upload_wasm', [code], [traceVal(code)]);
  if (wasmHash === undefined) throw new Unsupported('the upload failed');
  const account = xdr.PublicKey.publicKeyTypeEd25519(generateBytesArray(host));
  const saltBytes = generateBytesArray(host);
  host.sourceAccount = account;
  const deployer = host.objects.add({ kind: 'Address', value: xdr.ScAddress.scAddressTypeAccount(account) });
  const salt = callDirect(run, 'bytes_new_from_slice', [saltBytes], [len(32)]);
  if (salt === undefined) throw new Unsupported('the salt could not be made');
  const address = callDirect(
    run,
    'create_contract',
    [deployer, wasmHash, salt],
    [deployer, wasmHash, salt].map(traceVal),
  );
  host.auth = previousAuth;
  if (address === undefined) throw new Unsupported('the contract could not be created');
  const scAddress = host.objects.expect(address, 'Address').value.toXdr();
  const contractId = Buffer.from(scAddress.subarray(scAddress.length - 32)).toString('hex');
  const vmId = createHash('sha256')
    .update(wasm)
    .digest('hex')
    .slice(0, 8)
    .replace(/^0+(?=.)/, '');
  run.vmIds.set(contractId, vmId);
  return address;
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
      for (const [i, s] of script.steps.entries()) step(run, s, i, this.readWasm);
    } catch (error) {
      stopped = error instanceof Unsupported || error instanceof HostError ? error.message : String(error);
      if (!(error instanceof Unsupported) && !(error instanceof HostError)) stopped = `crash: ${stopped}`;
    }
    host.tracer = undefined;
    return { begin, steps: run.steps, end: run.budget(), stopped };
  }
}
