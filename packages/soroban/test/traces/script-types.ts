/**
 * A drive script: the inputs of one Rust host test, as data, so that a host adapter can make the
 * same host calls in the same order and the comparator can hold the run against the golden trace.
 * Scripts hold only what the Rust test source says (numbers, bytes, texts, which contract); results,
 * handles and budgets come from the trace at comparison time.
 *
 * Only the calls the test makes itself are listed; the calls a host function or a contract makes
 * inside them (nested lines of the trace) are the host's to produce.
 */
import type { NativeContractName } from './adapter-native.js';
import type { TestDraw } from './test-prng.js';

/** A value the test builds from a literal (an ScVal, as `to_host_val` / `test_vec_obj` take it). */
export type Literal =
  | { t: 'void' }
  | { t: 'bool'; v: boolean }
  | { t: 'u32'; v: number }
  | { t: 'i32'; v: number }
  | { t: 'u64' | 'i64' | 'u128' | 'i128' | 'u256' | 'i256' | 'timepoint' | 'duration'; v: bigint }
  | { t: 'symbol'; v: string }
  | { t: 'string'; v: string }
  /** bytes as lower-case hex */
  | { t: 'bytes'; hex: string }
  /** `length` copies of one byte (large buffers the tests fill, e.g. `vec![0; 7_000_000]`) */
  | { t: 'bytesFill'; byte: number; length: number }
  | { t: 'vec'; items: Literal[] }
  | { t: 'map'; entries: [Literal, Literal][] }
  | { t: 'error'; type: string; code: string }
  /**
   * a contract address by its 32-byte id (hex), an account address by its ed25519 key (hex), or
   * an address kind no object holds (a liquidity pool's or a claimable balance's 32-byte id)
   */
  | { t: 'address'; kind: 'contract' | 'account' | 'liquidityPool' | 'claimableBalance'; hex: string }
  /** a muxed account address (`MuxedScAddress`): an ed25519 key (hex) and a mux id */
  | { t: 'muxedAddress'; hex: string; id: bigint };

/** An argument of a host call. */
export type ScriptArg =
  /** a Val built from a literal; objects it needs are made untraced, as the Rust test's `into()` does */
  | { a: 'val'; lit: Literal }
  /** a raw number argument (an `i64`/`u64`/`u32` the function takes unwrapped, e.g. `obj_from_i64`) */
  | { a: 'raw'; v: bigint }
  /** a byte slice the host function copies (`bytes_new_from_slice`, `symbol_new_from_slice`): printed as its length */
  | { a: 'slice'; hex: string }
  /** a slice of `length` copies of one byte: printed as its length */
  | { a: 'sliceFill'; byte: number; length: number }
  /** a slice of Vals (`vec_new_from_slice`, `map_new_from_slices`): printed as its length */
  | { a: 'vals'; items: ScriptArg[] }
  /** a slice of symbol keys (`map_new_from_slices`): printed as its length */
  | { a: 'keys'; items: string[] }
  /** an output slice the host fills (`vec_unpack_to_slice`, `symbol_copy_to_slice`): printed as its length */
  | { a: 'buffer'; length: number }
  /** a U32Val of the low or high 32 bits of a value's payload (a Val smuggled in two halves) */
  | { a: 'payloadHalf'; of: ScriptArg; half: 'lo' | 'hi' }
  /** the value an earlier step produced, by its index in `steps` */
  | { a: 'ref'; step: number }
  /**
   * `Val::from_payload` of a value's payload with `plus` added, then `or` or-ed in: an object
   * reference the test corrupts (its tag or its handle)
   */
  | { a: 'payload'; of: ScriptArg; plus: bigint; or: bigint }
  /** the 32-byte id of the contract address an earlier step made, as a slice (the test's own array) */
  | { a: 'contractIdOf'; step: number }
  /** `generate_bytes_array`: 32 bytes drawn from the test PRNG now, as a slice */
  | { a: 'testBytes' }
  /** the public key of the signing key an earlier `signingKey` step drew, as a 32-byte slice */
  | { a: 'publicKeyOf'; step: number }
  /** a storage type (`put_contract_data` etc.) */
  | { a: 'storage'; v: 'Instance' | 'Persistent' | 'Temporary' };

