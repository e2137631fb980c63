/** A data entry (manage_data) as a mutable draft. */
import { xdr } from '@stellar/stellar-sdk/base';
import { dataKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { type EntryExtState, ledgerEntry, readEntryExt } from './entry-ext.js';

export interface DataState extends EntryExtState {
  accountId: xdr.PublicKey;
  name: Uint8Array;
  value: Uint8Array;
}

export function readData(entry: xdr.LedgerEntry): DataState {
  if (entry.data.type !== 'data') throw new Error('not a data entry');
  const d = entry.data.data;
  const { sponsor, hasExtV1 } = readEntryExt(entry);
  return {
    sponsor,
    hasExtV1,
    accountId: d.accountId,
    name: d.dataName.bytes,
    value: d.dataValue.toBytes(),
  };
}

export function dataEntry(d: DataState): xdr.LedgerEntry {
  const entry = new xdr.DataEntry({
    accountId: d.accountId,
    dataName: d.name,
    dataValue: d.value,
    ext: xdr.DataEntryExt.v0(),
  });
  return ledgerEntry(xdr.LedgerEntryData.data(entry), d);
}

export function loadData(ltx: LedgerTxn, accountId: xdr.PublicKey, name: Uint8Array): DataState | undefined {
  const entry = ltx.load(dataKey(accountId, name));
  return entry ? readData(entry) : undefined;
}
