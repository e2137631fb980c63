/**
 * TransactionMeta v4, as stellar-core's TransactionMetaBuilder finalizes it from protocol 23:
 * the changes before (fee bump signer removal, sequence number), one OperationMetaV2 per
 * operation with its changes and CAP-67 events (a contract's events for a Soroban operation;
 * none when the transaction failed), the transaction-level `fee` events, and for a Soroban
 * transaction its SorobanTransactionMetaV2 and diagnostic events.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { ApplyRecord } from '../core/tx/apply.js';

export interface SorobanMetaParts {
  meta: xdr.SorobanTransactionMetaV2;
  diagnosticEvents: xdr.DiagnosticEvent[];
}

export function transactionMeta(
  record: ApplyRecord,
  success: boolean,
  events: xdr.TransactionEvent[],
  soroban?: SorobanMetaParts,
): xdr.TransactionMeta {
  const operations = success
    ? record.operations.map(
        (op) =>
          new xdr.OperationMetaV2({ ext: xdr.ExtensionPoint.v0(), changes: op.changes, events: op.events }),
      )
    : [];
  return xdr.TransactionMeta.v4(
    new xdr.TransactionMetaV4({
      ext: xdr.ExtensionPoint.v0(),
      txChangesBefore: record.changesBefore,
      operations,
      txChangesAfter: record.changesAfter,
      sorobanMeta: soroban?.meta ?? null,
      events,
      diagnosticEvents: soroban?.diagnosticEvents ?? [],
    }),
  );
}
