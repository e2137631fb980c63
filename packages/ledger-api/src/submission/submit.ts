/**
 * Submitting a signed transaction and finding out what became of it.
 *
 * - `submitTransaction`: `POST /transactions`, which waits for ingestion. A 504 is a
 *   warning, not a failure: the transaction is then looked up by hash until it is found
 *   or its time bounds have passed (`tx_too_late`).
 * - `submitTransactionAsync`: `POST /transactions_async`, following the `tx_status`
 *   table: PENDING and DUPLICATE are handed back to wait on, TRY_AGAIN_LATER is resent
 *   after a back-off, ERROR is decoded from `error_result_xdr` and thrown.
 * - `waitForTransaction`: `GET /transactions/{hash}` while it answers 404.
 *
 * Every resubmission sends the identical envelope, byte for byte: resubmitting is safe
 * only when nothing changed (same operations, signatures, sequence number). Waits are a
 * linear back-off, or the server's `Retry-After` after a 429. Everything is bounded by
 * attempt counts and an optional deadline; clock and sleep are injectable.
 */

import { type Envelope, type EnvelopeInput, readEnvelope } from './envelope.js';
import type { SubmissionError, SubmissionErrorKind, TransactionRecord } from './errors.js';
import type {
  AsyncSubmission,
  RetryEvent,
  SubmissionTarget,
  SubmitOptions,
  WaitForOptions,
} from './options.js';
import {
  type Answer,
  type Context,
  contextOf,
  fail,
  lookup,
  post,
  problemOf,
  safeHash,
  waitContext,
} from './requests.js';
import { decodeTransactionResult, type ResultCodes } from './result-codes.js';
import { linearDelay, retryAfterMs } from './retry.js';

type TxStatus = 'PENDING' | 'DUPLICATE' | 'ERROR' | 'TRY_AGAIN_LATER';

function decodeOrUndefined(resultXdr: string | undefined): ResultCodes | undefined {
  if (resultXdr === undefined) return undefined;
  try {
    return decodeTransactionResult(resultXdr);
  } catch {
    return undefined;
  }
}

/** The kind a set of result codes stands for. */
function kindOf(codes: ResultCodes | undefined): SubmissionErrorKind {
  const effective =
    codes?.transaction === 'tx_fee_bump_inner_failed' ? codes.inner_transaction : codes?.transaction;
  if (effective === 'tx_failed') return 'failed';
  if (effective === 'tx_too_late') return 'too_late';
  return 'rejected';
}

/** A 400 problem from a submission: result codes (from `extras`, else decoded from `result_xdr`) or a malformed envelope. */
function rejection(ctx: Context, answer: Answer): SubmissionError {
  const problem = problemOf(answer.body);
  const slug = problem.type?.split('/').pop();
  if (slug === 'transaction_malformed') return fail(ctx, 'malformed', answer);
  const resultXdr = problem.extras?.result_xdr;
  const codes = problem.extras?.result_codes ?? decodeOrUndefined(resultXdr);
  if (codes === undefined) return fail(ctx, 'http', answer);
  return fail(ctx, kindOf(codes), answer, { codes, resultXdr });
}

/**
 * Waits before repeating a request, or throws when the attempts, the allowed
 * `Retry-After` or the deadline would be exceeded.
 */
async function pause(
  ctx: Context,
  event: Omit<RetryEvent, 'delayMs'>,
  answer: Answer,
  delayMs: number,
  exhausted: SubmissionErrorKind,
  max: number,
): Promise<void> {
  if (event.attempt >= max) throw fail(ctx, exhausted, answer);
  if (ctx.now() + delayMs > ctx.deadline) throw fail(ctx, exhausted, answer);
  ctx.options.onRetry?.({ ...event, delayMs });
  await ctx.sleep(delayMs, ctx.options.signal);
}

