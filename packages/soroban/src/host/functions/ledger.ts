/**
 * The `ledger` env module (`host.rs`): contract data in persistent, temporary and instance
 * storage, TTL extensions, and the contract lifecycle (upload, create, update, ids).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { decodeAsset } from '../../builtin/sac/asset-info.js';
import { assetContractIdPreimage } from '../../builtin/sac/index.js';
import { HostError } from '../../errors/host-error.js';
import {
  chargeContractKey,
  chargeLedgerEntryClone,
  contractAddress,
  contractDataKey,
  contractInstanceKey,
  DECLARED_SIZE,
  type Durability,
} from '../../storage/index.js';
import { fromBool, u32Of, type Val, VOID } from '../../values/val.js';
import { withContractDataVal } from '../contract-data.js';
import {
  codeKeysOf,
  validateDelContractData,
  validatePutContractData,
  verifyWasmExists,
} from '../executable-ref.js';
import type { Host } from '../host.js';
import { instanceDelete, instanceGet, instancePut } from '../instance-storage.js';
import { contractIdOf, createContract, uploadContractWasm } from '../lifecycle.js';
import { add, contractHost, contractIdFromAddress, visit } from './access.js';
import { BYTE_SIZE, chargeNewVec } from './charges.js';
import { create, fromAddressPreimage, hash32, updateCurrentExecutable } from './contract-creation.js';
import {
  createExecutableTag,
  createExternalRefContract,
  updateCurrentContractExecutableRef,
} from './ledger-executable-ref.js';
import type { CallContext, HostModule } from './types.js';

/** StorageType as the dispatcher passes it (a raw 0, 1 or 2). */
const TEMPORARY = 0n;
const INSTANCE = 2n;
const durabilityOf = (t: bigint): Durability => (t === TEMPORARY ? 'temporary' : 'persistent');

/**
 * `storage_key_from_val` (host/conversion.rs): the key converted, the current contract's id copied
 * and the key made a metered `Rc`.
 */
function dataKey(host: Host, k: Val, t: bigint): xdr.LedgerKey {
  const key = host.converter.toScVal(k);
  if (key.type === 'scvAddress' && key.address.type === 'scAddressTypeMuxedAccount')
    throw new HostError('Storage', 'InvalidInput', 'muxed addresses should not be used in the storage keys');
  const contract = contractAddress(host.currentContractId());
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  return contractDataKey(contract, key, durabilityOf(t));
}

function newEntry(host: Host, k: Val, v: Val, t: bigint): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contractAddress(host.currentContractId()),
        key: host.converter.toScVal(k),
        durability: xdr.ContractDataDurability.fromName(durabilityOf(t)),
        val: host.converter.toScVal(v),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

function putData(c: CallContext, k: Val, v: Val, t: bigint): void {
  const host = contractHost(c);
  const key = dataKey(host, k, t);
  // `put_contract_data_into_ledger` (host/data_helper.rs): an entry there is cloned (metered) and
  // given the value; a new one names the current contract (its id copied); either is put in a new
  // metered `Rc`.
  if (host.storage.has(key, host.budget)) {
    const { entry, liveUntil } = host.storage.getWithLiveUntil(key, host.budget);
    chargeLedgerEntryClone(entry, host.budget);
    const updated = withContractDataVal(entry, host.converter.toScVal(v));
    host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
    host.storage.put(key, updated, liveUntil, host.budget);
  } else {
    const ledger = host.ledger;
    const ttl = t === TEMPORARY ? ledger.minTempEntryTtl : ledger.minPersistentEntryTtl;
    const entry = newEntry(host, k, v, t);
    host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerEntry);
    host.storage.put(key, entry, ledger.sequenceNumber + ttl - 1, host.budget);
  }
}

