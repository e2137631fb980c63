/**
 * The host a contract runs in (`host.rs`, `host/frame.rs`): the value-level state, the budget,
 * storage under a footprint, the ledger, events and the call stack, and calling a contract —
 * its instance and code from storage, a VM with the host interface linked, a frame that rolls
 * back what it changed when it fails.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { type Budget, chargeWasmiFuel, wasmiFuelRemaining } from '../budget/index.js';
import { callStellarAssetContract } from '../builtin/sac/index.js';
import { addressFromAccount } from '../builtin/values.js';
import { HostError } from '../errors/host-error.js';
import { availableAt, hostFunction, isImportKnown, MAX_PROTOCOL } from '../interface/index.js';
import {
  chargeContractKey,
  chargeInstanceClone,
  chargeLedgerEntryClone,
  contractInstanceKey,
  DECLARED_SIZE,
  HASH_SIZE,
  type LedgerInfo,
  type Storage,
} from '../storage/index.js';
import { checkVal, fromU32, fromWasm, toWasm, type Val, VOID } from '../values/val.js';
import { type HostImports, instantiate, type VmBudget, type VmInstance } from '../vm/index.js';
import { AuthorizationManager, type AuthSnapshot, recordedAuthEntry } from './auth/index.js';
import { CodeModules } from './code-modules.js';
import type { HostConfig } from './config.js';
import { contractInstanceOf, withInstance } from './contract-data.js';
import { dispatch } from './dispatch.js';
import { EventBuffer } from './events.js';
import { wasmHashOf } from './executable-ref.js';
import {
  type CallParams,
  type ContractFrame,
  exitValue,
  FrameStack,
  frameFunctionName,
  type HostFunctionFrame,
  RESERVED_PREFIX,
} from './frames.js';
import { chargeNewVec, VAL_SIZE } from './functions/charges.js';
import { HOST_MODULES } from './functions/index.js';
import { symbolStr } from './functions/symbol-slices.js';
import type { CallContext, VmFrame } from './functions/types.js';
import { changedInstanceStorage } from './instance-storage.js';
import { RelativeObjects } from './objects.js';
import { FramePrngs } from './prng/frame-prngs.js';
import { HostState } from './state.js';
import { isTestContractExecutable, type NativeContract } from './test-build.js';
import { traced, tracedFunction } from './tracing.js';

export type { HostConfig } from './config.js';
export type { CallParams } from './frames.js';
export type { HostTracer } from './state.js';

import { arisenErrorEvent, fnCallEvent, fnReturnEvent, hostFunctionFailed, invokeVm } from './diagnostics.js';
import { vmLinearMemory } from './vm-memory.js';

/** `size_of::<Context>()` (declared_size.rs): a frame on the context stack. */
const CONTEXT_SIZE = 512;

export class Host extends HostState {
  readonly budget: Budget;
  readonly storage: Storage;
  readonly ledger: LedgerInfo;
  readonly events: EventBuffer;
  readonly frames = new FrameStack();
  /** Set by the entry point before authorization entries are given (`set_source_account`). */
  sourceAccount: xdr.AccountId | undefined;
  /** Enforcing with no entries unless set (`set_authorization_entries`, `switch_to_recording_auth`). */
  auth: AuthorizationManager;
  readonly prngs: FramePrngs;
  readonly #code: CodeModules;
  readonly #vmBudget: VmBudget;
  /** Charges what the Rust host's test build adds (HostConfig.testutils). */
  readonly testutils: boolean;
  readonly envProtocol: number;
  /** A test build's native test contracts (`register_test_contract`), by contract id in hex. */
  readonly nativeContracts = new Map<string, NativeContract>();
  #imports: HostImports | undefined;