/** The wait after a 429: `Retry-After` when the server gave one, else the back-off. */
function rateLimitDelay(ctx: Context, answer: Answer, attempt: number): number {
  const delay =
    retryAfterMs(answer.headers.get('retry-after'), ctx.now()) ?? linearDelay(attempt, ctx.options.backoff);
  if (delay > (ctx.options.maxRetryAfterMs ?? 60_000)) {
    throw fail(ctx, 'rate_limited', answer, {
      message: `the server asks to wait ${delay} ms before trying again`,
    });
  }
  return delay;
}

/** A retryable answer to a POST: waits and returns; anything else is left to the caller. */
async function retrySubmission(
  ctx: Context,
  answer: Answer,
  attempt: number,
  txStatus?: TxStatus,
): Promise<boolean> {
  const max = ctx.options.maxSubmissions ?? 5;
  const backoff = linearDelay(attempt, ctx.options.backoff);
  const base = { request: 'submit' as const, attempt, status: answer.status || undefined };
  if (answer.status === 429) {
    await pause(
      ctx,
      { ...base, reason: 'rate_limited' },
      answer,
      rateLimitDelay(ctx, answer, attempt),
      'rate_limited',
      max,
    );
  } else if (txStatus === 'TRY_AGAIN_LATER') {
    await pause(ctx, { ...base, reason: 'try_again_later' }, answer, backoff, 'unavailable', max);
  } else if (answer.status === 503) {
    await pause(ctx, { ...base, reason: 'unavailable' }, answer, backoff, 'unavailable', max);
  } else if (answer.status === 0) {
    await pause(ctx, { ...base, reason: 'network' }, answer, backoff, 'unavailable', max);
  } else {
    return false;
  }
  return true;
}

function resolved(ctx: Context, hash: string, record: TransactionRecord, answer: Answer): TransactionRecord {
  if (record.successful || ctx.options.acceptFailed) return record;
  const codes = decodeOrUndefined(record.result_xdr) ?? { transaction: 'tx_failed' };
  throw fail(ctx, kindOf(codes), answer, { codes, resultXdr: record.result_xdr, transaction: record, hash });
}

/**
 * Looks the transaction up until it is found. With a maxTime, a 404 from a lookup that
 * started after maxTime (plus the grace) settles it: `tx_too_late`.
 */
async function pollUntilResolved(
  ctx: Context,
  hash: string,
  maxTime: number | undefined,
): Promise<TransactionRecord> {
  const maxPolls = ctx.options.maxPolls ?? 60;
  const expiry = maxTime === undefined ? undefined : maxTime * 1000 + (ctx.options.expiryGraceMs ?? 10_000);
  for (let poll = 1; ; poll++) {
    const startedAt = ctx.now();
    const answer = await lookup(ctx, hash);
    const base = { request: 'lookup' as const, attempt: poll, status: answer.status || undefined };
    let delay = linearDelay(poll, ctx.options.backoff);
    let reason: RetryEvent['reason'];
    if (answer.status === 200) {
      return resolved(ctx, hash, answer.body as TransactionRecord, answer);
    } else if (answer.status === 404) {
      if (expiry !== undefined && startedAt >= expiry) {
        throw fail(ctx, 'too_late', answer, { hash, codes: { transaction: 'tx_too_late' } });
      }
      reason = 'not_found';
    } else if (answer.status === 429) {
      delay = rateLimitDelay(ctx, answer, poll);
      reason = 'rate_limited';
    } else if (answer.status === 0 || answer.status >= 500) {
      // Says nothing about the transaction: keep looking.
      reason = answer.status === 0 ? 'network' : 'unavailable';
    } else {
      throw fail(ctx, 'http', answer, { hash });
    }
    // Do not sleep past the expiry: the lookup right after it is the one that settles the outcome.
    const now = ctx.now();
    if (reason !== 'rate_limited' && expiry !== undefined && now < expiry)
      delay = Math.min(delay, expiry - now);
    await pause(ctx, { ...base, reason }, answer, delay, 'unresolved', maxPolls);
  }
}

const HASH = /^[0-9a-f]{64}$/i;

