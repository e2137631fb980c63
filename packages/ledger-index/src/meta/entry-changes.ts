/**
 * The ledger entry changes of a closed ledger in the order stellar-core made them: every fee
 * charge first, then each transaction's apply changes, then fee refunds, then upgrades.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from './closed-ledger.js';

/** The changes a transaction's apply made (before its operations, theirs, after them). */
export function applyChanges(meta: xdr.TransactionMeta): xdr.LedgerEntryChange[] {
  if (meta.type === 'operations') return meta.operations.flatMap((op) => op.changes);
  if (meta.type === 'v1') return [...meta.v1.txChanges, ...meta.v1.operations.flatMap((op) => op.changes)];
  const body = meta.type === 'v2' ? meta.v2 : meta.type === 'v3' ? meta.v3 : meta.v4;
  return [...body.txChangesBefore, ...body.operations.flatMap((op) => op.changes), ...body.txChangesAfter];
}

/** The changes of one operation (empty for a failed transaction). */
export function operationChanges(tx: ClosedTransaction, index: number): xdr.LedgerEntryChange[] {
  const meta = tx.meta;
  const operations =
    meta.type === 'operations'
      ? meta.operations
      : (meta.type === 'v1' ? meta.v1 : meta.type === 'v2' ? meta.v2 : meta.type === 'v3' ? meta.v3 : meta.v4)
          .operations;
  return operations[index]?.changes ?? [];
}

export function ledgerChanges(ledger: ClosedLedger): xdr.LedgerEntryChange[] {
  return [
    ...ledger.transactions.flatMap((tx) => tx.feeChanges),
    ...ledger.transactions.flatMap((tx) => applyChanges(tx.meta)),
    ...ledger.transactions.flatMap((tx) => tx.postApplyFeeChanges),
    ...ledger.upgradeChanges,
  ];
}
