/**
 * getTransaction, getTransactions and sendTransaction (stellar-rpc `methods/get_transaction.go`,
 * `get_transactions.go`, `send_transaction.go`; go-stellar-sdk v0.7 `GetTransactionsRequest.IsValid`,
 * which is ValidatePagination as getLedgers has it).
 */
import type {
  GetTransactionParams,
  GetTransactionResult,
  GetTransactionsParams,
  GetTransactionsResult,
  SendTransactionParams,
  SendTransactionResult,
  TransactionInfo,
} from '@starspec/ledger-rpc';
import { InvalidEnvelopeError } from '../core/tx/frame.js';
import { INT32_MAX, parseGoInteger, parseToid, type Toid, toidValue } from '../network/cursor.js';
import type { TxRecord } from '../network/records.js';
import {
  checkFormat,
  internalError,
  invalidParams,
  ledgerRange,
  type RpcContext,
  validatePagination,
} from './common.js';
import type { ToJson } from './xdr-json.js';

/** stellar-rpc `max-transactions-limit` and `default-transactions-limit`. */
export const MAX_TRANSACTIONS_LIMIT = 200;
export const DEFAULT_TRANSACTIONS_LIMIT = 50;

/**
 * The fields getTransaction and getTransactions share (protocol.TransactionDetails): envelope,
 * result, meta and events as base64 `*Xdr`, or with `toJson` as `*Json` (get_transaction.go's
 * `transactionToJSON` and `BuildEventsJSONFromTransaction`).
 */
function details(tx: TxRecord, toJson: ToJson | undefined) {
  const head = {
    status: tx.successful ? ('SUCCESS' as const) : ('FAILED' as const),
    txHash: tx.hash,
    applicationOrder: tx.applicationOrder,
    feeBump: tx.feeBump,
  };
  const transactionEvents = tx.transactionEvents.map((e) => e.toXdr('base64'));
  const contractEvents = tx.operationEvents.map((op) => op.map((e) => e.toXdr('base64')));
  const events: TransactionInfo['events'] = {};
  // The diagnostic events beside the meta (get_transaction.go: `diagnosticEventsXdr`, omitted empty).
  const diagnostic = tx.diagnosticEvents.map((e) => e.toXdr('base64'));
  if (!toJson) {
    if (transactionEvents.length > 0) events.transactionEventsXdr = transactionEvents;
    if (contractEvents.length > 0) events.contractEventsXdr = contractEvents;
    return {
      ...head,
      envelopeXdr: tx.envelope.toXdr('base64'),
      resultXdr: tx.result.toXdr('base64'),
      resultMetaXdr: tx.meta.toXdr('base64'),
      ...(diagnostic.length > 0 ? { diagnosticEventsXdr: diagnostic } : {}),
      events,
      ledger: tx.ledger,
    };
  }
  if (transactionEvents.length > 0)
    events.transactionEventsJson = transactionEvents.map((e) => toJson('TransactionEvent', e));
  if (contractEvents.length > 0)
    events.contractEventsJson = contractEvents.map((op) => op.map((e) => toJson('ContractEvent', e)));
  return {
    ...head,
    envelopeJson: toJson('TransactionEnvelope', tx.envelope.toXdr('base64')),
    resultJson: toJson('TransactionResult', tx.result.toXdr('base64')),
    resultMetaJson: toJson('TransactionMeta', tx.meta.toXdr('base64')),
    ...(diagnostic.length > 0
      ? { diagnosticEventsJson: diagnostic.map((e) => toJson('DiagnosticEvent', e)) }
      : {}),
    events,
    ledger: tx.ledger,
  };
}