export type ScriptStep =
  /** a host function call the test makes (a top-level `call` line of the trace) */
  | { s: 'call'; fn: string; args: ScriptArg[] }
  /** an untraced conversion of a literal into a host value (`to_host_val`, `test_vec_obj`, `test_bin_obj`): charges the budget, makes objects */
  | {
      s: 'make';
      lit: Literal;
      /** the test expects the host to refuse it: no object, no value */
      refused?: boolean;
      /** `host.add_host_object(..)` of the value as it is (a string, bytes, an address): no conversion charged */
      added?: boolean;
      /** the object type an added address is given (`ScAddress` or `MuxedScAddress`), where not its own */
      addedAs?: 'Address' | 'MuxedAddress';
    }
  /**
   * an untraced conversion of a host value back to an ScVal (`from_host_val`, or `from_host_obj`
   * of an object, without the depth checkpoint): charges the budget only
   */
  | { s: 'toScVal'; of: ScriptArg; object?: boolean }
  /** `host.compare(&a, &b)` (`Compare<Val>`): untraced, but an object on either side is the env's traced `obj_cmp` */
  | { s: 'compare'; a: ScriptArg; b: ScriptArg }
  /** `budget.compare(&a, &b)` of the ScVals the `toScVal` steps `a` and `b` gave (charged, untraced) */
  | { s: 'compareScVals'; a: number; b: number }
  /** `ScVec::metered_clone` of a Vec literal's items, untraced (charged; the test expects a refusal) */
  | { s: 'cloneScVec'; lit: Literal }
  /** an untraced `vecobject_to_scval_vec` of a Vec: its items converted and collected (charged only) */
  | { s: 'toScVals'; of: ScriptArg }
  /**
   * an untraced read of an object's content: a 32-byte hash (`hash_from_bytesobj_input`), a string
   * (`visit_obj`) or an address (`Address::to_sc_address`: visited, its ScAddress cloned)
   */
  | { s: 'read'; of: ScriptArg; as: ReadAs }
  /**
   * `register_test_contract_wasm`: upload the WASM file (bytes_new_from_slice + upload_wasm), then
   * create a contract from it with an account deployer and a salt drawn from the test PRNG
   * (seed `Host::TEST_PRNG_SEED`); the value is the contract's address. A module the test
   * synthesizes is given as `code` (hex), `wasm` then only naming it.
   */
  | { s: 'register'; wasm: string; code?: string }
  /**
   * `host.invoke_function(HostFunction::UploadContractWasm(..))` of a WASM file (its host function
   * frame traced), the ScVal answer made a Val again (`try_into_val`): the code's hash
   */
  | { s: 'uploadWasm'; wasm: string }
  /** `Vm::new(&host, id, wasm)`: the test makes a VM of a WASM file itself (untraced; charged, may be refused) */
  | { s: 'vm'; wasm: string }
  /**
   * `register_and_invoke_custom_vm_no_linker_check`: a synthesized module (hex) calling
   * protocol_gated_dummy, run in a bare wasmi store (`adapter-bare-vm.ts`); a trap is expected
   */
  | { s: 'bareVm'; code: string }
  /**
   * an authorization entry the test builds (untraced): address credentials for `address` (its
   * `to_sc_address`), the signature converted back to an ScVal, and a root invocation of `fn` on
   * `contract` without arguments or sub-invocations
   */
  | {
      s: 'authEntry';
      address: ScriptArg;
      nonce: bigint;
      expiration: number;
      signature: ScriptArg;
      contract: ScriptArg;
      fn: string;
      /** the objects set_authorization_entries makes of it before its function name: the address, the signature's, the contract's address */
      objects: number;
    }
  /**
   * `host.set_authorization_entries(..)` with the entries of these `authEntry` steps: untraced,
   * but for a function name too long for a small symbol (`symbol_new_from_slice`)
   */
  | { s: 'setAuth'; entries: number[] }
  /** an untraced action on the host between calls (named after the Rust `Host`/`Budget` method) */
  | { s: 'host'; action: HostAction }
  /** `host.test_budget(cpu, mem)` (limits and cost models reset), then each `enable_model` override */
  | { s: 'budget'; cpu: bigint; mem: bigint; models?: ModelOverride[] }
  /**
   * `authorize_single_invocation` (builtin_contracts/testutils.rs): a nonce drawn from the test
   * PRNG, the signer's address added, the entry's parts converted (charged), its payload hashed
   * and signed, then `set_authorization_entries`; `entryObjects` counts the host objects that
   * makes of the entry
   */
  | {
      s: 'authorize';
      signer: AuthSigner;
      contract: ScriptArg;
      fn: string;
      args: ScriptArg;
      entryObjects: number;
      /**
       * objects made of the entry's arguments, after its function name (counted apart only where a
       * long name is a traced `symbol_new_from_slice` between them; else in `entryObjects`)
       */
      argObjects?: number;
      /** `authorize_single_invocation_with_nonce`: this nonce and expiration ledger, none drawn */
      nonce?: [bigint, number];
    }
  /** a test helper over the host's ledger entries (`adapter-ledger.ts`): untraced, charged as the Rust helper is */
  | { s: 'ledger'; op: LedgerOp }
  /**
   * `with_mut_ledger_info` setting the sequence number (untraced, uncharged): to a number, to the
   * current ledger's `max_live_until_ledger_checked`, or to the next ledger
   */
  | { s: 'ledgerSequence'; to: number | 'maxLiveUntil' | 'next' }
  /** `host.set_base_prng_seed(seed)` (hex, 32 bytes): untraced, charged */
  | { s: 'basePrngSeed'; hex: string }
  /** `with_mut_ledger_info(|li| li.protocol_version = protocol)`: untraced, uncharged */
  | { s: 'ledgerProtocol'; protocol: number }
  /** `events.rollback(to)`: the events recorded after the first `to` marked as from a failed call (free) */
  | { s: 'rollbackEvents'; to: number }
  /** `set_ledger_info(LedgerInfo { protocol_version, ..Default::default() })`: untraced, uncharged */
  | { s: 'ledgerInfo'; protocol: number }
  /** `contract_id_to_address(generate_bytes_array())`: a contract address drawn from the test PRNG, a new object */
  | { s: 'randomContract' }
  /** `generate_signing_key` between calls: 32 secret bytes drawn from the test PRNG (no value) */
  | { s: 'signingKey' }
  /**
   * `with_mut_storage(|s| s.del(&contract_instance_ledger_key(contract_id_from_address(of))))`:
   * the contract's instance removed (charged as the Rust calls are, untraced)
   */
  | { s: 'delInstance'; of: ScriptArg }
  /**
   * `with_mut_storage(|s| s.map.get(&key, budget))` of a contract's instance entry (its TTL read,
   * charged): the key made of the address (`contract_id_from_address`, then
   * `contract_instance_ledger_key`) unless the test reuses the one it made before
   */
  | { s: 'readInstance'; of: ScriptArg; newKey: boolean }
  /**
   * `TestSigner::address` of a signer an earlier step made, added as a new object (untraced): an
   * account contract's read back from its Address object (`to_sc_address`, charged), another's
   * from the ScAddress the test holds (an unmetered clone)
   */
  | { s: 'copyAddress'; of: ScriptArg; from: 'object' | 'test' }
  /**
   * `run_from_contract(&id_bytes, || ..)`: the id's bytes read (`bytes_copy_to_slice`), then the
   * next `steps` steps run in a native test contract's frame, which fails with the last one's error
   */
  | { s: 'fromContract'; id: ScriptArg; steps: number }
  /**
   * `with_test_contract_frame(contract_id_from_address(of), Symbol(fn), || ..)`: the next `steps`
   * steps run in a test frame holding the contract's stored instance; the frame gives Void. With
   * `byId` the test names the contract's id itself (no `contract_id_from_address`).
   */
  | { s: 'testFrame'; of: ScriptArg; fn: string; steps: number; byId?: boolean }
  /**
   * `host.register_test_contract(address, Rc::new(contract))`: the Rust test's native contract
   * (`adapter-native.ts`) registered at the address, its constructor called
   */
  | { s: 'registerNative'; address: ScriptArg; contract: NativeContractName }
  /** `run_from_account(account, || ..)`: the next `steps` steps run with this source account (ed25519 hex) */
  | { s: 'fromAccount'; account: string; steps: number };

