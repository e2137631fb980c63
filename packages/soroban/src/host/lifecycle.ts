/**
 * Uploading code and creating contracts (`host/lifecycle.rs`): code is validated by parsing it
 * and stored by its hash with its cost inputs; a contract's id is the hash of its preimage on
 * this network; its instance is stored, then its constructor runs (protocol 22 on).
 */
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { initializeAssetContract } from '../builtin/sac/index.js';
import { computeHashSha256 } from '../crypto/index.js';
import { HostError } from '../errors/host-error.js';
import {
  chargeContractKey,
  contractAddress,
  contractCodeKey,
  contractInstanceKey,
  DECLARED_SIZE,
  HASH_SIZE,
  meteredEncode,
  minLiveUntilLedger,
} from '../storage/index.js';
import { type Val, VOID } from '../values/val.js';
import { checkUpload, costInputsToXdr } from '../vm/index.js';
import { chargeCreateContractArgsClone } from './auth/invocation.js';
import { verifyExecutableRefExists, verifyWasmExists, wasmHashOf } from './executable-ref.js';
import { context } from './functions/context.js';
import type { HostFunction } from './functions/types.js';
import type { Host } from './host.js';
import { bytesNewFromSlice, traced } from './native-slices.js';
import { isTestContractExecutable } from './test-build.js';

const CONSTRUCTOR = '__constructor';
const CONSTRUCTOR_PROTOCOL = 22;
/** The largest code an entry can hold (the XDR's BytesM limit the host converts into). */
const MAX_CODE_BYTES = 0xffff_ffff;
const NETWORK_ID_BYTES = 32;
/** `size_of::<ContractIdPreimage>()` (declared_size.rs). */
const CONTRACT_ID_PREIMAGE_SIZE = 80n;

function chargedKey(host: Host, key: xdr.LedgerKey): xdr.LedgerKey {
  chargeContractKey(host.budget);
  return key;
}

/** Uploads code as `upload_contract_wasm` does (charged alike); answers the code's hash. */
export function uploadWasm(host: Host, wasm: Uint8Array): Uint8Array {
  return host.objects.expect(uploadContractWasm(host, wasm), 'Bytes').value;
}

/**
 * `upload_contract_wasm`: the code's hash as a new Bytes object; the code is stored unless an
 * equal entry is there.
 */
export function uploadContractWasm(host: Host, wasm: Uint8Array): Val {
  const wasmHash = computeHashSha256(wasm, host.budget);
  if (wasm.length > MAX_CODE_BYTES) throw new HostError('Value', 'ExceededLimit', 'Wasm code is too large');
  // A test build takes empty code unchecked (a native test contract's), with no cost inputs.
  const ext =
    host.testutils && wasm.length === 0 ? xdr.ContractCodeEntryExt.v0() : checkedCodeExt(host, wasm);
  const hashObject = bytesNewFromSlice(host.context(), wasmHash);
  // The code's key: the hash cloned into a new `Rc` LedgerKey.
  chargeContractKey(host.budget);
  const key = contractCodeKey(wasmHash);
  const existing = host.storage.has(key, host.budget) ? host.storage.get(key, host.budget) : undefined;
  const same =
    existing?.data.type === 'contractCode' &&
    Buffer.compare(existing.data.contractCode.ext.toXdr(), ext.toXdr()) === 0;
  if (!same) {
    const entry = new xdr.LedgerEntry({
      lastModifiedLedgerSeq: 0,
      data: xdr.LedgerEntryData.contractCode(new xdr.ContractCodeEntry({ ext, hash: wasmHash, code: wasm })),
      ext: xdr.LedgerEntryExt.v0(),
    });
    // `new_contract_code`: the entry a new `Rc`.
    host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
    host.storage.put(key, entry, minLiveUntilLedger(host.ledger, 'persistent'), host.budget);
  }
  return hashObject;
}

