/**
 * The problem+json answers of Horizon (stellar/go support/render/problem and Horizon's
 * `render/problem` registrations), as handler results of the generated server; the sandbox's
 * friendbot renders its errors from the same records.
 */
import type { HandlerResult } from '@starspec/runtime/http';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  extras?: Record<string, unknown>;
}

const HOST = 'https://stellar.org/horizon-errors/';

export const NOT_FOUND: Problem = {
  type: 'not_found',
  title: 'Resource Missing',
  status: 404,
  detail:
    'The resource at the url requested was not found.  This usually occurs for one of two reasons:  ' +
    'The url requested is not valid, or no data in our database could be found with the parameters provided.',
};

export const BEFORE_HISTORY: Problem = {
  type: 'before_history',
  title: 'Data Requested Is Before Recorded History',
  status: 410,
  detail:
    "This horizon instance is configured to only track a portion of the stellar network's latest history. " +
    'This request is asking for results prior to the recorded history known to this horizon instance.',
};

export const BAD_REQUEST: Problem = {
  type: 'bad_request',
  title: 'Bad Request',
  status: 400,
  detail: 'The request you sent was invalid in some way.',
};

export const SUBMISSION_TIMEOUT: Problem = {
  type: 'transaction_submission_timeout',
  title: 'Transaction Submission Timeout',
  status: 504,
  detail:
    'Your transaction submission request has timed out. This does not necessarily mean the submission has ' +
    'failed. Before resubmitting, please use the transaction hash provided in `extras.hash` to poll the GET ' +
    '/transactions endpoint for sometime and check if it was included in a ledger.',
};

export const SERVER_ERROR: Problem = {
  type: 'server_error',
  title: 'Internal Server Error',
  status: 500,
  detail:
    'An error occurred while processing this request.  This is usually due to a bug within the server ' +
    'software.  Trying this request again may succeed if the bug is transient. Otherwise, please contact ' +
    'the system administrator.',
};

export const SERVICE_UNAVAILABLE: Problem = {
  type: 'service_unavailable',
  title: 'Service Unavailable',
  status: 503,
  detail:
    'The server is currently unable to handle the request due to a temporary overloading or maintenance of ' +
    'the server. This is a temporary condition and the request may succeed on a retry.',
};

/**
 * Horizon's `still_ingesting` (`render/problem.StillIngesting`): the state an answer needs has not
 * been ingested. The gateway gives it, with its own detail and extras, for an entry whose state
 * predates its index and cannot be read by key (see `rest/single-entries.ts`).
 */
export const STILL_INGESTING: Problem = {
  type: 'still_ingesting',
  title: 'Still Ingesting',
  status: 503,
  detail:
    "Data cannot be presented because it's still being ingested. Please wait for several minutes before trying your request again.",
};

/** Horizon's per-IP refusal (its rate limiter's denied handler, and streams past their quota). */
export const RATE_LIMIT_EXCEEDED: Problem = {
  type: 'rate_limit_exceeded',
  title: 'Rate Limit Exceeded',
  status: 429,
  detail:
    "The rate limit for the requesting IP address is over its alloted limit. The allowed limit and requests left per time period are communicated to clients via the http response headers 'X-RateLimit-*' headers.",
};

/** problem.MakeInvalidFieldProblem. */
export function invalidField(name: string, reason: string): Problem {
  return { ...BAD_REQUEST, extras: { invalid_field: name, reason } };
}

/** The problem+json document: the service host before the type. */
export function problemDocument(problem: Problem): Problem {
  const { type, title, status, detail, extras } = problem;
  return {
    // Problems made elsewhere (the paging helpers) carry the full type already.
    type: type.startsWith(HOST) ? type : `${HOST}${type}`,
    title,
    status,
    ...(detail ? { detail } : {}),
    ...(extras ? { extras } : {}),
  };
}

export function problemResult(problem: Problem, headers: Record<string, string> = {}): HandlerResult {
  return {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', ...headers },
    body: problemDocument(problem),
  };
}
