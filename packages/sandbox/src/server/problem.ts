/**
 * The problem+json answers of the stellar/go services (support/render/problem `problem.go`):
 * friendbot and, later, the Horizon face render their errors this way.
 */
import type { ServerResponse } from 'node:http';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  extras?: Record<string, unknown>;
}

const HOST = 'https://stellar.org/horizon-errors/';

export const BAD_REQUEST: Problem = {
  type: 'bad_request',
  title: 'Bad Request',
  status: 400,
  detail: 'The request you sent was invalid in some way.',
};

export const NOT_FOUND: Problem = {
  type: 'not_found',
  title: 'Resource Missing',
  status: 404,
  detail:
    'The resource at the url requested was not found.  This usually occurs for one of two reasons:  ' +
    'The url requested is not valid, or no data in our database could be found with the parameters provided.',
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
  detail: 'The sandbox is stopping: no further ledgers will close.',
};

/** problem.MakeInvalidFieldProblem. */
export function invalidField(name: string, reason: string): Problem {
  return { ...BAD_REQUEST, extras: { invalid_field: name, reason } };
}

/** Go's json.MarshalIndent(p, "", "  ") with the service host before the type. */
export function problemBody(problem: Problem): string {
  const { type, title, status, detail, extras } = problem;
  return JSON.stringify({ type: `${HOST}${type}`, title, status, detail, extras }, null, 2);
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
