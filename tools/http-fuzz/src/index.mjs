// Raw requests from a seed: what an attacker sends with a socket, not what an HTTP client allows.
// Every generated request ends with `Connection: close` and a half-close, so a server that waits
// for more bytes answers or gives up; the runner counts answers, silent closes and hangs.
import { connect } from 'node:net';

/** A small deterministic generator (mulberry32): the same seed gives the same requests. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)], chance: (p) => next() < p };
}

/**
 * Values that have broken parsers, validators or decimal code somewhere: for query values, body
 * fields and header values. Fuzzers add the ones their own inputs invite.
 */
export const HOSTILE_VALUES = Object.freeze([
  '',
  ' ',
  '0',
  '-1',
  '.5',
  '1e5',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '\u0000',
  "' OR 1=1 --",
  '../../etc/passwd',
  'x'.repeat(300),
]);

const METHODS = [
  'GET',
  'GET',
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'TRACE',
  'get',
  'FOO',
  'G\xb5T',
  'CONNECT',
];
const TARGET_TAILS = [
  '',
  '/',
  '?',
  '?a=%ff',
  '?%',
  '?a=1&a=2',
  '#x',
  '?limit=999999999999999999999',
  '?cursor=%00',
  '?x=\xb5',
];
const HOSTILE_TARGETS = [
  '//',
  '//[',
  '//a:b@/x',
  '//%ff',
  '/%ff',
  '/%',
  '/%2',
  '/%00',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../..',
  '/\xb5',
  '/\xff\xfe',
  '*',
  'http://example.org/',
  'http://[',
  'example.org:443',
  '/a b',
  `/${'a'.repeat(5000)}`,
  `/?${'q='.repeat(3000)}`,
  '/%c0%af',
  '/%ed%a0%80',
  '/\t',
  '/;a',
  '/%25ff',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/problem+json',
  '\xb5/\xb5',
  '',
  'application/json;;;',
  'APPLICATION/JSON',
];
const BODIES = [
  '',
  '{}',
  '{',
  'null',
  '[]',
  '"x"',
  '{"a":',
  'a=1&b=%ff',
  '\xff\xfe\x00',
  '{"jsonrpc":"2.0","id":1,"method":"x"}',
  `{"a":"${'x'.repeat(3000)}"}`,
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
];
const ODD_HEADERS = [
  'Origin: http://a\r\nAccess-Control-Request-Method: \xb5',
  'Origin: http://a\r\nAccess-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: \xb5, x',
  'Origin: \xb5',
  'Authorization: Bearer \xb5',
  'Authorization: Bearer a.b.c',
  'Authorization: Basic',
  'X-Api-Key: \xb5',
  'Content-Length: -1',
  'Content-Length: 5\r\nContent-Length: 6',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip',
  'Expect: 100-continue',
  'Accept: \xb5',
  `X-Long: ${'b'.repeat(9000)}`,
  'Host: \xb5',
  'Content-Encoding: gzip',
];

/**
 * Generates `count` raw requests. `paths` are the server's own routes (with sample parameter
 * values), so most requests reach its handlers before they go wrong.
 */
export function generateRequests({ seed = 1, count, paths }) {
  const r = random(seed);
  const requests = [];
  for (let i = 0; i < count; i++) {
    const method = r.pick(METHODS);
    const target = r.chance(0.35)
      ? r.pick(HOSTILE_TARGETS)
      : mutatePath(r, r.pick(paths)) + r.pick(TARGET_TAILS);
    const lines = [`${method} ${target} HTTP/1.1`];
    if (!r.chance(0.05)) lines.push('Host: 127.0.0.1');
    if (r.chance(0.4)) lines.push(`Content-Type: ${r.pick(CONTENT_TYPES)}`);
    if (r.chance(0.3)) lines.push(r.pick(ODD_HEADERS));
    const body = r.chance(0.5) ? r.pick(BODIES) : '';
    const length = Buffer.byteLength(body, 'latin1');
    if (!lines.some((l) => /content-length|transfer-encoding/i.test(l)) && (body || r.chance(0.2)))
      lines.push(`Content-Length: ${r.chance(0.1) ? length + r.int(50) : length}`);
    lines.push('Connection: close');
    requests.push(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1'));
  }
  return requests;
}

function mutatePath(r, path) {
  if (!r.chance(0.3)) return path;
  const segments = path.split('/');
  const at = 1 + r.int(Math.max(1, segments.length - 1));
  segments[at] = r.pick(['%ff', '%', '', '..', '\xb5', '%2F', 'a'.repeat(300), '%00', '{id}', '-1']);
  return segments.join('/');
}

/** Interim answers (100 Continue) before the one that counts. */
const INTERIM = /^(?:HTTP\/1\.[01] 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/;

/**
 * Sends one raw request; resolves with the status of the final answer (0 when the server closed
 * without one, -1 when none came within `timeoutMs`, if given: by default the wait is the test's
 * own time limit, so a slow machine makes a run slower, never failed). A request still without a
 * final answer after `endAfterMs` is half-closed, so that a server waiting for promised body bytes
 * learns that none will come (a 100 Continue does not count: the bytes still do not come).
 */
export function send(port, bytes, { host = '127.0.0.1', timeoutMs, endAfterMs = 300 } = {}) {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    let head = '';
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            socket.destroy();
            resolve({ status: -1, head });
          }, timeoutMs);
    socket.setEncoding('latin1');
    const halfClose = setTimeout(() => socket.end(), endAfterMs);
    socket.on('data', (chunk) => {
      if (head.length < 4096) head += chunk;
      if (/^HTTP\/1\.[01] [2-9]/.test(head.replace(INTERIM, ''))) clearTimeout(halfClose);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(halfClose);
      const final = head.replace(INTERIM, '');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(final)?.[1] ?? 0), head });
    });
    socket.write(bytes);
  });
}

/**
 * Sends every request, `concurrency` at a time. Resolves with the count per status and the
 * requests whose answer failed `isAcceptable` (by default: any 5xx, or no answer within
 * `timeoutMs` when one is given).
 */
export async function fuzz(
  port,
  requests,
  { concurrency = 16, timeoutMs, endAfterMs, isAcceptable = (s) => s >= 0 && s < 500 } = {},
) {
  const statuses = {};
  const failures = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const { status, head } = await send(port, request, { timeoutMs, endAfterMs });
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (!isAcceptable(status, head) && failures.length < 20)
        failures.push({
          request: request.toString('latin1').slice(0, 300),
          status,
          head: head.slice(0, 300),
        });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses, failures };
}

/**
 * Sends `first`, then `second` once `ready()` settles, and reads until the server closes. The
 * client keeps sending after the server's FIN, as a client with a large body does, so a server
 * that closes before it has read everything resets the connection: `error` then says so, and the
 * answer is often lost with it.
 */
export async function sendInTwoParts(port, first, ready, second, { host = '127.0.0.1' } = {}) {
  const socket = connect({ port, host, allowHalfOpen: true });
  const chunks = [];
  let error;
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', (e) => {
    error = e.code;
  });
  // Not events.once: it would reject on the very error this looks for.
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(first);
  await ready();
  if (!socket.destroyed) socket.end(second);
  await closed;
  const text = Buffer.concat(chunks).toString('latin1');
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text, error };
}

/** More than the kernel holds for one connection (Linux loopback at most: 4 MiB sent, 6 MiB
 * received): a client sending this much is still sending when the server answers early. */
export const MORE_THAN_SOCKET_BUFFERS = 24 * 1024 * 1024;