/**
 * A `TestSigner`: an `AccountContract` at an address object whose `sign` gives Void, an
 * `Account` (its ed25519 key, hex) signed by these of the test's `generate_signing_key` keys
 * (their order in the test; `account_with_multisig` sorts them by public key). The keys are the
 * first ones the test PRNG gives, or, where nonces were drawn between them, those of `draws`.
 */
export type AuthSigner =
  | { voidAt: ScriptArg }
  | { account: string; keys: number[]; draws?: TestDraw[] }
  /** `TestSigner::AccountInvoker`: source-account credentials, no nonce, no signature */
  | { invoker: string }
  /**
   * `TestSigner::AccountContract` signing with `simple_account_sign_fn`: the payload's ed25519
   * signature by the key a `signingKey` step drew, made a `BytesN<64>` through the env
   */
  | { contractAt: ScriptArg; signingKey: number };

/**
 * The ledger helpers of the Stellar asset contract tests (stellar_asset_contract.rs and
 * builtin_contracts/testutils.rs): keys and issuers as ed25519 public keys in hex, asset codes in hex.
 */
export type LedgerOp =
  /** `create_account`: an account entry with these signers (key, weight) */
  | {
      op: 'account';
      account: string;
      signers: [string, number][];
      balance: bigint;
      subEntries: number;
      thresholds: [number, number, number, number];
      /** (buying, selling) */
      liabilities?: [bigint, bigint];
      /** (num_sponsored, num_sponsoring) */
      sponsorships?: [number, number];
      flags: number;
    }
  /** `create_trustline`: a trustline of `account` to the issuer's asset */
  | {
      op: 'trustline';
      account: string;
      issuer: string;
      code: string;
      balance: bigint;
      limit: bigint;
      flags: number;
      liabilities?: [bigint, bigint];
    }
  /** `get_trustline_balance`: the trustline read from storage */
  | { op: 'trustlineBalance'; account: string; issuer: string; code: string }
  /** `get_native_balance`: `load_account` */
  | { op: 'nativeBalance'; account: string }
  /** `get_asset_contract_id_hash` of an asset's XDR (hex) */
  | { op: 'assetContractId'; asset: string }
  /** `to_account_key` of an account the test keeps the key of (its flags are updated later) */
  | { op: 'accountKey'; account: string }
  /** `update_account_flags`: the account read, its data given new flags, written back */
  | { op: 'accountFlags'; account: string; flags: number }
  /** `update_trustline_flags`: the trustline read, its data given new flags, written back */
  | { op: 'trustlineFlags'; account: string; issuer: string; code: string; flags: number };