function extendInstanceAndCode(
  c: CallContext,
  contractId: Uint8Array,
  threshold: number,
  extendTo: number,
  parts: 'both' | 'instance' | 'code',
) {
  const host = contractHost(c);
  // `contract_instance_ledger_key` (host.rs `extend_*_ttl`): the id copied into a new key.
  chargeContractKey(host.budget);
  const key = contractInstanceKey(contractId);
  if (parts !== 'code') {
    // `extend_contract_instance_ttl_from_contract_id`: the key's Rc cloned (metered).
    host.budget.charge('MemCpy', DECLARED_SIZE.rc);
    host.storage.extendTtl(key, threshold, extendTo, host.budget);
  }
  if (parts !== 'instance')
    codeKeysOf(host, host.instance(contractId).executable, (code) =>
      host.storage.extendTtl(code, threshold, extendTo, host.budget),
    );
  return VOID;
}

/**
 * Protocol 26's `extend_contract_instance_and_code_ttl_v2`: the code first, then the instance, as
 * the scope asks (0 both, 1 the instance, 2 the code); a Stellar Asset contract has no code.
 */
function extendInstanceAndCodeV2(
  c: CallContext,
  contractId: Uint8Array,
  scope: bigint,
  extendTo: number,
  minExtension: number,
  maxExtension: number,
) {
  const host = contractHost(c);
  const key = contractInstanceKey(contractId);
  if (scope !== TTL_EXTENSION_INSTANCE)
    codeKeysOf(host, host.instance(contractId).executable, (code) =>
      host.storage.extendTtlV2(code, extendTo, minExtension, maxExtension, host.budget),
    );
  if (scope !== TTL_EXTENSION_CODE)
    host.storage.extendTtlV2(key, extendTo, minExtension, maxExtension, host.budget);
  return VOID;
}

const wasmExecutable = (c: CallContext, wasmHash: Val): xdr.ContractExecutable =>
  xdr.ContractExecutable.contractExecutableWasm(hash32(c, wasmHash));

/** `ContractTtlExtension` (storage_type.rs): InstanceAndCode 0, Instance 1, Code 2. */
const TTL_EXTENSION_INSTANCE = 1n;
const TTL_EXTENSION_CODE = 2n;

/** The preimage of the asset whose XDR `serialized` holds (`metered_from_xdr_obj`). */
const assetPreimage = (c: CallContext, serialized: Val): xdr.ContractIdPreimage =>
  assetContractIdPreimage(decodeAsset(contractHost(c), visit(c, serialized, 'Bytes').value));

