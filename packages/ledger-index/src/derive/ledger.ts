/** The ledger record (`GET /ledgers/{sequence}`) of a closed ledger. */
import { encodeToid } from '@starspec/ledger-api';
import type { ClosedLedger } from '../meta/closed-ledger.js';
import { amount, timestamp } from './format.js';
import type { LedgerBody } from './records.js';

export function ledgerBody(ledger: ClosedLedger): LedgerBody {
  const { header } = ledger;
  let successful = 0;
  let operations = 0;
  let setOperations = 0;
  for (const tx of ledger.transactions) {
    const count = tx.operations.length;
    setOperations += count;
    if (tx.successful) {
      successful += 1;
      operations += count;
    }
  }
  return {
    id: ledger.hash,
    paging_token: encodeToid({ ledger: ledger.sequence, transaction: 0, operation: 0 }),
    hash: ledger.hash,
    prev_hash: header.previousLedgerHash.toString(),
    sequence: ledger.sequence,
    successful_transaction_count: successful,
    failed_transaction_count: ledger.transactions.length - successful,
    operation_count: operations,
    tx_set_operation_count: setOperations,
    closed_at: timestamp(ledger.closeTime),
    total_coins: amount(header.totalCoins),
    fee_pool: amount(header.feePool),
    base_fee_in_stroops: header.baseFee,
    base_reserve_in_stroops: header.baseReserve,
    max_tx_set_size: header.maxTxSetSize,
    protocol_version: header.ledgerVersion,
    header_xdr: ledger.headerXdr,
  };
}
