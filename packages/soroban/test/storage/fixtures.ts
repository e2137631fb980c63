/** Ledger keys, entries and ledgers shaped like the Rust host's e2e_testutils.rs ones. */
import { xdr } from '@stellar/stellar-sdk/base';
import {
  contractAddress,
  contractCodeKey,
  contractDataKey,
  contractInstanceKey,
  type Durability,
  type LedgerInfo,
  type Meter,
} from '../../src/storage/index.js';

/** e2e_testutils.rs default_ledger_info. */
export const LEDGER: LedgerInfo = {
  protocolVersion: 23,
  sequenceNumber: 1_000_000,
  timestamp: 12_345_678n,
  networkId: new Uint8Array(32).fill(5),
  baseReserve: 5_000_000,
  minTempEntryTtl: 16,
  minPersistentEntryTtl: 100_000,
  maxEntryTtl: 10_000_000,
};

export const SEQ = LEDGER.sequenceNumber;
export const CONTRACT_ID = new Uint8Array(32).fill(111);
export const CONTRACT = contractAddress(CONTRACT_ID);
export const WASM_HASH = new Uint8Array(32).fill(7);

export function ledgerEntry(data: xdr.LedgerEntryData): xdr.LedgerEntry {
  return new xdr.LedgerEntry({ lastModifiedLedgerSeq: 0, data, ext: xdr.LedgerEntryExt.v0() });
}

export function dataKey(key: xdr.ScVal, durability: Durability): xdr.LedgerKey {
  return contractDataKey(CONTRACT, key, durability);
}

export function dataEntry(key: xdr.ScVal, val: xdr.ScVal, durability: Durability): xdr.LedgerEntry {
  return ledgerEntry(
    xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: CONTRACT,
        key,
        durability: xdr.ContractDataDurability.fromName(durability),
        val,
      }),
    ),
  );
}

export const instanceKey = contractInstanceKey(CONTRACT_ID);
export const instanceEntry = ledgerEntry(
  xdr.LedgerEntryData.contractData(
    new xdr.ContractDataEntry({
      ext: xdr.ExtensionPoint.v0(),
      contract: CONTRACT,
      key: xdr.ScVal.scvLedgerKeyContractInstance(),
      durability: xdr.ContractDataDurability.persistent,
      val: xdr.ScVal.scvContractInstance(
        new xdr.ScContractInstance({
          executable: xdr.ContractExecutable.contractExecutableWasm(new xdr.Hash(WASM_HASH)),
          storage: null,
        }),
      ),
    }),
  ),
);

export const wasmKey = contractCodeKey(WASM_HASH);
export const wasmEntry = ledgerEntry(
  xdr.LedgerEntryData.contractCode(
    new xdr.ContractCodeEntry({
      ext: xdr.ContractCodeEntryExt.v0(),
      hash: new xdr.Hash(WASM_HASH),
      code: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]),
    }),
  ),
);

export const sym = (s: string) => xdr.ScVal.scvSymbol(s);
export const u64 = (n: bigint) => xdr.ScVal.scvU64(n);
export const size = (entry: xdr.LedgerEntry) => entry.toXdr().length;

/** Stands in for the vm layer's module memory cost of a code entry. */
export const CODE_MEMORY = 1000;
export const sizeForRent = (entry: xdr.LedgerEntry, xdrSize: number) =>
  entry.data.type === 'contractCode' ? xdrSize + CODE_MEMORY : xdrSize;

/** A meter that keeps every charge, to compare against the host's. */
export function recordingMeter(): Meter & { charges: Array<[string, bigint | undefined]> } {
  const charges: Array<[string, bigint | undefined]> = [];
  return { charges, charge: (costType, input) => charges.push([costType, input]) };
}

export function accountKey(seed: number): xdr.LedgerKey {
  return xdr.LedgerKey.account(
    new xdr.LedgerKeyAccount({
      accountId: xdr.PublicKey.publicKeyTypeEd25519(new Uint8Array(32).fill(seed)),
    }),
  );
}
