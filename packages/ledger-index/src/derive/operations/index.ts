/**
 * Operation records (`GET /operations/{id}`): the common fields of every operation, and the
 * fields of its type from `DETAILS` (stellar-horizon `internal/ingest/processors/operations_processor.go`).
 */
import { encodeToid } from '@starspec/ledger-api';
import { xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import { muxedParts, timestamp } from '../format.js';
import type { OperationBody, OperationRow } from '../records.js';
import { type OperationContext, operationDetail } from './details.js';

export function operationRows(
  ledger: ClosedLedger,
  tx: ClosedTransaction,
  transactionId: bigint,
): OperationRow[] {
  return tx.operations.map((op, index) => {
    const source = muxedParts(op.sourceAccount ?? tx.source);
    const id = encodeToid({ ledger: ledger.sequence, transaction: tx.order, operation: index + 1 });
    const ctx: OperationContext = { ledger, tx, index, op, source };
    const detail = operationDetail(ctx);
    const body = {
      id,
      paging_token: id,
      transaction_successful: tx.successful,
      source_account: source.account,
      ...(source.muxed
        ? { source_account_muxed: source.muxed, source_account_muxed_id: source.muxedId }
        : {}),
      type: detail.type,
      type_i: xdr.OperationType[op.body.type].value,
      created_at: timestamp(ledger.closeTime),
      transaction_hash: tx.hash,
      ...detail.fields,
    } as OperationBody;
    return {
      id: BigInt(id),
      transactionId,
      ledger: ledger.sequence,
      successful: tx.successful,
      payment: detail.payment ?? false,
      accounts: [...new Set([source.account, ...(detail.accounts ?? [])])],
      claimableBalances: detail.claimableBalances ?? [],
      liquidityPools: detail.liquidityPools ?? [],
      body,
    };
  });
}