export function getTransaction(
  context: RpcContext,
  params: GetTransactionParams,
  toJson?: ToJson,
): GetTransactionResult {
  checkFormat(params.xdrFormat);
  const { hash } = params;
  if (hash.length !== 64) throw invalidParams(`unexpected hash length (${hash.length})`);
  const bad = hash.search(/[^0-9a-fA-F]/);
  if (bad >= 0) {
    const code = (hash.codePointAt(bad) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw invalidParams(`incorrect hash: encoding/hex: invalid byte: U+${code} '${hash[bad]}'`);
  }
  const { oldest, latest } = ledgerRange(context);
  const range = {
    latestLedger: latest.sequence,
    latestLedgerCloseTime: String(latest.closeTime),
    oldestLedger: oldest.sequence,
    oldestLedgerCloseTime: String(oldest.closeTime),
  };
  const tx = context.network.closed.transaction(hash);
  if (!tx) {
    return {
      status: 'NOT_FOUND',
      txHash: hash,
      ...range,
      applicationOrder: 0,
      feeBump: false,
      events: {},
      ledger: 0,
      createdAt: '0',
    };
  }
  const createdAt = String(context.network.closed.get(tx.ledger)?.closeTime ?? 0);
  // The request's hash is echoed as sent (stellar-rpc does not normalise its case).
  return { ...details(tx, toJson), txHash: hash, ...range, createdAt };
}

export function getTransactions(
  context: RpcContext,
  params: GetTransactionsParams,
  toJson?: ToJson,
): GetTransactionsResult {
  const range = ledgerRange(context);
  const { oldest, latest } = range;
  const startLedger = params.startLedger ?? 0;
  const cursor = params.pagination?.cursor ?? '';
  validatePagination(startLedger, params.pagination, MAX_TRANSACTIONS_LIMIT, range);
  const limitAsked = params.pagination?.limit;
  checkFormat(params.xdrFormat, 'request');
  if (startLedger > INT32_MAX) throw invalidParams('startLedger exceeds supported range');

  let start: Toid = { ledger: startLedger, tx: 1, op: 1 };
  if (cursor !== '') {
    const parsed = parseGoInteger(cursor, 'ParseInt', 64);
    if ('error' in parsed) throw invalidParams(parsed.error);
    start = parseToid(parsed.value);
    start.tx++;
  }
  const limit = limitAsked ? limitAsked : DEFAULT_TRANSACTIONS_LIMIT;

  const transactions: GetTransactionsResult['transactions'] = [];
  let position: Toid = { ledger: 0, tx: 0, op: 0 };
  for (let sequence = start.ledger; sequence <= latest.sequence; sequence++) {
    if (sequence < 0) throw invalidParams('cursor ledger sequence cannot be negative');
    const ledger = context.network.closed.get(sequence);
    if (!ledger) throw invalidParams(`database does not contain metadata for ledger: ${sequence}`);
    position = { ledger: sequence, tx: 0, op: 1 };
    const first = sequence === start.ledger ? start.tx : 1;
    for (const tx of ledger.transactions.slice(Math.max(0, first - 1))) {
      position = { ledger: sequence, tx: tx.applicationOrder, op: 1 };
      transactions.push({ ...details(tx, toJson), createdAt: ledger.closeTime });
      if (transactions.length >= limit) break;
    }
    if (transactions.length >= limit) break;
  }
  return {
    transactions,
    latestLedger: latest.sequence,
    latestLedgerCloseTimestamp: latest.closeTime,
    oldestLedger: oldest.sequence,
    oldestLedgerCloseTimestamp: oldest.closeTime,
    cursor: toidValue(position).toString(),
  };
}

export function sendTransaction(
  context: RpcContext,
  params: SendTransactionParams,
  toJson?: ToJson,
): SendTransactionResult {
  checkFormat(params.xdrFormat);
  let submitted: ReturnType<RpcContext['network']['submit']>;
  try {
    submitted = context.network.submit(params.transaction);
  } catch (error) {
    if (error instanceof InvalidEnvelopeError) throw invalidParams('invalid_xdr');
    throw error;
  }
  const latest = context.network.closed.latest();
  const answer = {
    status: submitted.status,
    hash: submitted.hash,
    latestLedger: latest?.sequence ?? 0,
    latestLedgerCloseTime: String(latest?.closeTime ?? 0),
  };
  if (submitted.status !== 'ERROR') return answer;
  if (!submitted.errorResultXdr) throw internalError('invalid status from stellar-core');
  if (!toJson) return { ...answer, errorResultXdr: submitted.errorResultXdr };
  return { ...answer, errorResultJson: toJson('TransactionResult', submitted.errorResultXdr) };
}
