// Errors the guard answers itself, in the shape of the contract behind it: `{"error": "..."}` for
// the callbacks contract, an RFC 7807 problem shaped like Horizon's for the ledger API (`type`,
// `title`, `status`, `detail`, and for a named field `extras.invalid_field` and `extras.reason`).

/** @typedef {'error-object' | 'problem'} ErrorStyle */

/** Horizon's `detail` of every 400 that names an invalid field. */
const BAD_REQUEST_DETAIL = 'The request you sent was invalid in some way.';

/** @type {Record<number, [type: string, title: string]>} */
const PROBLEMS = {
  400: ['bad_request', 'Bad Request'],
  408: ['request_timeout', 'Request Timeout'],
  413: ['payload_too_large', 'Payload Too Large'],
  431: ['request_header_fields_too_large', 'Request Header Fields Too Large'],
  502: ['bad_gateway', 'Bad Gateway'],
  504: ['timeout', 'Timeout'],
};

/**
 * The status, headers and body text of an error answer.
 * @param {ErrorStyle} style
 * @param {number} status one of 400, 408, 413, 431, 502, 504
 * @param {string} reason a sentence, or what follows the field's name when there is one
 * @param {string} [field] the parameter, header, `path`, `query` or `body` the error is about
 */
export function contractError(style, status, reason, field) {
  if (style === 'error-object') {
    const body = JSON.stringify({ error: field ? `${field} ${reason}` : reason });
    return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
  }
  const [type, title] = PROBLEMS[status] ?? PROBLEMS[400];
  const problem = {
    type: `https://stellar.org/horizon-errors/${type}`,
    title,
    status,
    detail: field ? BAD_REQUEST_DETAIL : reason,
    ...(field ? { extras: { invalid_field: field, reason } } : {}),
  };
  return {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify(problem),
  };
}

/**
 * A raw HTTP/1.1 error answer for a request Node could not parse (no request object exists).
 * @param {ErrorStyle} style
 * @param {NodeJS.ErrnoException} error
 * @param {number} headerLimit the server's limit on the request line and headers, in bytes
 */
export function clientErrorAnswer(style, error, headerLimit) {
  const [status, text, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          `the request line and headers are larger than ${headerLimit} bytes`,
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'the request was not received in time']
        : [400, 'Bad Request', 'the request is not valid HTTP/1.1'];
  const answer = contractError(style, status, reason);
  return (
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: ${answer.headers['content-type']}\r\n` +
    `Content-Length: ${Buffer.byteLength(answer.body)}\r\nConnection: close\r\n\r\n${answer.body}`
  );
}
