/**
 * Why a submission did not end in a successful transaction, typed for callers to
 * branch on: `kind` says what happened, `resultCode` (when the network answered)
 * says why, and `hint` says what to do next.
 */
import type { components } from '../generated/types.gen.js';
import { type ResultCodes, TRANSACTION_RESULT_CODES, type TransactionResultCode } from './result-codes.js';

export type TransactionRecord = components['schemas']['Transaction'];

/**
 * - `rejected`: the network refused it (sync 400 with result codes, or async `ERROR`);
 *   it did not enter a ledger.
 * - `failed`: it entered a ledger and failed (`tx_failed`): fee charged, sequence used.
 * - `too_late`: its time bounds passed and it was never found: it never will enter a ledger.
 * - `malformed`: the server could not read the envelope.
 * - `unresolved`: lookups ran out (attempts or deadline) before the outcome was known;
 *   it may still enter a ledger.
 * - `rate_limited`: 429 with a wait longer than allowed, or too many of them.
 * - `unavailable`: the server kept answering "try later" (503, TRY_AGAIN_LATER) or could
 *   not be reached, until the attempts ran out; it may or may not have been received.
 * - `http`: any other answer the contract does not expect here.
 */
export type SubmissionErrorKind =
  | 'rejected'
  | 'failed'
  | 'too_late'
  | 'malformed'
  | 'unresolved'
  | 'rate_limited'
  | 'unavailable'
  | 'http';

export interface SubmissionErrorInit {
  kind: SubmissionErrorKind;
  message?: string;
  codes?: ResultCodes | undefined;
  hash?: string | undefined;
  envelopeXdr: string;
  resultXdr?: string | undefined;
  status?: number | undefined;
  problemType?: string | undefined;
  body?: unknown;
  transaction?: TransactionRecord | undefined;
  hint?: string | undefined;
  cause?: unknown;
}

const KIND_HINTS: Record<SubmissionErrorKind, string> = {
  rejected: 'The network refused the transaction; it did not enter a ledger.',
  failed:
    'The transaction entered a ledger and failed: its fee was charged and its sequence number consumed.',
  too_late: TRANSACTION_RESULT_CODES.tx_too_late?.hint ?? '',
  malformed:
    'The server could not read the envelope: check that it is a signed TransactionEnvelope in base64.',
  unresolved:
    'The outcome is not known yet and the transaction may still enter a ledger. Keep polling GET /transactions/{hash} or resubmit the identical envelope; build a replacement only after its time bounds have passed.',
  rate_limited: 'Too many requests: wait before trying again, and resubmit only the identical envelope.',
  unavailable:
    'The server could not take the transaction now. Resubmit the identical envelope later; do not build a new one until the outcome is known.',
  http: 'The server gave an answer the ledger API does not define for this request.',
};

const PROBLEM_PREFIX = 'https://stellar.org/horizon-errors/';

export class SubmissionError extends Error {
  override readonly name = 'SubmissionError';
  readonly kind: SubmissionErrorKind;
  /** The transaction result code (`tx_bad_seq`, `tx_insufficient_fee`, `tx_too_late`, …), when known. */
  readonly resultCode: TransactionResultCode | undefined;
  /** For a fee bump: the inner transaction's result code. */
  readonly innerResultCode: TransactionResultCode | undefined;
  /** One code per operation (`op_underfunded`, `op_success`, …), when the network applied them. */
  readonly operationCodes: readonly string[];
  /** What to do next. */
  readonly hint: string;
  /** Meaning of `resultCode` from the result-code table. */
  readonly meaning: string | undefined;
  readonly hash: string | undefined;
  /** The envelope that was submitted (base64), unchanged across attempts; empty when waiting by hash alone. */
  readonly envelopeXdr: string;
  /** The `TransactionResult` XDR, when the server sent one. */
  readonly resultXdr: string | undefined;
  /** HTTP status of the answer that ended the submission. */
  readonly status: number | undefined;
  /** The problem type slug (`transaction_failed`, `transaction_malformed`, …). */
  readonly problemType: string | undefined;
  /** The body of that answer. */
  readonly body: unknown;
  /** The transaction record, when it was found (a failed transaction). */
  readonly transaction: TransactionRecord | undefined;

  constructor(init: SubmissionErrorInit) {
    const code = init.codes?.transaction;
    const info = code === undefined ? undefined : TRANSACTION_RESULT_CODES[code];
    const inner = init.codes?.inner_transaction;
    // For a fee bump whose inner transaction failed, the inner code is the useful one.
    const innerInfo = inner === undefined ? undefined : TRANSACTION_RESULT_CODES[inner];
    const hint =
      init.hint ??
      (code === 'tx_fee_bump_inner_failed' ? innerInfo?.hint : info?.hint) ??
      KIND_HINTS[init.kind];
    const what = code === undefined ? init.kind : `${code}${inner ? ` (${inner})` : ''}`;
    super(init.message ?? `transaction submission ${what}: ${info?.meaning ?? hint}`, { cause: init.cause });
    this.kind = init.kind;
    this.resultCode = code;
    this.innerResultCode = inner;
    this.operationCodes = init.codes?.operations ?? [];
    this.hint = hint;
    this.meaning = info?.meaning;
    this.hash = init.hash;
    this.envelopeXdr = init.envelopeXdr;
    this.resultXdr = init.resultXdr;
    this.status = init.status;
    this.problemType = init.problemType?.startsWith(PROBLEM_PREFIX)
      ? init.problemType.slice(PROBLEM_PREFIX.length)
      : init.problemType;
    this.body = init.body;
    this.transaction = init.transaction;
  }
}