/** The throwaway VM's check of uploaded code: its cost inputs for the code entry. */
function checkedCodeExt(host: Host, wasm: Uint8Array): xdr.ContractCodeEntryExt {
  // The throwaway VM's contract id: the hash cloned.
  host.budget.charge('MemCpy', DECLARED_SIZE.contractId);
  const costInputs = checkUpload(wasm, host.vmOptions());
  return xdr.ContractCodeEntryExt.v1(
    new xdr.ContractCodeEntryV1({
      ext: xdr.ExtensionPoint.v0(),
      costInputs: costInputsToXdr(costInputs),
    }),
  );
}

/**
 * The contract id a preimage gives on this host's network. The host asks its own env for the
 * network id (`get_full_contract_id_preimage`: a traced `get_ledger_network_id`, its Bytes
 * object then read back as a 32-byte hash).
 */
export function contractIdOf(host: Host, preimage: xdr.ContractIdPreimage): Uint8Array {
  const networkObject = host.envCall(
    'get_ledger_network_id',
    [],
    () => (context.get_ledger_network_id as HostFunction)(host.context()),
    true,
  );
  host.budget.charge('VisitObject');
  const networkId = host.objects.expect(networkObject, 'Bytes').value;
  if (networkId.length !== NETWORK_ID_BYTES)
    throw new HostError('Object', 'UnexpectedSize', 'expected fixed-length bytes slice');
  host.budget.charge('MemCpy', BigInt(NETWORK_ID_BYTES));
  const full = xdr.HashIdPreimage.envelopeTypeContractId(
    new xdr.HashIdPreimageContractId({ networkId: Buffer.from(networkId), contractIdPreimage: preimage }),
  );
  // `metered_hash_xdr`: one ValSer charge per write of the encoding, then the hash.
  const bytes = meteredEncode(full, host.budget);
  host.budget.charge('ComputeSha256Hash', BigInt(bytes.length));
  return Uint8Array.from(hash(Buffer.from(bytes)));
}

/**
 * `create_contract_internal`: with a deployer, the deployer must authorize the creation (in a
 * frame of its own, so a contract deploying from itself authorizes it as the invoker); then the
 * instance, then the constructor. Returns the contract's id.
 */
export function createContract(
  host: Host,
  preimage: xdr.ContractIdPreimage,
  executable: xdr.ContractExecutable,
  constructorArgs: readonly Val[],
  deployer?: Val,
): Uint8Array {
  if (deployer === undefined) return createUnauthorized(host, preimage, executable, constructorArgs);
  const args = new xdr.CreateContractArgsV2({
    contractIdPreimage: preimage,
    executable,
    constructorArgs: constructorArgs.map((arg) => host.converter.toScVal(arg)),
  });
  // `create_contract_internal`: the arguments cloned for the auth frame (the constructor
  // arguments are the only part with substructure).
  chargeCreateContractArgsClone(host, args);
  host.auth.pushCreateFrame(host, args);
  try {
    host.auth.requireAuth(host, deployer, []);
    return createUnauthorized(host, preimage, executable, constructorArgs);
  } finally {
    host.auth.popFrame();
  }
}

