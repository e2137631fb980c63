/** A contract instance entry with a new instance (what a frame or an update writes back). */
import { xdr } from '@stellar/stellar-sdk/base';

export function withInstance(entry: xdr.LedgerEntry, instance: xdr.ScContractInstance): xdr.LedgerEntry {
  if (entry.data.type !== 'contractData') throw new TypeError('not a contract data entry');
  const data = entry.data.contractData;
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: entry.lastModifiedLedgerSeq,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: data.ext,
        contract: data.contract,
        key: data.key,
        durability: data.durability,
        val: xdr.ScVal.scvContractInstance(instance),
      }),
    ),
    ext: entry.ext,
  });
}