  constructor(config: HostConfig) {
    super(config.budget);
    this.budget = config.budget;
    this.storage = config.storage;
    this.ledger = config.ledger;
    this.events = new EventBuffer(config.budget, config.diagnostics ?? false);
    this.#code = new CodeModules(
      this,
      config.modules ?? new Map(),
      config.codeCached,
      config.cachedCodeCosts,
    );
    this.sourceAccount = config.sourceAccount;
    this.testutils = config.testutils ?? false;
    this.envProtocol = config.envProtocol ?? MAX_PROTOCOL;
    this.auth = AuthorizationManager.enforcing(this);
    this.prngs = new FramePrngs(config.basePrng);
    this.storage.onSequenceRead = () => {
      this.envCall('get_ledger_sequence', [], () => fromU32(this.ledger.sequenceNumber));
    };
    const budget = config.budget;
    this.#vmBudget = {
      charge: (type, input) => budget.charge(type, input),
      wasmiFuelRemaining: () => wasmiFuelRemaining(budget),
      chargeWasmInsnExec: (fuel) => chargeWasmiFuel(budget, fuel),
      memBytesRemaining: () => budget.memRemaining,
    };
  }

  /** `set_base_prng_seed`: the embedder's 32-byte seed, charged to this host's budget. */
  setBasePrngSeed(seed: Uint8Array): void {
    this.prngs.seedBase(seed, this.budget);
  }

  /** The context a host function runs in, from the innermost frame. */
  context(): CallContext {
    return { host: this, vm: this.frames.currentContract?.vm };
  }

  /** The source account, cloned (metered), as a new Address object (`source_account_address`). */
  sourceAccountAddress(): Val | undefined {
    return this.sourceAccount && addressFromAccount(this, this.sourceAccount);
  }

  /** Recording mode's entries, unsigned, as simulation returns them. */
  recordedAuthEntries(): xdr.SorobanAuthorizationEntry[] {
    return this.auth.recordedPayloads(this).map(recordedAuthEntry);
  }

  /**
   * The running contract's id, cloned as `get_current_contract_id_internal` clones it (metered), or
   * the host's error outside a contract.
   */
  currentContractId(): Uint8Array {
    const frame = this.frames.currentContract;
    if (!frame) throw new HostError('Context', 'InternalError', 'Current context has no contract ID');
    this.budget.charge('MemCpy', DECLARED_SIZE.contractId);
    return frame.contractId;
  }

  /**
   * The contract's instance from storage (`retrieve_contract_instance_from_storage`): the entry
   * read, its instance cloned (`metered_clone`: the declared size, then its storage map).
   */
  instance(contractId: Uint8Array): xdr.ScContractInstance {
    const entry = this.storage.get(contractInstanceKey(contractId), this.budget);
    const instance = contractInstanceOf(entry);
    // The entry's own value (contractInstanceOf checked its shape): no wrapper built per call.
    if (entry.data.type === 'contractData') chargeInstanceClone(entry.data.contractData.val, this.budget);
    return instance;
  }

  /** Calls a contract function with absolute Vals (`call_n_internal`). */
  callContract(contractId: Uint8Array, fn: Val, args: readonly Val[], params: CallParams = {}): Val {
    // `call_n_internal` reads the name (through the env for a symbol object) only to check it.
    if (!params.internal && symbolStr(this.context(), fn).startsWith(RESERVED_PREFIX))
      throw new HostError('Context', 'InvalidAction', "can't invoke a reserved function directly");
    const distance = this.frames.contractIds().findIndex((id) => Buffer.compare(id, contractId) === 0);
    if (distance > 0 || (distance === 0 && !params.selfReentry))
      throw new HostError('Context', 'InvalidAction', 'Contract re-entry is not allowed');
    fnCallEvent(this, contractId, fn, args);
    // A test build runs a native test contract in a test frame (`create_test_contract_frame`);
    // either frame's instance key is made and its instance read (`call_contract_fn`).
    const native =
      this.testutils && isTestContractExecutable(this, contractId)
        ? this.nativeContracts.get(Buffer.from(contractId).toString('hex'))
        : undefined;
    chargeContractKey(this.budget);
    const instance = this.instance(contractId);
    // Only `call_contract_fn` copies the arguments; the SAC's frame clones the contract id too.
    if (!native) chargeNewVec(this.context(), args.length, VAL_SIZE);
    const { executable } = instance;
    if (!native && executable.type === 'contractExecutableStellarAsset')
      this.budget.charge('MemCpy', HASH_SIZE);
    // A Stellar Asset Contract runs built in, in a frame with no VM (`Frame::StellarAssetContract`);
    // an external reference runs the Wasm its entry names now (frame.rs, protocol 28).
    const wasmHash = native ? undefined : wasmHashOf(this, executable);
    const vm = wasmHash ? this.instantiateVm(wasmHash) : undefined;
    const frame: ContractFrame = {
      kind: 'contract',
      contractId,
      fnName: frameFunctionName(this.objects, fn),
      fnSymbol: fn,
      args,
      vm: vm && ({ memory: vmLinearMemory(vm), objects: new RelativeObjects() } satisfies VmFrame),
      instance,
      ...(native ? { native: true } : {}),
    };
    // `with_frame` checks the depth before `push_context` pushes the auth frame.
    this.frames.checkDepth();
    const authSnapshot = this.auth.pushContractFrame(this, contractId, fn);
    const value = this.#withAuthFrame(authSnapshot, () => this.#runFrame(frame, vm, params, args, native));
    fnReturnEvent(this, contractId, fn, value);
    return value;
  }

  /** Runs a frame's body; as it pops, a failure rolls its auth snapshot back (`pop_context`). */
  #withAuthFrame<T>(authSnapshot: AuthSnapshot, body: () => T): T {
    let failed = true;
    try {
      const value = body();
      failed = false;
      return value;
    } finally {
      if (this.frames.depth === 0) this.auth.maybeEmulateAuthentication(this);
      this.auth.popFrame(failed ? authSnapshot : undefined);
    }
  }

  /**
   * `with_frame`: the contract's result, an Error value turned into the failure it stands for, then
   * the instance storage written back, all before the frame's pop is traced. A Stellar Asset
   * Contract runs built in.
   */
  #runFrame(
    frame: ContractFrame,
    vm: VmInstance | undefined,
    params: CallParams,
    args: readonly Val[],
    native?: NativeContract,
  ): Val {
    return this.frames.with(frame, this.rollbackHooks(), () =>
      traced(this.tracer, frame, () => {
        let value: Val;
        if (native) {
          // A function the native contract lacks fails, or answers Void where one may be missing.
          const answer = native(this, frame.fnSymbol, args);
          if (answer === undefined && !params.missingIsVoid)
            throw new HostError('Context', 'MissingValue', 'calling unknown contract function');
          value = answer ?? VOID;
        } else if (vm) {
          const objects = frame.vm?.objects as RelativeObjects;
          const words = args.map((arg) => toWasm(objects.toRelative(arg, this.budget)));
          const name = () => symbolStr(this.context(), frame.fnSymbol);
          const result = invokeVm(this, frame.fnSymbol, () =>
            vm.invoke(name, words, { treatMissingFunctionAsNoop: params.missingIsVoid }),
          );
          if (result === undefined) return VOID;
          // `relative_to_absolute` only: the handle is checked against the frame's table, the
          // object itself is not visited (vm.rs `metered_func_call`).
          value = checkVal(objects.toAbsolute(fromWasm(result)));
        } else value = callStellarAssetContract(this, frame.fnSymbol, args);
        exitValue(value);
        this.persistInstance(frame);
        return value;
      }),
    );
  }

  /** Runs a host function invoked from outside in its own frame (`invoke_function_and_return_val`). */
  withHostFunctionFrame(name: string, body: () => Val): Val {
    this.frames.checkDepth();
    const frame: HostFunctionFrame = { kind: 'host-function', function: name };
    // Auth's `push_frame` of a host function frame only takes its (charged) snapshot; the frame
    // is traced as a contract's is (`with_frame`: PushCtx once pushed, PopCtx before the pop).
    return this.#withAuthFrame(this.auth.snapshot(this), () =>
      this.frames.with(frame, this.rollbackHooks(), () => traced(this.tracer, frame, body)),
    );
  }

  rollbackHooks() {
    return {
      // `push_context` (host/frame.rs): the storage map cloned for the rollback point, then the
      // context pushed on its stack (a `Vec<Context>` push, charged).
      point: () => {
        const storage = this.storage.rollbackPoint(this.budget);
        chargeNewVec(this.context(), 1, CONTEXT_SIZE);
        return { storage, events: this.events.length };
      },
      restore: (point: { storage: ReturnType<Storage['rollbackPoint']>; events: number }, error: unknown) => {
        arisenErrorEvent(this, error);
        this.storage.rollback(point.storage);
        this.events.rollback(point.events);
      },
    };
  }

  /** Writes a frame's instance storage back after a mutable access (`persist_instance_storage`). */
  private persistInstance(frame: ContractFrame): void {
    const storage = changedInstanceStorage(this.context(), frame);
    if (!storage) return;
    // `get_current_contract_id_internal` (the frame is still the current one), then
    // `contract_instance_ledger_key` (frame.rs).
    const contractId = this.currentContractId();
    chargeContractKey(this.budget);
    this.storeInstance(
      contractId,
      (old) => new xdr.ScContractInstance({ executable: old.executable, storage }),
    );
  }

  /** Gives a contract new code, keeping its instance storage (`update_current_contract_wasm`). */
  replaceExecutable(contractId: Uint8Array, executable: xdr.ContractExecutable): void {
    this.storeInstance(contractId, (old) => new xdr.ScContractInstance({ executable, storage: old.storage }));
  }

  private storeInstance(
    contractId: Uint8Array,
    change: (old: xdr.ScContractInstance) => xdr.ScContractInstance,
  ): void {
    // `store_contract_instance` (data_helper.rs): the entry looked up twice, cloned, changed and
    // put back in a new `Rc`.
    const key = contractInstanceKey(contractId);
    this.storage.has(key, this.budget);
    const { entry, liveUntil } = this.storage.getWithLiveUntil(key, this.budget);
    chargeLedgerEntryClone(entry, this.budget);
    const instance = contractInstanceOf(entry);
    this.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
    this.storage.put(key, withInstance(entry, change(instance)), liveUntil, this.budget);
  }

  /**
   * A VM of the code with this hash (`instantiate_vm`, host/frame.rs): the module from the cache or
   * parsed (and charged), then instantiated (and charged again).
   */
  instantiateVm(wasmHash: Uint8Array): VmInstance {
    // `instantiate_vm`: the contract id cloned for the VM.
    this.budget.charge('MemCpy', DECLARED_SIZE.contractId);
    const { parsed, fresh } = this.#code.load(wasmHash);
    return instantiate(parsed, this.imports(), { ...this.vmOptions(), linkerPerModule: fresh });
  }

  /** What instantiating or checking a module needs from this host. */
  vmOptions() {
    return {
      budget: this.#vmBudget,
      ledgerProtocol: this.ledger.protocolVersion,
      envProtocol: this.envProtocol,
      isImportKnown,
      importArity: (module: string, name: string) => hostFunction(module, name)?.args.length,
      onHostCall: (module: string, name: string, words: readonly bigint[]) =>
        this.tracer?.call(hostFunction(module, name)?.name ?? name, words),
    };
  }

  /** The host interface at the ledger's protocol, as a contract imports it. */
  private imports(): HostImports {
    if (this.#imports) return this.#imports;
    const imports: HostImports = {};
    const protocol = this.ledger.protocolVersion;
    for (const signature of availableAt(protocol)) {
      const implementation = HOST_MODULES[signature.module]?.[signature.name];
      imports[signature.moduleLetter] ??= {};
      (imports[signature.moduleLetter] as Record<string, (...words: bigint[]) => bigint>)[signature.export] =
        (...words) => {
          if (!implementation)
            throw new HostError(
              'Context',
              'InternalError',
              `host function ${signature.name} is not available yet`,
            );
          const tracer = this.tracer;
          const run = tracer ? tracedFunction(tracer, signature.name, implementation) : implementation;
          try {
            return dispatch(this.context(), signature, run, protocol, words);
          } catch (error) {
            hostFunctionFailed(this, signature.name, error);
            throw error;
          }
        };
    }
    this.#imports = imports;
    return imports;
  }
}