export const ledger: HostModule = {
  put_contract_data(c, k, v, t) {
    validatePutContractData(contractHost(c), k, v, t !== INSTANCE && t !== TEMPORARY);
    if (t === INSTANCE) instancePut(c, k, v);
    else putData(c, k, v, t);
    return VOID;
  },
  has_contract_data(c, k, t) {
    if (t === INSTANCE) return fromBool(instanceGet(c, k) !== undefined);
    const host = contractHost(c);
    return fromBool(host.storage.has(dataKey(host, k, t), host.budget));
  },
  get_contract_data(c, k, t) {
    if (t === INSTANCE) {
      const value = instanceGet(c, k);
      if (value === undefined)
        throw new HostError('Storage', 'MissingValue', 'key is missing from instance storage');
      return value;
    }
    const host = contractHost(c);
    const entry = host.storage.get(dataKey(host, k, t), host.budget);
    if (entry.data.type !== 'contractData')
      throw new HostError('Storage', 'InternalError', 'expected contract data ledger entry');
    return host.converter.toValidVal(entry.data.contractData.val);
  },
  del_contract_data(c, k, t) {
    validateDelContractData(k);
    if (t === INSTANCE) instanceDelete(c, k);
    else {
      const host = contractHost(c);
      host.storage.del(dataKey(host, k, t), host.budget);
    }
    return VOID;
  },
  extend_contract_data_ttl(c, k, t, threshold, extendTo) {
    if (t === INSTANCE)
      throw new HostError(
        'Storage',
        'InvalidAction',
        'instance storage should be extended via `extend_current_contract_instance_and_code_ttl` function only',
      );
    const host = contractHost(c);
    host.storage.extendTtl(dataKey(host, k, t), u32Of(threshold), u32Of(extendTo), host.budget);
    return VOID;
  },
  extend_contract_data_ttl_v2(c, k, t, extendTo, minExtension, maxExtension) {
    if (t === INSTANCE)
      throw new HostError(
        'Storage',
        'InvalidAction',
        'instance storage should be extended via `extend_contract_instance_and_code_ttl_v2` function only',
      );
    const host = contractHost(c);
    const key = dataKey(host, k, t);
    host.storage.extendTtlV2(key, u32Of(extendTo), u32Of(minExtension), u32Of(maxExtension), host.budget);
    return VOID;
  },
  extend_contract_instance_and_code_ttl_v2: (c, contract, scope, extendTo, minExtension, maxExtension) =>
    extendInstanceAndCodeV2(
      c,
      contractIdFromAddress(c, contract),
      scope,
      u32Of(extendTo),
      u32Of(minExtension),
      u32Of(maxExtension),
    ),
  extend_current_contract_instance_and_code_ttl(c, threshold, extendTo) {
    const host = contractHost(c);
    return extendInstanceAndCode(c, host.currentContractId(), u32Of(threshold), u32Of(extendTo), 'both');
  },
  extend_contract_instance_and_code_ttl: (c, contract, threshold, extendTo) =>
    extendInstanceAndCode(c, contractIdFromAddress(c, contract), u32Of(threshold), u32Of(extendTo), 'both'),
  extend_contract_instance_ttl: (c, contract, threshold, extendTo) =>
    extendInstanceAndCode(
      c,
      contractIdFromAddress(c, contract),
      u32Of(threshold),
      u32Of(extendTo),
      'instance',
    ),
  extend_contract_code_ttl: (c, contract, threshold, extendTo) =>
    extendInstanceAndCode(c, contractIdFromAddress(c, contract), u32Of(threshold), u32Of(extendTo), 'code'),
  create_contract: (c, deployer, wasmHash, salt) =>
    create(c, deployer, wasmExecutable(c, wasmHash), salt, []),
  create_contract_with_constructor: (c, deployer, wasmHash, salt, args) =>
    create(c, deployer, wasmExecutable(c, wasmHash), salt, visit(c, args, 'Vec').value),
  upload_wasm(c, wasm) {
    const code = visit(c, wasm, 'Bytes').value;
    // The code cloned out of its object (`as_vec().metered_clone`).
    chargeNewVec(c, code.length, BYTE_SIZE);
    return uploadContractWasm(contractHost(c), code);
  },
  update_current_contract_wasm(c, hashVal) {
    const host = contractHost(c);
    const wasmHash = hash32(c, hashVal);
    verifyWasmExists(host, wasmHash);
    updateCurrentExecutable(c, xdr.ContractExecutable.contractExecutableWasm(wasmHash));
    return VOID;
  },
  /** No deployer authorization: an asset's contract is tied to its issuer. */
  create_asset_contract(c, serializedAsset) {
    const host = contractHost(c);
    const executable = xdr.ContractExecutable.contractExecutableStellarAsset();
    const id = createContract(host, assetPreimage(c, serializedAsset), executable, []);
    return add(c, { kind: 'Address', value: contractAddress(id) });
  },
  get_asset_contract_id: (c, serializedAsset) =>
    add(c, {
      kind: 'Address',
      value: contractAddress(contractIdOf(contractHost(c), assetPreimage(c, serializedAsset))),
    }),
  get_contract_id: (c, deployer, salt) =>
    add(c, {
      kind: 'Address',
      value: contractAddress(contractIdOf(contractHost(c), fromAddressPreimage(c, deployer, salt))),
    }),
  create_executable_tag: createExecutableTag,
  create_external_ref_contract: createExternalRefContract,
  update_current_contract_executable_ref: updateCurrentContractExecutableRef,
};
