/**
 * Executable references (protocol 28, CAP-85; `host/data_helper.rs`): a contract may run the Wasm
 * another contract publishes under a tag. The owner keeps a persistent data entry keyed by the
 * ExecutableTag whose value is the Wasm's hash; an instance with an `ExternalRef` executable runs
 * whatever that entry names when it is called.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { chargeContractKey, contractCodeKey, contractDataKey } from '../storage/index.js';
import { Tag } from '../values/tags.js';
import { tagOf, type Val } from '../values/val.js';
import type { Host } from './host.js';

type ExternalRef = xdr.ContractExecutableExternalRef;

/** `executable_ref_ledger_key`: the owner's persistent entry keyed by the tag. */
export function executableRefKey(ref: ExternalRef): xdr.LedgerKey {
  return contractDataKey(ref.executableOwner, xdr.ScVal.scvExecutableTag(ref.tag.bytes), 'persistent');
}

/** `verify_executable_ref_entry_exists`: the entry must be there for a contract to use it. */
export function verifyExecutableRefExists(host: Host, ref: ExternalRef): void {
  if (!host.storage.has(executableRefKey(ref), host.budget))
    throw new HostError('Storage', 'MissingValue', 'executable reference entry does not exist');
}

/** `resolve_external_ref_wasm_hash`: the Wasm hash the reference entry holds now. */
export function resolveExternalRef(host: Host, ref: ExternalRef): Uint8Array {
  const { data } = host.storage.get(executableRefKey(ref), host.budget);
  if (data.type !== 'contractData')
    throw new HostError(
      'Storage',
      'InternalError',
      'expected ContractData ledger entry for executable reference',
    );
  const { val } = data.contractData;
  if (val.type !== 'scvBytes')
    throw new HostError(
      'Storage',
      'InternalError',
      'executable reference entry does not contain a Wasm hash',
    );
  if (val.bytes.value.length !== 32)
    throw new HostError(
      'Object',
      'UnexpectedSize',
      'expected fixed-length bytes slice, got slice with different size',
    );
  return Uint8Array.from(val.bytes.value);
}

/** The Wasm an executable runs: its own hash, or the one its reference resolves to; none for an asset. */
export function wasmHashOf(host: Host, executable: xdr.ContractExecutable): Uint8Array | undefined {
  switch (executable.type) {
    case 'contractExecutableWasm':
      return Uint8Array.from(executable.wasmHash.value);
    case 'contractExecutableExternalRef':
      return resolveExternalRef(host, executable.externalRef);
    default:
      return undefined;
  }
}

/**
 * The keys whose TTLs an instance's code extension reaches (`extend_contract_instance_and_code_ttl`
 * and its v2): the code of a Wasm executable; the reference entry, then the code it names, of an
 * external reference. The reference is resolved only after its own entry is extended.
 */
export function codeKeysOf(
  host: Host,
  executable: xdr.ContractExecutable,
  extend: (key: xdr.LedgerKey) => void,
): void {
  if (executable.type === 'contractExecutableWasm') {
    // `contract_code_ledger_key` (data_helper.rs): the hash cloned into a new metered `Rc` key.
    chargeContractKey(host.budget);
    extend(contractCodeKey(executable.wasmHash.value));
  } else if (executable.type === 'contractExecutableExternalRef') {
    extend(executableRefKey(executable.externalRef));
    extend(contractCodeKey(resolveExternalRef(host, executable.externalRef)));
  }
}

/**
 * `validate_put_contract_data`: an executable reference entry is persistent and holds the 32-byte
 * hash of Wasm that exists.
 */
export function validatePutContractData(host: Host, k: Val, v: Val, persistent: boolean): void {
  if (tagOf(k) !== Tag.ExecutableTagObject) return;
  if (!persistent)
    throw new HostError(
      'Storage',
      'InvalidInput',
      'executable reference entries may only use persistent storage',
    );
  if (tagOf(v) !== Tag.BytesObject)
    throw new HostError('Storage', 'InvalidInput', 'executable reference value must be a 32-byte Wasm hash');
  host.budget.charge('VisitObject');
  const wasmHash = host.objects.expect(v, 'Bytes').value;
  if (wasmHash.length !== 32)
    throw new HostError(
      'Object',
      'UnexpectedSize',
      'expected fixed-length bytes slice, got slice with different size',
    );
  verifyWasmExists(host, wasmHash);
}

/** `verify_wasm_exists` (`wasm_exists`): the code's key made (charged), then looked up. */
export function verifyWasmExists(host: Host, wasmHash: Uint8Array): void {
  chargeContractKey(host.budget);
  if (!host.storage.has(contractCodeKey(wasmHash), host.budget))
    throw new HostError('Storage', 'MissingValue', 'Wasm does not exist');
}

/** `validate_del_contract_data`: an executable reference entry is never deleted. */
export function validateDelContractData(k: Val): void {
  if (tagOf(k) === Tag.ExecutableTagObject)
    throw new HostError('Storage', 'InvalidAction', 'executable reference entries cannot be deleted');
}
