/** A contract data entry with a new value (a contract's write, or an instance written back). */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';

export function withContractDataVal(entry: xdr.LedgerEntry, val: xdr.ScVal): xdr.LedgerEntry {
  if (entry.data.type !== 'contractData')
    throw new HostError('Storage', 'InternalError', 'expected contract data ledger entry');
  const data = entry.data.contractData;
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: entry.lastModifiedLedgerSeq,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: data.ext,
        contract: data.contract,
        key: data.key,
        durability: data.durability,
        val,
      }),
    ),
    ext: entry.ext,
  });
}

export const withInstance = (entry: xdr.LedgerEntry, instance: xdr.ScContractInstance): xdr.LedgerEntry =>
  withContractDataVal(entry, xdr.ScVal.scvContractInstance(instance));

/** The instance a contract instance entry holds. */
export function contractInstanceOf(entry: xdr.LedgerEntry): xdr.ScContractInstance {
  const { data } = entry;
  if (data.type !== 'contractData' || data.contractData.val.type !== 'scvContractInstance')
    throw new HostError('Storage', 'InternalError', 'expected a contract instance entry');
  return data.contractData.val.instance;
}
