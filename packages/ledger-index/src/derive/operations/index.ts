/**
 * Operation records (`GET /operations/{id}`): the common fields of every operation, the fields
 * of its type from `DETAILS`, its `sponsor`, and who took part: accounts (stellar-horizon
 * `Participants`), and the claimable balances and liquidity pools its changes touched
 * (`ClaimableBalancesTransactionProcessor`, `LiquidityPoolsTransactionProcessor`).
 */
import { encodeToid } from '@starspec/ledger-api';
import { SignerKey, xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../../meta/closed-ledger.js';
import { operationChanges } from '../../meta/entry-changes.js';
import { pairChanges } from '../changes.js';
import { muxedParts, timestamp } from '../format.js';
import type { OperationBody, OperationRow } from '../records.js';
import { claimableBalancesOf, liquidityPoolsOf, sponsorOf } from './changes.js';
import { type OperationContext, successfulResult } from './context.js';
import { operationDetail } from './details/index.js';

/** The signer a set_options adds or changes, whose sponsor Horizon reports. */
function signerOf(op: xdr.Operation): string | undefined {
  const signer = op.body.type === 'setOptions' ? op.body.setOptionsOp.signer : null;
  return signer ? SignerKey.encodeSignerKey(signer.key) : undefined;
}

/** The context each operation's details are made from. */
export function operationContexts(ledger: ClosedLedger, tx: ClosedTransaction): OperationContext[] {
  return tx.operations.map((op, index) => ({
    ledger,
    tx,
    index,
    op,
    source: muxedParts(op.sourceAccount ?? tx.source),
    changes: pairChanges(operationChanges(tx, index)),
    result: successfulResult(tx, index),
  }));
}

export function operationId(ctx: OperationContext): string {
  return encodeToid({ ledger: ctx.ledger.sequence, transaction: ctx.tx.order, operation: ctx.index + 1 });
}

export function operationRows(contexts: readonly OperationContext[], transactionId: bigint): OperationRow[] {
  return contexts.map((ctx) => {
    const { ledger, tx, source, op } = ctx;
    const id = operationId(ctx);
    const detail = operationDetail(ctx);
    const sponsor = sponsorOf(ctx.changes, signerOf(op));
    // Built field by field, in the record's order (see transactionBody).
    const body = {
      id,
      paging_token: id,
      transaction_successful: tx.successful,
      source_account: source.account,
    } as Record<string, unknown>;
    if (source.muxed) {
      body.source_account_muxed = source.muxed;
      body.source_account_muxed_id = source.muxedId;
    }
    body.type = detail.type;
    body.type_i = xdr.OperationType[op.body.type].value;
    body.created_at = timestamp(ledger.closeTime);
    body.transaction_hash = tx.hash;
    Object.assign(body, detail.fields);
    if (sponsor) body.sponsor = sponsor;
    return {
      id: BigInt(id),
      transactionId,
      ledger: ledger.sequence,
      successful: tx.successful,
      payment: detail.payment ?? false,
      accounts: [
        ...new Set([source.account, ...(detail.accounts ?? []), ...(sponsor ? [sponsor] : [])]),
      ].sort(),
      claimableBalances: claimableBalancesOf(ctx.changes),
      liquidityPools: liquidityPoolsOf(ctx.changes),
      body: body as OperationBody,
    };
  });
}
