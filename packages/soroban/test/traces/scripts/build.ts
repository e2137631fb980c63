/**
 * Short constructors for drive scripts, so that each script reads like the Rust test's inputs.
 * A call's arguments may be literals (made into Vals as the test's `into()` does) or `ScriptArg`s.
 */

import type { NativeContractName } from '../adapter-native.js';
import type {
  DriveScript,
  HostAction,
  LedgerOp,
  Literal,
  ModelOverride,
  ReadAs,
  ScriptArg,
  ScriptSetup,
  ScriptStep,
} from '../script-types.js';

export const u32 = (v: number): Literal => ({ t: 'u32', v });
export const i32 = (v: number): Literal => ({ t: 'i32', v });
export const u64 = (v: bigint): Literal => ({ t: 'u64', v });
export const i64 = (v: bigint): Literal => ({ t: 'i64', v });
export const u128 = (v: bigint): Literal => ({ t: 'u128', v });
export const i128 = (v: bigint): Literal => ({ t: 'i128', v });
export const u256 = (v: bigint): Literal => ({ t: 'u256', v });
export const i256 = (v: bigint): Literal => ({ t: 'i256', v });
export const timepoint = (v: bigint): Literal => ({ t: 'timepoint', v });
export const duration = (v: bigint): Literal => ({ t: 'duration', v });
export const bool = (v: boolean): Literal => ({ t: 'bool', v });
export const VOID: Literal = { t: 'void' };
export const sym = (v: string): Literal => ({ t: 'symbol', v });
export const str = (v: string): Literal => ({ t: 'string', v });
export const bytes = (hex: string): Literal => ({ t: 'bytes', hex });
export const bytesFill = (byte: number, length: number): Literal => ({ t: 'bytesFill', byte, length });
export const vec = (...items: Literal[]): Literal => ({ t: 'vec', items });
export const u32s = (...vs: number[]): Literal => vec(...vs.map(u32));
export const map = (...entries: [Literal, Literal][]): Literal => ({ t: 'map', entries });
export const account = (hex: string): Literal => ({ t: 'address', kind: 'account', hex });
export const contract = (hex: string): Literal => ({ t: 'address', kind: 'contract', hex });
export const muxed = (hex: string, id: bigint): Literal => ({ t: 'muxedAddress', hex, id });
export const liquidityPool = (hex: string): Literal => ({ t: 'address', kind: 'liquidityPool', hex });
export const claimableBalance = (hex: string): Literal => ({ t: 'address', kind: 'claimableBalance', hex });
export const err = (type: string, code: string): Literal => ({ t: 'error', type, code });

/** Bytes of a UTF-8 text, as hex. */
export const hexOf = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
/** `n` copies of one byte, as hex. */
export const repeatByte = (byte: number, n: number): string => byte.toString(16).padStart(2, '0').repeat(n);

export const raw = (v: bigint | number): ScriptArg => ({ a: 'raw', v: BigInt(v) });
export const ref = (step: number): ScriptArg => ({ a: 'ref', step });
export const slice = (hex: string): ScriptArg => ({ a: 'slice', hex });
export const sliceFill = (byte: number, length: number): ScriptArg => ({ a: 'sliceFill', byte, length });
export const text = (s: string): ScriptArg => slice(hexOf(s));
export const vals = (...items: (Literal | ScriptArg)[]): ScriptArg => ({ a: 'vals', items: items.map(arg) });
export const buffer = (length: number): ScriptArg => ({ a: 'buffer', length });
export const keys = (...items: string[]): ScriptArg => ({ a: 'keys', items });
/** `Val::from_payload` of a value's payload plus `plus`, or-ed with `or`: a corrupted object reference. */
export const payload = (of: ScriptArg, plus: bigint, or = 0n): ScriptArg => ({ a: 'payload', of, plus, or });
/** The 32-byte id of the contract address step `arg` made, as a slice. */
export function contractIdOf(arg: ScriptArg): ScriptArg {
  if (arg.a !== 'ref') throw new Error('contractIdOf needs a step reference');
  return { a: 'contractIdOf', step: arg.step };
}
/** `generate_bytes_array()`: 32 bytes of the test PRNG, as a slice. */
export const TEST_BYTES: ScriptArg = { a: 'testBytes' };
export const storage = (v: 'Instance' | 'Persistent' | 'Temporary'): ScriptArg => ({ a: 'storage', v });