/** Submits and waits for the outcome (`POST /transactions`); resolves with the successful transaction's record. */
export async function submitTransaction(
  target: SubmissionTarget,
  transaction: EnvelopeInput,
  options: SubmitOptions = {},
): Promise<TransactionRecord> {
  const ctx = contextOf(target, readEnvelope(transaction, options.networkPassphrase), options);
  for (let attempt = 1; ; attempt++) {
    const answer = await post(ctx, '/transactions');
    if (answer.status === 200)
      return resolved(ctx, safeHash(ctx) ?? '', answer.body as TransactionRecord, answer);
    if (answer.status === 504) {
      const hash = problemOf(answer.body).extras?.hash ?? safeHash(ctx);
      if (hash === undefined) {
        throw fail(ctx, 'unresolved', answer, {
          message:
            'submission timed out and the hash to look the transaction up is unknown (pass networkPassphrase)',
        });
      }
      return pollUntilResolved(ctx, hash, ctx.envelope.maxTime);
    }
    if (answer.status === 400) throw rejection(ctx, answer);
    if (!(await retrySubmission(ctx, answer, attempt))) throw fail(ctx, 'http', answer);
  }
}

const TX_STATUSES: readonly string[] = ['PENDING', 'DUPLICATE', 'ERROR', 'TRY_AGAIN_LATER'];

/** Submits without waiting (`POST /transactions_async`) and hands back what to wait on. */
export async function submitTransactionAsync(
  target: SubmissionTarget,
  transaction: EnvelopeInput,
  options: SubmitOptions = {},
): Promise<AsyncSubmission> {
  const ctx = contextOf(target, readEnvelope(transaction, options.networkPassphrase), options);
  for (let attempt = 1; ; attempt++) {
    const answer = await post(ctx, '/transactions_async');
    const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as {
      tx_status?: string;
      hash?: string;
      error_result_xdr?: string;
    };
    const txStatus = TX_STATUSES.includes(body.tx_status ?? '') ? (body.tx_status as TxStatus) : undefined;
    if (txStatus === 'PENDING' || txStatus === 'DUPLICATE') {
      const hash = body.hash ?? safeHash(ctx);
      if (hash === undefined)
        throw fail(ctx, 'http', answer, { message: 'the server answered without a hash' });
      return {
        hash,
        txStatus,
        submissions: attempt,
        wait: (overrides = {}) =>
          pollUntilResolved({ ...ctx, ...waitContext(ctx, overrides) }, hash, ctx.envelope.maxTime),
      };
    }
    if (txStatus === 'ERROR') {
      const codes = decodeOrUndefined(body.error_result_xdr);
      throw fail(ctx, codes ? kindOf(codes) : 'rejected', answer, {
        codes,
        resultXdr: body.error_result_xdr,
        hash: body.hash ?? safeHash(ctx),
      });
    }
    if (await retrySubmission(ctx, answer, attempt, txStatus)) continue;
    if (answer.status === 400) throw rejection(ctx, answer);
    throw fail(ctx, 'http', answer);
  }
}

/**
 * Looks a transaction up until it is ingested: by hash, or by its envelope (which also
 * gives the time bounds). Resolves with the record of a successful transaction; throws
 * a SubmissionError for a failed one (unless `acceptFailed`), for `tx_too_late` once
 * the time bounds have passed, and `unresolved` when the lookups run out.
 */
export async function waitForTransaction(
  target: SubmissionTarget,
  transaction: string | EnvelopeInput,
  options: WaitForOptions = {},
): Promise<TransactionRecord> {
  const isHash = typeof transaction === 'string' && HASH.test(transaction);
  const envelope: Envelope = isHash
    ? { xdr: '', maxTime: undefined, hash: () => transaction.toLowerCase() }
    : readEnvelope(transaction, options.networkPassphrase);
  const hash = envelope.hash();
  if (hash === undefined) throw new TypeError('cannot hash an XDR envelope without networkPassphrase');
  const ctx = contextOf(target, envelope, options);
  const maxTime =
    options.maxTime === undefined
      ? envelope.maxTime
      : Math.floor(Number(options.maxTime) / (options.maxTime instanceof Date ? 1000 : 1));
  return pollUntilResolved(ctx, hash, maxTime);
}
