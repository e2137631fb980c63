/**
 * The record of one drive script's run (`HostTracer`): every host call, nested ones too, and every
 * frame, each line with the budget's running totals when it is recorded, printed as the Rust host
 * prints it; and the values, entries and keys the script's steps made.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Frame } from '../../src/host/frames.js';
import type { Host, HostTracer } from '../../src/host/host.js';
import { hostFunctionByName } from '../../src/interface/index.js';
import { fromWasm, handleOf, isGood, isObject, type Val } from '../../src/values/val.js';
import { TEST_FRAMES } from './adapter-frames.js';
import { ENV_SLICE_CALLS } from './adapter-slices.js';
import { errResult, knownTag, traceTyped, traceVal } from './adapter-values.js';
import type { ObservedStep, TraceResult, TraceValue } from './types.js';

const MAX_SMALL_SYMBOL = 9;

/** A line before its budget is taken. */
type ObservedLine = ObservedStep extends infer S
  ? S extends ObservedStep
    ? Omit<S, 'cpu' | 'mem'>
    : never
  : never;

export class Run implements HostTracer {
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
  /** The ScVals `toScVal` steps gave, by step. */
  readonly scvals = new Map<number, xdr.ScVal>();

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
        // `try_marshal_from_value` (vm/dispatch.rs): a word that is no good Val is traced as `bad:`.
        if (!knownTag(val) || !isGood(val)) return { kind: 'bad', bits: BigInt.asIntN(64, word) };
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

  push(frame: Frame): void {
    const args = frame.kind === 'contract' ? frame.args.map(traceVal) : [];
    this.record({ kind: 'push', frame: this.frameOf(frame), args });
  }

  pop(frame: Frame, outcome: { value: bigint } | { error: unknown }): void {
    const result: TraceResult =
      'value' in outcome ? { ok: true, value: traceVal(outcome.value) } : errResult(outcome.error);
    this.record({ kind: 'pop', frame: this.frameOf(frame), result });
  }

  frameOf(frame: Frame) {
    // A host function's frame is printed by its `HostFunctionType` alone (`UploadContractWasm:`).
    if (frame.kind === 'host-function')
      return { kind: frame.function.replace(/^hostFunctionType/, ''), id: '', fn: '' };
    const contractId = Buffer.from(frame.contractId).toString('hex');
    // A VM frame is named by its WASM's hash (the code the call began with, the same after an
    // update inside it), a SAC frame by its contract id (trace/fmt.rs `FrameId`).
    const { executable } = frame.instance;
    const code =
      executable.type === 'contractExecutableWasm'
        ? Buffer.from(executable.wasmHash.value)
            .toString('hex')
            .slice(0, 8)
            .replace(/^0+(?=.)/, '')
        : this.vmIds.get(contractId);
    const id = frame.vm ? (code ?? '?') : contractId.slice(0, 8);
    // A long name is a Symbol object: the one the frame was called with (the host's own `__check_auth`
    // call has no `call` line).
    const symbol = isObject(frame.fnSymbol) ? frame.fnSymbol : this.lastFn;
    const fn =
      frame.fnName.length > MAX_SMALL_SYMBOL && symbol !== undefined
        ? `sym#${handleOf(symbol)}`
        : frame.fnName;
    if (TEST_FRAMES.has(frame) || frame.native) return { kind: 'TEST', id: contractId.slice(0, 8), fn };
    return { kind: frame.vm ? 'VM' : 'SAC', id, fn };
  }
}
