/**
 * Writing the problem+json answers of the stellar/go services (support/render/problem
 * `problem.go`) on a node:http response; the records are the ledger index's.
 */
import type { ServerResponse } from 'node:http';
import { type Problem, problemDocument, SERVICE_UNAVAILABLE } from '@starspec/ledger-index/host';

export {
  BAD_REQUEST,
  invalidField,
  NOT_FOUND,
  type Problem,
  SERVER_ERROR,
} from '@starspec/ledger-index/host';

/** What friendbot answers once the sandbox is stopping. */
export const SANDBOX_STOPPING: Problem = {
  ...SERVICE_UNAVAILABLE,
  detail: 'The sandbox is stopping: no further ledgers will close.',
};

/** Go's json.MarshalIndent(p, "", "  ") of the problem document. */
export function problemBody(problem: Problem): string {
  return JSON.stringify(problemDocument(problem), null, 2);
}

/** Horizon's ServerOverCapacity: friendbot's answer while as many calls wait as it keeps waiting. */
export const FRIENDBOT_BUSY: Problem = {
  type: 'server_over_capacity',
  title: 'Server Over Capacity',
  status: 503,
  detail: 'Friendbot has as many requests waiting as it keeps: try again once the next ledger has closed.',
};

/** A web page of an origin the sandbox was not started to allow asked for a side effect. */
export function forbiddenOrigin(origin: string | undefined): Problem {
  const page = origin === undefined ? 'A web page' : `A web page of ${origin}`;
  const allow = origin === undefined || origin === 'null' ? "'*'" : origin;
  return {
    type: 'forbidden',
    title: 'Forbidden',
    status: 403,
    detail: `${page} may not fund accounts or close ledgers: start the sandbox with --allow-origin ${allow} to let it.`,
  };
}

/** What POST /_sandbox/close answers a body that is not declared JSON. */
export const CLOSE_NEEDS_JSON: Problem = {
  type: 'unsupported_media_type',
  title: 'Unsupported Media Type',
  status: 415,
  detail: 'POST /_sandbox/close takes Content-Type: application/json (which a web page cannot send unasked).',
};

/** What POST /_sandbox/upgrade answers a body that is not declared JSON. */
export const UPGRADE_NEEDS_JSON: Problem = {
  ...CLOSE_NEEDS_JSON,
  detail:
    'POST /_sandbox/upgrade takes Content-Type: application/json (which a web page cannot send unasked).',
};

export function writeProblem(
  res: ServerResponse,
  problem: Problem,
  headers: Record<string, string> = {},
): void {
  const body = problemBody(problem);
  res
    .writeHead(problem.status, {
      ...headers,
      'content-type': 'application/problem+json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    .end(body);
}

export function writeJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  contentType = 'application/json',
): void {
  const body = JSON.stringify(value, null, 2);
  res
    .writeHead(status, {
      'content-type': `${contentType}; charset=utf-8`,
      'content-length': Buffer.byteLength(body),
    })
    .end(body);
}
