/**
 * A contract host for unit tests, without a network (what `soroban_sdk::testutils::Env` is to
 * Rust developers): an in-memory ledger (protocol 23 unless told otherwise), contracts registered from
 * their WASM, and invocations that return the contract's answer with its events, the budget it
 * used and the entries it changed. Each invocation runs in its own host with a fresh budget, in
 * recording mode, and what it writes is kept for the next.
 */
import { hash, Keypair, nativeToScVal, StrKey, scValToNative, xdr } from '@stellar/stellar-sdk/base';
import { Spec } from '@stellar/stellar-sdk/contract';
import { Budget } from '../budget/index.js';
import { HostError } from '../errors/host-error.js';
import { AuthorizationManager } from '../host/auth/index.js';
import type { ExternalEvent } from '../host/events.js';
import { Host } from '../host/host.js';
import { createContract, uploadWasm } from '../host/lifecycle.js';
import { UNMETERED } from '../host/meter.js';
import { type Prng, seedBasePrng } from '../host/prng/prng.js';
import {
  contractCodeKey,
  contractInstanceKey,
  InMemorySnapshot,
  type LedgerInfo,
  Storage,
} from '../storage/index.js';
import { smallSymbol } from '../values/symbol.js';
import type { Val } from '../values/val.js';
import {
  type AccountOptions,
  accountEntry,
  accountKey,
  type TrustlineOptions,
  trustlineEntry,
  trustlineKey,
} from './classic-entries.js';

export interface TestEnvOptions {
  /** Defaults: protocol 23, ledger 1000, the standalone network, the local network's TTLs. */
  ledger?: Partial<LedgerInfo>;
  /** Keep diagnostic events (off by default). */
  diagnostics?: boolean;
  /** Recording mode refuses authorization not tied to the root call (as simulation can). */
  disableNonRootAuth?: boolean;
  /** The transaction's source account (G...): its authorization needs no signature. */
  sourceAccount?: string;
  /**
   * The base PRNG's 32-byte seed (default: zeros, as the Rust SDK's test `Env` seeds it). One base
   * PRNG serves every invocation, so each call's draws differ from the last call's.
   */
  prngSeed?: Uint8Array;
  /**
   * Each invocation's limits (default: the host's test budget, 100M instructions and 40 MiB), as
   * the Rust SDK's `env.cost_estimate().budget().reset_limits(cpu, mem)` sets them.
   */
  budget?: { cpuInstructions?: bigint; memoryBytes?: bigint };
}

export interface InvokeOptions {
  /** Run in enforcing mode with these (signed) entries; without them the run records its authorization. */
  auth?: xdr.SorobanAuthorizationEntry[];
}

export interface Invocation<T = unknown> {
  /** The answer, as the SDK's `scValToNative` reads it. */
  result: T;
  returnValue: xdr.ScVal;
  events: ExternalEvent[];
  cpuInstructions: bigint;
  memoryBytes: bigint;
  /** The authorization recorded (unsigned, with nonces), or the entries an enforcing run was given. */
  auth: xdr.SorobanAuthorizationEntry[];
  /** The entries the invocation wrote or deleted (null), by key. */
  changes: { key: xdr.LedgerKey; entry: xdr.LedgerEntry | null; liveUntil: number | undefined }[];
}

const STANDALONE = 'Standalone Network ; February 2017';

function defaultLedger(overrides: Partial<LedgerInfo>): LedgerInfo {
  return {
    protocolVersion: 23,
    sequenceNumber: 1000,
    timestamp: 1_700_000_000n,
    networkId: Uint8Array.from(hash(Buffer.from(STANDALONE))),
    baseReserve: 5_000_000,
    minTempEntryTtl: 16,
    minPersistentEntryTtl: 4096,
    maxEntryTtl: 535_680,
    ...overrides,
  };
}

