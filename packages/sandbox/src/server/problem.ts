/**
 * Writing the problem+json answers of the stellar/go services (support/render/problem
 * `problem.go`) on a node:http response; the records are the ledger index's.
 */
import type { ServerResponse } from 'node:http';
import { type Problem, problemDocument, SERVICE_UNAVAILABLE } from '@starspec/ledger-index';

export {
  BAD_REQUEST,
  invalidField,
  NOT_FOUND,
  type Problem,
  SERVER_ERROR,
} from '@starspec/ledger-index';

/** What friendbot answers once the sandbox is stopping. */
export const SANDBOX_STOPPING: Problem = {
  ...SERVICE_UNAVAILABLE,
  detail: 'The sandbox is stopping: no further ledgers will close.',
};

/** Go's json.MarshalIndent(p, "", "  ") of the problem document. */
export function problemBody(problem: Problem): string {
  return JSON.stringify(problemDocument(problem), null, 2);
}

export function writeProblem(res: ServerResponse, problem: Problem): void {
  const body = problemBody(problem);
  res
    .writeHead(problem.status, {
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
