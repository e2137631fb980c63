import { formatErrors, type ValidationError } from './validation.js';

/**
 * How a contract answers errors:
 * - `error-object`: `{"error": "..."}` (the anchor callbacks, SEP-12/SEP-38);
 * - `problem`: `application/problem+json` with Horizon's `extras.invalid_field` and `extras.reason`.
 */
export type ErrorStyle = 'error-object' | 'problem';

export type ProblemKind =
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'not_acceptable'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'request_timeout'
  | 'header_too_large'
  | 'server_error'
  | 'server_over_capacity';

const STATUS: Record<ProblemKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  unsupported_media_type: 415,
  payload_too_large: 413,
  request_timeout: 408,
  header_too_large: 431,
  server_error: 500,
  server_over_capacity: 503,
};

const TITLES: Record<ProblemKind, string> = {
  bad_request: 'Bad Request',
  unauthorized: 'Unauthorized',
  not_found: 'Resource Missing',
  method_not_allowed: 'Method Not Allowed',
  not_acceptable: 'Not Acceptable',
  unsupported_media_type: 'Unsupported Media Type',
  payload_too_large: 'Payload Too Large',
  request_timeout: 'Request Timeout',
  header_too_large: 'Request Header Fields Too Large',
  server_error: 'Internal Server Error',
  server_over_capacity: 'Server Over Capacity',
};

/** Horizon's `detail` of every 400 that names an invalid field. */
export const BAD_REQUEST_DETAIL = 'The request you sent was invalid in some way.';

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Renders an error in the contract's own shape. */
export function renderError(
  style: ErrorStyle,
  kind: ProblemKind,
  message: string,
  errors: readonly ValidationError[] = [],
): ErrorAnswer {
  const status = STATUS[kind];
  if (style === 'error-object') {
    return {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { error: message },
    };
  }
  const first = errors[0];
  if (first?.problem) {
    const { type, title, detail } = first.problem;
    return {
      status,
      headers: { 'content-type': 'application/problem+json; charset=utf-8' },
      body: { type: `https://stellar.org/horizon-errors/${type}`, title, status, detail },
    };
  }
  const field = first?.path.split('/').filter(Boolean).slice(1).join('.') || undefined;
  return {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
    body: {
      type: `https://stellar.org/horizon-errors/${kind}`,
      title: TITLES[kind],
      status,
      // A located bad request carries its specifics in `extras`; the detail is the service's fixed sentence.
      detail: first && kind === 'bad_request' ? BAD_REQUEST_DETAIL : message,
      ...(first
        ? { extras: { invalid_field: field ?? first.path, reason: first.reason ?? formatErrors([first]) } }
        : {}),
    },
  };
}