export class TestEnv {
  readonly ledger: LedgerInfo;
  readonly snapshot = new InMemorySnapshot();
  /** The account that deploys contracts registered here. */
  readonly deployer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7)).xdrAccountId();
  readonly #diagnostics: boolean;
  readonly #disableNonRootAuth: boolean;
  readonly #sourceAccount: xdr.AccountId | undefined;
  readonly #basePrng: Prng;
  readonly #limits: TestEnvOptions['budget'];
  /** Each code's interface (its `contractspecv0` section), by code hash. */
  readonly #specs = new Map<string, Spec | undefined>();
  #salt = 0;

  constructor(options: TestEnvOptions = {}) {
    this.ledger = defaultLedger(options.ledger ?? {});
    this.#diagnostics = options.diagnostics ?? false;
    this.#disableNonRootAuth = options.disableNonRootAuth ?? false;
    this.#limits = options.budget;
    this.#sourceAccount = options.sourceAccount
      ? Keypair.fromPublicKey(options.sourceAccount).xdrAccountId()
      : undefined;
    // Seeded once, outside any invocation's budget (the SDK seeds it when the Env is made).
    this.#basePrng = seedBasePrng(options.prngSeed ?? new Uint8Array(32), UNMETERED);
  }

  /** Uploads the code and creates a contract from it (its constructor runs with `args`); returns its C-address. */
  register(wasm: Uint8Array, constructorArgs: unknown[] = []): string {
    const salt = new Uint8Array(32);
    new DataView(salt.buffer).setUint32(28, ++this.#salt);
    const { value } = this.#run(undefined, (host) => {
      const wasmHash = uploadWasm(host, wasm);
      const preimage = xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({
          address: xdr.ScAddress.scAddressTypeAccount(this.deployer),
          salt,
        }),
      );
      const spec = specOf(wasm);
      const args = toScVals(spec, '__constructor', constructorArgs).map((arg) => host.converter.toVal(arg));
      const id = createContract(
        host,
        preimage,
        xdr.ContractExecutable.contractExecutableWasm(wasmHash),
        args,
      );
      return StrKey.encodeContract(Buffer.from(id));
    });
    return value;
  }

  /**
   * Puts a G-address's account into the ledger (replacing one already there): the issuer an
   * asset's contract reads flags from, or a holder whose native balance it moves.
   */
  createAccount(address: string, options: AccountOptions = {}): void {
    this.snapshot.set(accountKey(address), { entry: accountEntry(address, options), liveUntil: undefined });
  }

  /** Puts a G-address's trustline to an issued asset into the ledger (authorized by default). */
  createTrustline(address: string, asset: xdr.Asset, options: TrustlineOptions = {}): void {
    this.snapshot.set(trustlineKey(address, asset), {
      entry: trustlineEntry(address, asset, options),
      liveUntil: undefined,
    });
  }

  /** Deploys the Stellar Asset Contract of a classic asset (as `create_asset_contract`); returns its C-address. */
  registerStellarAsset(asset: xdr.Asset): string {
    const { value } = this.#run(undefined, (host) => {
      const id = createContract(
        host,
        xdr.ContractIdPreimage.contractIdPreimageFromAsset(asset),
        xdr.ContractExecutable.contractExecutableStellarAsset(),
        [],
      );
      return StrKey.encodeContract(Buffer.from(id));
    });
    return value;
  }

  /**
   * Calls a contract function. Arguments are read by the contract's interface (as the SDK's
   * `contract.Spec` reads them: `[4, 7]` for two i32s), or taken as given when they are ScVals.
   */
  invoke<T = unknown>(
    contract: string,
    fn: string,
    args: unknown[] = [],
    options: InvokeOptions = {},
  ): Invocation<T> {
    const contractId = Uint8Array.from(StrKey.decodeContract(contract));
    const spec = this.#specFor(contractId);
    const { value, host, changes } = this.#run(options.auth, (h) => {
      const name = smallSymbol(fn) ?? h.converter.toVal(xdr.ScVal.scvSymbol(fn));
      const argv = toScVals(spec, fn, args).map((arg) => h.converter.toVal(arg));
      return h.converter.toScVal(h.callContract(contractId, name as Val, argv));
    });
    return {
      result: (spec ? spec.funcResToNative(fn, value) : scValToNative(value)) as T,
      returnValue: value,
      events: host.events.list(host),
      cpuInstructions: host.budget.cpuUsed,
      memoryBytes: host.budget.memUsed,
      auth: options.auth ?? host.recordedAuthEntries(),
      changes,
    };
  }

  /** The interface of the contract's current code (an update changes it). */
  #specFor(contractId: Uint8Array): Spec | undefined {
    const instance = this.snapshot.get(contractInstanceKey(contractId))?.entry.data;
    if (instance?.type !== 'contractData' || instance.contractData.val.type !== 'scvContractInstance')
      return undefined;
    const { executable } = instance.contractData.val.instance;
    if (executable.type !== 'contractExecutableWasm') return undefined;
    const id = Buffer.from(executable.wasmHash.value).toString('hex');
    if (!this.#specs.has(id)) {
      const code = this.snapshot.get(contractCodeKey(executable.wasmHash.value))?.entry.data;
      this.#specs.set(id, code?.type === 'contractCode' ? specOf(code.contractCode.code) : undefined);
    }
    return this.#specs.get(id);
  }

  #run<T>(authEntries: xdr.SorobanAuthorizationEntry[] | undefined, body: (host: Host) => T) {
    const storage = Storage.recording(this.snapshot, () => this.ledger);
    const budget = Budget.default();
    if (this.#limits)
      budget.resetLimits(
        this.#limits.cpuInstructions ?? budget.cpuLimit,
        this.#limits.memoryBytes ?? budget.memLimit,
      );
    const host = new Host({
      budget,
      storage,
      ledger: this.ledger,
      diagnostics: this.#diagnostics,
      sourceAccount: this.#sourceAccount,
      basePrng: this.#basePrng,
    });
    host.auth = authEntries
      ? AuthorizationManager.enforcing(host, authEntries)
      : AuthorizationManager.recording(this.#disableNonRootAuth);
    const value = body(host);
    const changes: Invocation['changes'] = [];
    for (const [key, slot] of storage.map.entries(host.budget)) {
      // Recording uses nonces up only as the real run will: the recorded entries stay usable.
      if (!authEntries && isNonceKey(key)) continue;
      const before = this.snapshot.get(key);
      if (slot === null) {
        if (before) this.snapshot.delete(key);
        changes.push({ key, entry: null, liveUntil: undefined });
        continue;
      }
      if (
        before &&
        before.entry.toXdr('base64') === slot.entry.toXdr('base64') &&
        before.liveUntil === slot.liveUntil
      )
        continue;
      this.snapshot.set(key, slot);
      changes.push({ key, entry: slot.entry, liveUntil: slot.liveUntil });
    }
    return { value, host, changes };
  }
}

const isNonceKey = (key: xdr.LedgerKey): boolean =>
  key.type === 'contractData' && key.contractData.key.type === 'scvLedgerKeyNonce';

function specOf(wasm: Uint8Array): Spec | undefined {
  try {
    return Spec.fromWasm(wasm);
  } catch {
    return undefined;
  }
}

/** Positional arguments as the function's declared types, or as `nativeToScVal` reads them. */
function toScVals(spec: Spec | undefined, fn: string, args: unknown[]): xdr.ScVal[] {
  const inputs = spec?.funcs().find((f) => f.name.toString() === fn)?.inputs;
  return args.map((arg, i) => {
    if (xdr.ScVal.is(arg)) return arg;
    const input = inputs?.[i];
    return input && spec ? spec.nativeToScVal(arg, input.type) : nativeToScVal(arg);
  });
}

export { HostError };