function createUnauthorized(
  host: Host,
  preimage: xdr.ContractIdPreimage,
  executable: xdr.ContractExecutable,
  constructorArgs: readonly Val[],
): Uint8Array {
  // An external reference (protocol 28) pairs only with an address preimage (lifecycle.rs,
  // create_contract_with_optional_auth).
  if (executable.type === 'contractExecutableExternalRef' && preimage.type === 'contractIdPreimageFromAsset')
    throw new HostError(
      'Value',
      'InvalidInput',
      'asset preimage is not allowed for Wasm or external reference executable',
    );
  // `create_contract_with_optional_auth` (lifecycle.rs): the preimage is cloned for the id, and the
  // id for `create_contract_with_id`, which makes the instance key and checks it is free.
  host.budget.charge('MemCpy', CONTRACT_ID_PREIMAGE_SIZE);
  const contractId = contractIdOf(host, preimage);
  host.budget.charge('MemCpy', HASH_SIZE);
  const key = chargedKey(host, contractInstanceKey(contractId));
  if (host.storage.has(key, host.budget))
    throw new HostError('Storage', 'ExistingValue', 'contract already exists');
  // The executable must exist; of a reference only its entry, whose value the protocol vouches for.
  if (executable.type === 'contractExecutableWasm') verifyWasmExists(host, executable.wasmHash.value);
  if (executable.type === 'contractExecutableExternalRef')
    verifyExecutableRefExists(host, executable.externalRef);
  putNewInstance(host, contractId, key, executable);
  initializeAssetContract(host, contractId, preimage);
  if (executable.type !== 'contractExecutableStellarAsset')
    callConstructor(host, contractId, constructorArgs);
  return contractId;
}

/**
 * `store_contract_instance` of a contract with no instance yet: the key looked up again (absent),
 * the id cloned into the entry, the entry put in a new `Rc`.
 */
export function putNewInstance(
  host: Host,
  contractId: Uint8Array,
  key: xdr.LedgerKey,
  executable: xdr.ContractExecutable,
): void {
  host.storage.has(key, host.budget);
  host.budget.charge('MemCpy', HASH_SIZE);
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
  const instance = xdr.ScVal.scvContractInstance(new xdr.ScContractInstance({ executable, storage: null }));
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contractAddress(contractId),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
        val: instance,
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
  host.storage.put(key, entry, minLiveUntilLedger(host.ledger, 'persistent'), host.budget);
}

/**
 * The protocol a contract was built for (`get_contract_protocol_version`, host/frame.rs): the Rust
 * host reads it from a VM it instantiates for the purpose, so it is charged as a call's VM is.
 */
function contractProtocolVersion(host: Host, contractId: Uint8Array): number {
  // A test build runs a native test contract at the ledger's protocol.
  if (host.testutils && isTestContractExecutable(host, contractId)) return host.ledger.protocolVersion;
  // `contract_instance_ledger_key`: the id copied into a new key.
  chargeContractKey(host.budget);
  const wasmHash = wasmHashOf(host, host.instance(contractId).executable);
  if (!wasmHash) return host.ledger.protocolVersion;
  return host.instantiateVm(wasmHash).parsed.interfaceVersion.protocol;
}

export function callConstructor(host: Host, contractId: Uint8Array, args: readonly Val[]): void {
  const protocol = contractProtocolVersion(host, contractId);
  if (protocol < CONSTRUCTOR_PROTOCOL) {
    if (args.length === 0) return;
    throw new HostError(
      'Context',
      'InvalidAction',
      "trying to call non-default constructor on a contract that doesn't support constructors (built prior to protocol 22)",
    );
  }
  let result: Val;
  try {
    // `CONSTRUCTOR_FUNCTION_NAME.try_into_val(host)`: a Symbol made through the env (traced).
    result = host.callContract(contractId, traced.symbol(host.context(), CONSTRUCTOR), args, {
      internal: true,
      missingIsVoid: args.length === 0,
    });
  } catch (error) {
    if (error instanceof HostError && isRecoverable(error))
      throw new HostError(
        'Context',
        'InvalidAction',
        `constructor invocation has failed with error ${error.short}`,
      );
    throw error;
  }
  if (result !== VOID) throw new HostError('Value', 'UnexpectedType', 'constructor returned non-void value');
}

/** Whether a contract (or `try_call`) may carry on past the error (`HostError::is_recoverable`). */
export function isRecoverable(error: HostError): boolean {
  if (error.type !== 'Contract' && error.is(error.type, 'InternalError')) return false;
  if (error.is('Storage', 'ExceededLimit') || error.is('Budget', 'ExceededLimit')) return false;
  return true;
}
