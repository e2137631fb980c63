// The options of submitTransaction, submitTransactionAsync and waitForTransaction (see submission.ts).
import type { ContractClient, ResponseValidationOptions } from '../generated/client.gen.js';
import type { TransactionRecord } from './errors.js';
import type { Backoff, Clock, Sleep } from './retry.js';

/** Where to submit: the generated client, or the server's base URL. */
export type SubmissionTarget = ContractClient | string | URL;

export interface RetryEvent {
  /** Which request is repeated. */
  request: 'submit' | 'lookup';
  /** Why: a 429, TRY_AGAIN_LATER, a 503 or other unavailability, no answer at all, or a 404 lookup. */
  reason: 'rate_limited' | 'try_again_later' | 'unavailable' | 'network' | 'not_found';
  /** How many of these requests were made so far. */
  attempt: number;
  status: number | undefined;
  /** The wait before the next one. */
  delayMs: number;
}

/**
 * With `validateResponses` (tolerant) or `strict`, every answer to a POST or a lookup is checked
 * against the contract, whatever the target; one outside it ends with a SubmissionError of kind
 * `http` whose cause is the ResponseValidationError. A client created with those options checks
 * its answers in any case.
 */
export interface WaitOptions extends ResponseValidationOptions {
  /** Most lookups of `GET /transactions/{hash}`. Default 60. */
  maxPolls?: number;
  /** Linear back-off between attempts (default 1 s, +1 s each, at most 10 s). */
  backoff?: Backoff;
  /** Give up at this instant (ms since the epoch, or a Date). Default: no deadline beyond the attempt counts. */
  deadline?: number | Date;
  /** Longest `Retry-After` honoured; a longer one ends with kind `rate_limited`. Default 60 s. */
  maxRetryAfterMs?: number;
  /**
   * How long after the transaction's maxTime a 404 still proves nothing: the last ledger
   * that closed before maxTime may not be ingested yet. Default 10 s (two ledger closes).
   */
  expiryGraceMs?: number;
  /** Resolve with a failed transaction's record instead of throwing a `failed` SubmissionError. */
  acceptFailed?: boolean;
  sleep?: Sleep;
  now?: Clock;
  signal?: AbortSignal;
  onRetry?: (event: RetryEvent) => void;
  /** The fetch used when the target is a base URL. */
  fetch?: (input: Request) => Promise<Response>;
}

export interface SubmitOptions extends WaitOptions {
  /**
   * Needed only to hash an envelope given as XDR when the server does not send the
   * hash (an SDK Transaction knows its network).
   */
  networkPassphrase?: string;
  /** Most POSTs of the envelope, the first included. Default 5. */
  maxSubmissions?: number;
}

export interface WaitForOptions extends WaitOptions {
  /** Unix seconds (or a Date) after which the transaction cannot enter a ledger; read from the envelope when one is given. */
  maxTime?: number | Date;
  networkPassphrase?: string;
}

/** The answer to an asynchronous submission that was accepted (or had been already). */
export interface AsyncSubmission {
  hash: string;
  txStatus: 'PENDING' | 'DUPLICATE';
  /** POSTs made, the first included. */
  submissions: number;
  /** Waits until the transaction is ingested, with the submission's options unless overridden. */
  wait(options?: WaitOptions): Promise<TransactionRecord>;
}
