/**
 * Ledger keys as the host builds them (host/data_helper.rs): contract data under a contract address
 * with a durability, the contract instance (a persistent `LedgerKeyContractInstance` key), Wasm
 * code by hash; and the key of the entry a ledger entry is (e2e_invoke.rs ledger_entry_to_ledger_key).
 */
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { Durability } from './ledger-info.js';
import { DECLARED_SIZE, type Meter } from './meter.js';
import { chargeScValSubstructure } from './metered-clone.js';

/** `size_of::<Hash>()`, `size_of::<ScContractInstance>()` (declared_size.rs). */
export const HASH_SIZE = 32n;
export const SC_CONTRACT_INSTANCE_SIZE = 64n;

/**
 * What `contract_instance_ledger_key` / `contract_code_ledger_key` (data_helper.rs) charge: the
 * 32-byte id or hash cloned into a new `Rc<LedgerKey>`.
 */
export function chargeContractKey(meter: Meter): void {
  meter.charge('MemCpy', HASH_SIZE);
  meter.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
}

/**
 * `ScContractInstance::metered_clone` of an entry's `ScVal::ContractInstance` value: the declared
 * size, then its storage map's substructure.
 */
export function chargeInstanceClone(instanceVal: xdr.ScVal, meter: Meter): void {
  meter.charge('MemCpy', SC_CONTRACT_INSTANCE_SIZE);
  chargeScValSubstructure(instanceVal, meter);
}

export function contractAddress(contractId: Uint8Array): xdr.ScAddress {
  return xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(contractId));
}

export function contractDataKey(
  contract: xdr.ScAddress,
  key: xdr.ScVal,
  durability: Durability,
): xdr.LedgerKey {
  return xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract,
      key,
      durability: xdr.ContractDataDurability.fromName(durability),
    }),
  );
}

export function contractInstanceKey(contractId: Uint8Array): xdr.LedgerKey {
  return contractDataKey(contractAddress(contractId), xdr.ScVal.scvLedgerKeyContractInstance(), 'persistent');
}

export function contractCodeKey(wasmHash: Uint8Array): xdr.LedgerKey {
  return xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(wasmHash) }));
}

/** The SHA-256 of the key's XDR: what its TTL entry is filed under. */
export function keyHash(key: xdr.LedgerKey): Uint8Array {
  return new Uint8Array(hash(Buffer.from(key.toXdr())));
}

export function ttlKey(key: xdr.LedgerKey): xdr.LedgerKey {
  return xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: new xdr.Hash(keyHash(key)) }));
}

/** The key a ledger entry is stored under; only the kinds Soroban storage holds. */
export function entryKey(entry: xdr.LedgerEntry): xdr.LedgerKey {
  const data = entry.data;
  switch (data.type) {
    case 'account':
      return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: data.account.accountId }));
    case 'trustline':
      return xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: data.trustLine.accountId, asset: data.trustLine.asset }),
      );
    case 'contractData':
      return xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: data.contractData.contract,
          key: data.contractData.key,
          durability: data.contractData.durability,
        }),
      );
    case 'contractCode':
      return contractCodeKey(data.contractCode.hash.value);
    default:
      throw new HostError('Storage', 'InternalError', `no storage key for a ${data.type} entry`);
  }
}
