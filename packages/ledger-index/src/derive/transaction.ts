/**
 * The transaction record (`GET /transactions/{hash}`) of an applied transaction, as Horizon's
 * transactions processor and resource adapter write it (stellar-horizon
 * `internal/ingest/processors/transactions_processor.go`, `internal/resourceadapter/transaction.go`).
 */
import { encodeToid } from '@starspec/ledger-api';
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import type { ClosedLedger, ClosedTransaction } from '../meta/closed-ledger.js';
import { base64, muxedParts, timestamp } from './format.js';
import type { TransactionBody } from './records.js';

type Preconditions = NonNullable<TransactionBody['preconditions']>;

function signatures(list: readonly xdr.DecoratedSignature[]): string[] {
  return list.map((s) => base64(s.signature.value));
}

function memoFields(memo: xdr.Memo): Pick<TransactionBody, 'memo' | 'memo_bytes' | 'memo_type'> {
  switch (memo.type) {
    case 'memoText':
      return { memo_type: 'text', memo: memo.text.toString(), memo_bytes: base64(memo.text.bytes) };
    case 'memoId':
      return { memo_type: 'id', memo: memo.id.toString() };
    case 'memoHash':
      return { memo_type: 'hash', memo: base64(memo.hash.value) };
    case 'memoReturn':
      return { memo_type: 'return', memo: base64(memo.retHash.value) };
    default:
      return { memo_type: 'none' };
  }
}

function timeBounds(bounds: xdr.TimeBounds): Preconditions['timebounds'] {
  const max = bounds.maxTime;
  return { min_time: bounds.minTime.toString(), ...(max === 0n ? {} : { max_time: max.toString() }) };
}

function preconditions(
  envelope: xdr.TransactionV1Envelope | xdr.TransactionV0Envelope,
): Preconditions | undefined {
  if (!('cond' in envelope.tx)) {
    const bounds = envelope.tx.timeBounds;
    return bounds ? { timebounds: timeBounds(bounds) } : undefined;
  }
  const cond = envelope.tx.cond;
  if (cond.type === 'precondNone') return undefined;
  if (cond.type === 'precondTime') return { timebounds: timeBounds(cond.timeBounds) };
  const v2 = cond.v2;
  const result: Preconditions = {};
  if (v2.timeBounds) result.timebounds = timeBounds(v2.timeBounds);
  if (v2.ledgerBounds) {
    const { minLedger, maxLedger } = v2.ledgerBounds;
    result.ledgerbounds = { min_ledger: minLedger, ...(maxLedger === 0 ? {} : { max_ledger: maxLedger }) };
  }
  if (v2.minSeqNum !== null && v2.minSeqNum !== undefined)
    result.min_account_sequence = v2.minSeqNum.toString();
  if (v2.minSeqAge > 0n) result.min_account_sequence_age = v2.minSeqAge.toString();
  if (v2.minSeqLedgerGap > 0) result.min_account_sequence_ledger_gap = v2.minSeqLedgerGap;
  if (v2.extraSigners.length > 0)
    result.extra_signers = v2.extraSigners.map((key) => SignerKey.encodeSignerKey(key));
  return Object.keys(result).length > 0 ? result : undefined;
}

export function transactionBody(ledger: ClosedLedger, tx: ClosedTransaction): TransactionBody {
  const inner = tx.innerEnvelope;
  const source = muxedParts(tx.source);
  const fee = tx.envelope.type === 'envelopeTypeTxFeeBump' ? tx.envelope.feeBump : undefined;
  const feeSource = fee ? muxedParts(fee.tx.feeSource) : source;
  // Built field by field, in the record's order, here and in the other records: an object
  // literal with a spread before its last fields defines each of them the slow way (this record
  // took four times as long so).
  const body = memoFields(inner.tx.memo) as TransactionBody;
  body.id = tx.hash;
  body.paging_token = encodeToid({ ledger: ledger.sequence, transaction: tx.order, operation: 0 });
  body.successful = tx.successful;
  body.hash = tx.hash;
  body.ledger = ledger.sequence;
  body.created_at = timestamp(ledger.closeTime);
  body.source_account = source.account;
  if (source.muxed) {
    body.account_muxed = source.muxed;
    body.account_muxed_id = source.muxedId;
  }
  body.source_account_sequence = inner.tx.seqNum.toString();
  body.fee_account = feeSource.account;
  if (feeSource.muxed) {
    body.fee_account_muxed = feeSource.muxed;
    body.fee_account_muxed_id = feeSource.muxedId;
  }
  body.fee_charged = tx.result.feeCharged.toString();
  body.max_fee = (fee ? fee.tx.fee : BigInt(inner.tx.fee)).toString();
  body.operation_count = inner.tx.operations.length;
  body.envelope_xdr = tx.xdr.envelope;
  body.result_xdr = tx.xdr.result;
  body.result_meta_xdr = tx.xdr.meta;
  body.fee_meta_xdr = tx.xdr.feeChanges;
  body.signatures = signatures(fee ? fee.signatures : inner.signatures);
  const conditions = preconditions(inner);
  if (conditions) body.preconditions = conditions;
  if (fee && tx.innerHash) {
    body.fee_bump_transaction = { hash: tx.hash, signatures: signatures(fee.signatures) };
    body.inner_transaction = {
      hash: tx.innerHash,
      signatures: signatures(inner.signatures),
      max_fee: String(inner.tx.fee),
    };
  }
  return body;
}