function arg(x: Literal | ScriptArg): ScriptArg {
  return 'a' in x ? x : { a: 'val', lit: x };
}

export const call = (fn: string, ...args: (Literal | ScriptArg)[]): ScriptStep => ({
  s: 'call',
  fn,
  args: args.map(arg),
});
export const make = (lit: Literal): ScriptStep => ({ s: 'make', lit });
export const toScVal = (of: ScriptArg): ScriptStep => ({ s: 'toScVal', of });
export const register = (wasm: string): ScriptStep => ({ s: 'register', wasm });

export const hostAction = (action: HostAction): ScriptStep => ({ s: 'host', action });
export const testBudget = (cpu: bigint, mem: bigint, ...models: ModelOverride[]): ScriptStep => ({
  s: 'budget',
  cpu,
  mem,
  models,
});
/** `enable_model(WasmInsnExec, 6, 0, 0, 0)`, as the invocation tests use it to run out of budget fast */
export const WASM_INSN_6: ModelOverride = {
  type: 'WasmInsnExec',
  constCpu: 6n,
  linCpu: 0n,
  constMem: 0n,
  linMem: 0n,
};

export const TEST_HOST: ScriptSetup = { host: 'test_host' };
export const RECORDING: ScriptSetup = { host: 'test_host_with_recording_footprint' };
export const RECORDING_DEBUG: ScriptSetup = { ...RECORDING, diagnostics: true };

/** Scripts of one Rust test file: `scriptsOf('vec', { vec_new: [steps] })`. */
export function scriptsOf(
  file: string,
  tests: Record<string, ScriptStep[] | { setup: ScriptSetup; steps: ScriptStep[] }>,
): DriveScript[] {
  return Object.entries(tests).map(([fn, body]) => {
    const { setup, steps } = Array.isArray(body) ? { setup: TEST_HOST, steps: body } : body;
    return {
      trace: `test__${file}__${fn}.json`,
      rust: `${file}.rs::${fn.replaceAll('__', '::')}`,
      setup,
      steps,
    };
  });
}

/** Builds a step list where each step's value is a `ref` to it, for scripts with many steps. */
export class Sequence {
  readonly steps: ScriptStep[] = [];

