/** Everything the index learns from one closed ledger. */
import type { ClosedLedger } from '../meta/closed-ledger.js';
import { ledgerChanges } from '../meta/entry-changes.js';
import { effectRows } from './effects/index.js';
import { ledgerBody } from './ledger.js';
import { operationRows } from './operations/index.js';
import type { IndexBatch, OperationRow, TransactionRow } from './records.js';
import { transactionBody } from './transaction.js';

export function deriveBatch(ledger: ClosedLedger): IndexBatch {
  const transactions: TransactionRow[] = [];
  const operations: OperationRow[] = [];
  for (const tx of ledger.transactions) {
    const body = transactionBody(ledger, tx);
    const id = BigInt(body.paging_token);
    const ops = operationRows(ledger, tx, id);
    operations.push(...ops);
    const union = (pick: (op: OperationRow) => string[]) => [...new Set(ops.flatMap(pick))];
    transactions.push({
      id,
      hash: tx.hash,
      ...(body.inner_transaction ? { innerHash: body.inner_transaction.hash } : {}),
      ledger: ledger.sequence,
      successful: tx.successful,
      accounts: [...new Set([body.source_account, body.fee_account, ...union((op) => op.accounts)])],
      claimableBalances: union((op) => op.claimableBalances),
      liquidityPools: union((op) => op.liquidityPools),
      body,
    });
  }
  return {
    ledger: { sequence: ledger.sequence, body: ledgerBody(ledger) },
    transactions,
    operations,
    effects: effectRows(ledger),
    trades: [],
    changes: ledgerChanges(ledger),
  };
}