export type HostAction =
  | 'enable_debug'
  /** `enable_invocation_metering`: each top-level call starts with a reset budget, footprint and events */
  | 'enable_invocation_metering'
  /** `get_events`: the events externalized, each contract event converted and collected (charged) */
  | 'get_events'
  | 'reset_budget_default'
  | 'reset_budget_unlimited'
  | 'reset_budget_unlimited_cpu'
  | 'ensure_module_cache_contains_host_storage_contracts'
  | 'clear_module_cache'
  | 'switch_to_enforcing_storage'
  /** `switch_to_recording_auth(true)`: recording, an address authorized from the root call only */
  | 'switch_to_recording_auth'
  /** `u256_from_account(&issuer)`: the test reads an issuer's key through the host (a metered clone) */
  | 'u256_from_account';

/** `Host::enable_model(type, const_cpu, lin_cpu, const_mem, lin_mem)`: unscaled parameters. */
export interface ModelOverride {
  /** an xdr.ContractCostType member name, e.g. `WasmInsnExec` */
  type: string;
  constCpu: bigint;
  linCpu: bigint;
  constMem: bigint;
  linMem: bigint;
}

/** How the test makes its host (`Host::test_host()` and friends, testutils.rs). */
export interface ScriptSetup {
  /**
   * `test_host`: default budget, test ledger info (current protocol, sequence 0, timestamp 0, zero network id,
   * min persistent TTL 4096, min temp TTL 16, max TTL 6_312_000);
   * `test_host_with_recording_footprint`: the same plus recording storage and the test PRNG seed;
   * `test_host_with_prng`: `test_host` with the test PRNG seed.
   */
  host: 'test_host' | 'test_host_with_recording_footprint' | 'test_host_with_prng';
  /** `Host::test_budget(cpu, mem)`: limits reset and models reset */
  budget?: { cpu: bigint; mem: bigint };
  /** `budget.reset_unlimited()`, `reset_unlimited_cpu()`, `reset_unlimited_mem()` after the host is made */
  unlimited?: 'both' | 'cpu' | 'mem';
  /** `host.enable_debug()` / diagnostic level Debug before the first call */
  diagnostics?: boolean;
  /** `set_ledger_info` with these fields changed, before the first call (uncharged) */
  ledger?: {
    sequenceNumber: number;
    timestamp: bigint;
    /** hex, 32 bytes */
    networkId: string;
    baseReserve: number;
  };
  /** `generate_signing_key` calls before the first call: 32-byte draws of the test PRNG (`test-prng.ts`) */
  signingKeys?: number;
  /**
   * the second run of a preflight test (complex.rs): this first run's script, run on its own host
   * beforehand; its recorded footprint is set up here (`setup_storage_footprint`, charged, before
   * the first call), and the test registers with the first run's account and salt again (the
   * first draws of a test PRNG this host does not seed itself)
   */
  preflight?: DriveScript;
  /** anything else the test sets before its first call, in words */
  note?: string;
}

export interface DriveScript {
  /** the trace file, e.g. `test__vec__vec_new.json` */
  trace: string;
  /** the Rust test it records: `<file>.rs::<fn>` at v23.0.0 */
  rust: string;
  setup: ScriptSetup;
  steps: ScriptStep[];
}

/**
 * How a test reads an object back: `hash` as `hash_from_bytesobj_input` (32 bytes), `key65` as
 * `fixed_length_bytes_from_bytesobj_input::<_, 65>` (a recovered secp256k1 key), `address` as
 * `Address::to_sc_address` (or `contract_id_from_address`, which clones the same), `string` visited.
 */
export type ReadAs = 'hash' | 'key65' | 'string' | 'address';