  private add(step: ScriptStep): ScriptArg {
    this.steps.push(step);
    return ref(this.steps.length - 1);
  }
  call(fn: string, ...args: (Literal | ScriptArg)[]): ScriptArg {
    return this.add(call(fn, ...args));
  }
  make(lit: Literal): ScriptArg {
    return this.add(make(lit));
  }
  /** `host.add_host_object(..)` of a string, bytes, address or empty Vec literal (no conversion charges). */
  object(lit: Literal): ScriptArg {
    return this.add({ s: 'make', lit, added: true });
  }
  /** `host.add_host_object(..)` of an address as an object type the host refuses for it. */
  refusedObject(lit: Literal, addedAs: 'Address' | 'MuxedAddress'): void {
    this.add({ s: 'make', lit, added: true, addedAs, refused: true });
  }
  /** `invoke_function(HostFunction::UploadContractWasm(..))`, its answer made a Val: the code's hash. */
  uploadWasm(wasm: string): ScriptArg {
    return this.add({ s: 'uploadWasm', wasm });
  }
  /** `register_test_contract_wasm` of a WASM file, or of a module the test synthesizes (`code`, hex). */
  register(wasm: string, code?: string): ScriptArg {
    return this.add(code === undefined ? register(wasm) : { s: 'register', wasm, code });
  }
  /** `from_host_val`, or with `object` `from_host_obj` (no depth checkpoint at the top); the step, for `compareScVals`. */
  toScVal(of: ScriptArg, object = false): number {
    this.add(object ? { s: 'toScVal', of, object } : toScVal(of));
    return this.steps.length - 1;
  }
  /** `host.compare(&a, &b)`. */
  compare(a: Literal | ScriptArg, b: Literal | ScriptArg): void {
    this.add({ s: 'compare', a: arg(a), b: arg(b) });
  }
  /** `budget.compare` of the ScVals two `toScVal` steps gave. */
  compareScVals(a: number, b: number): void {
    this.add({ s: 'compareScVals', a, b });
  }
  /** `vecobject_to_scval_vec` of a Vec. */
  toScVals(of: ScriptArg): void {
    this.add({ s: 'toScVals', of });
  }
  read(of: ScriptArg, as: ReadAs): void {
    this.add({ s: 'read', of, as });
  }
  host(action: HostAction): void {
    this.add(hostAction(action));
  }
  budget(cpu: bigint, mem: bigint, ...models: ModelOverride[]): void {
    this.add(testBudget(cpu, mem, ...models));
  }
  authorize(step: Omit<Extract<ScriptStep, { s: 'authorize' }>, 's'>): void {
    this.add({ s: 'authorize', ...step });
  }
  ledger(op: LedgerOp): void {
    this.add({ s: 'ledger', op });
  }
  /** `TestSigner::address` of an account contract: its Address object read back (charged), then a new object. */
  copyAddress(of: ScriptArg): ScriptArg {
    return this.add({ s: 'copyAddress', of, from: 'object' });
  }
  ledgerSequence(to: Extract<ScriptStep, { s: 'ledgerSequence' }>['to']): void {
    this.add({ s: 'ledgerSequence', to });
  }
  /** `run_from_contract(&id, || ..)`: the steps `body` adds run in a test contract's frame. */
  fromContract(id: ScriptArg, body: () => void): void {
    this.around((steps) => ({ s: 'fromContract', id, steps }), body);
  }
  /** `with_test_contract_frame(contract_id_from_address(of), fn, || ..)`: the steps `body` adds, in a test frame. */
  testFrame(of: ScriptArg, fn: string, body: () => void, byId = false): void {
    this.around((steps) => ({ s: 'testFrame', of, fn, steps, ...(byId ? { byId } : {}) }), body);
  }
  /** `register_test_contract(address, contract)`: a native test contract of `adapter-native.ts`. */
  registerNative(address: ScriptArg, contract: NativeContractName): void {
    this.add({ s: 'registerNative', address, contract });
  }
  /** `run_from_account(account, || ..)`: the steps `body` adds run with this source account. */
  fromAccount(account: string, body: () => void): void {
    this.around((steps) => ({ s: 'fromAccount', account, steps }), body);
  }
  private around(wrapper: (steps: number) => ScriptStep, body: () => void): void {
    const at = this.steps.length;
    this.steps.push(wrapper(0));
    body();
    this.steps[at] = wrapper(this.steps.length - at - 1);
  }
  /** `TestSigner::address` of a signer the test holds the ScAddress of (cloned, unmetered): a new object. */
  addressAgain(of: ScriptArg): ScriptArg {
    return this.add({ s: 'copyAddress', of, from: 'test' });
  }
  /** `generate_signing_key`: its public key, as a slice for `bytes_new_from_slice`, and the step. */
  signingKey(): { step: number; publicKey: ScriptArg } {
    this.steps.push({ s: 'signingKey' });
    const step = this.steps.length - 1;
    return { step, publicKey: { a: 'publicKeyOf', step } };
  }
  delInstance(of: ScriptArg): void {
    this.add({ s: 'delInstance', of });
  }
  /** The test's read of a contract's instance entry from the storage map (`newKey`: the key made first). */
  readInstance(of: ScriptArg, newKey: boolean): void {
    this.add({ s: 'readInstance', of, newKey });
  }
  /** `with_mut_ledger_info(|li| li.protocol_version = protocol)`. */
  ledgerProtocol(protocol: number): void {
    this.add({ s: 'ledgerProtocol', protocol });
  }
  /** `host.set_base_prng_seed(seed)`. */
  basePrngSeed(hex: string): void {
    this.add({ s: 'basePrngSeed', hex });
  }
  /** `events.rollback(to)`: the events after the first `to` marked as from a failed call. */
  rollbackEvents(to: number): void {
    this.add({ s: 'rollbackEvents', to });
  }
  /** `set_ledger_info(LedgerInfo { protocol_version, ..Default::default() })`. */
  ledgerInfo(protocol: number): void {
    this.add({ s: 'ledgerInfo', protocol });
  }
  /** `register_and_invoke_custom_vm_no_linker_check(host, code)`. */
  bareVm(code: string): void {
    this.add({ s: 'bareVm', code });
  }
  /** `contract_id_to_address(generate_bytes_array())`. */
  randomContract(): ScriptArg {
    return this.add({ s: 'randomContract' });
  }
}

/** `sequence((s) => { const v = s.call('vec_new'); s.call('vec_len', v); })` */
export function sequence(build: (s: Sequence) => void): ScriptStep[] {
  const s = new Sequence();
  build(s);
  return s.steps;
}
