// Restores in an operation's meta as stellar-core writes them from protocol 23
// (TransactionMeta.cpp processOpLedgerEntryChanges, live bucket list restores): given the changes
// the ledger recorded and what the operation restored, the changes readers see.
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { entryKey } from '../../src/core/keys.js';
import { type LiveRestores, withRestoreChanges } from '../../src/soroban/restore-meta.js';

const LEDGER = 50;
const contract = xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32).fill(1)));
const dataKey = xdr.LedgerKey.contractData(
  new xdr.LedgerKeyContractData({
    contract,
    key: xdr.ScVal.scvSymbol('COUNT'),
    durability: xdr.ContractDataDurability.fromName('persistent'),
  }),
);
const data = (value: number, lastModifiedLedgerSeq: number) =>
  new xdr.LedgerEntry({
    lastModifiedLedgerSeq,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract,
        key: xdr.ScVal.scvSymbol('COUNT'),
        durability: xdr.ContractDataDurability.fromName('persistent'),
        val: xdr.ScVal.scvU32(value),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
const ttl = (liveUntilLedgerSeq: number, lastModifiedLedgerSeq: number) =>
  new xdr.LedgerEntry({
    lastModifiedLedgerSeq,
    data: xdr.LedgerEntryData.ttl(new xdr.TtlEntry({ keyHash: hash(dataKey.toXdr()), liveUntilLedgerSeq })),
    ext: xdr.LedgerEntryExt.v0(),
  });

const C = xdr.LedgerEntryChange;
const state = (e: xdr.LedgerEntry) => C.ledgerEntryState(e);
const updated = (e: xdr.LedgerEntry) => C.ledgerEntryUpdated(e);
const removed = (e: xdr.LedgerEntry) => C.ledgerEntryRemoved(entryKey(e));
const restored = (e: xdr.LedgerEntry) => C.ledgerEntryRestored(e);

// Archived at ledger 40 (written at 10); restored at 50 until 65.
const OLD = data(1, 10);
const OLD_TTL = ttl(40, 10);
const RESTORED_TTL = ttl(65, LEDGER);
const restores: LiveRestores = new Map([
  [dataKey.toXdr('base64'), OLD],
  [entryKey(RESTORED_TTL).toXdr('base64'), RESTORED_TTL],
]);

function entryOf(change: xdr.LedgerEntryChange): xdr.LedgerEntry | undefined {
  switch (change.type) {
    case 'ledgerEntryCreated':
      return change.created;
    case 'ledgerEntryUpdated':
      return change.updated;
    case 'ledgerEntryState':
      return change.state;
    case 'ledgerEntryRestored':
      return change.restored;
    default:
      return undefined;
  }
}

const show = (changes: xdr.LedgerEntryChange[]) =>
  changes.map((change) => {
    const entry = entryOf(change);
    const kind = change.type.replace('ledgerEntry', '');
    return entry ? `${kind} ${entry.data.type}@${entry.lastModifiedLedgerSeq}` : kind;
  });

describe('restores in an operation meta', () => {
  it.each([
    {
      given: 'an invocation that restored the entry and left it as it was',
      operation: 'invokeHostFunction' as const,
      changes: [state(OLD), updated(data(1, LEDGER)), state(OLD_TTL), updated(RESTORED_TTL)],
      want: ['Restored contractData@50', 'Restored ttl@50'],
    },
    {
      given: 'an invocation that restored the entry, then changed it and extended its TTL',
      operation: 'invokeHostFunction' as const,
      changes: [state(OLD), updated(data(2, LEDGER)), state(OLD_TTL), updated(ttl(90, LEDGER))],
      want: ['Restored contractData@50', 'Updated contractData@50', 'Restored ttl@50', 'Updated ttl@50'],
    },
    {
      given: 'an invocation that restored the entry, then removed it',
      operation: 'invokeHostFunction' as const,
      changes: [state(OLD), removed(OLD), state(OLD_TTL), removed(OLD_TTL)],
      want: ['Restored contractData@50', 'Removed', 'Restored ttl@50', 'Removed'],
    },
    {
      given: 'a RestoreFootprint, which rewrote the TTL entry only',
      operation: 'restoreFootprint' as const,
      changes: [state(OLD_TTL), updated(RESTORED_TTL)],
      want: ['Restored ttl@50', 'Restored contractData@10'],
    },
  ])('$given', ({ operation, changes, want }) => {
    expect(show(withRestoreChanges(changes, restores, operation, LEDGER))).toEqual(want);
  });

  it('leaves an operation that restored nothing as it was', () => {
    const changes = [state(OLD), updated(data(2, LEDGER))];
    expect(withRestoreChanges(changes, new Map(), 'invokeHostFunction', LEDGER)).toEqual(changes);
  });
});
