// Hostile HTTP/1.1 requests as raw bytes, for the regression and fuzz tests of the mock servers
// and the docs server: a seeded generator (the same seed gives the same requests), a raw-socket
// sender, and a runner. Bytes above 0x7f are sent as single latin1 bytes, as an attacker would.
import { connect } from 'node:net';
import { random } from '@starspec/http-fuzz';

/**
 * @typedef {() => number} Random
 * @typedef {{ status: number, head: string, body: string, timedOut: boolean }} RawAnswer
 * @typedef {{ request: string, answer: RawAnswer }} Outcome
 * @typedef {object} Profile what a server serves, to aim part of the requests at it
 * @property {string[]} paths valid request targets
 * @property {string[]} methods its methods
 * @property {{ type: string, body: string }[]} bodies valid bodies
 */

/**
 * A seeded generator, uniform in [0, 1): the same seed sends the same requests.
 * @param {number} seed
 * @returns {Random}
 */
export const seeded = (seed) => random(seed).next;

/**
 * @template T
 * @param {Random} random
 * @param {readonly T[]} items
 * @returns {T}
 */
const pick = (random, items) => /** @type {T} */ (items[Math.floor(random() * items.length)]);
const chance = (/** @type {Random} */ random, /** @type {number} */ p) => random() < p;
const int = (/** @type {Random} */ random, /** @type {number} */ max) => Math.floor(random() * (max + 1));

/**
 * Sends `bytes` (a latin1 string) on a new connection and reads until the server closes it. No
 * deadline unless `timeoutMs` is given: a slow answer is waited for, a hang is the test's time
 * limit to catch.
 * @param {number} port
 * @param {string} bytes
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<RawAnswer>}
 */
export function sendRaw(port, bytes, { timeoutMs } = {}) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    /** @type {Buffer[]} */
    const chunks = [];
    let timedOut = false;
    if (timeoutMs !== undefined)
      socket.setTimeout(timeoutMs, () => {
        timedOut = true;
        socket.destroy();
      });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      // Interim answers (100 Continue) come before the one that counts.
      const text = Buffer.concat(chunks)
        .toString('latin1')
        .replace(/^(HTTP\/1\.[01] 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const rest = split === -1 ? '' : text.slice(split + 4);
      const body = /\r\ntransfer-encoding: chunked/i.test(head) ? unchunk(rest) : rest;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: Buffer.from(body, 'latin1').toString('utf8'), timedOut });
    });
    socket.write(Buffer.from(bytes, 'latin1'));
  });
}

/** @param {string} text a chunked body */
function unchunk(text) {
  let out = '';
  let rest = text;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (line === -1 || !(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 4 + size);
  }
}

/**
 * The bytes of one request; `Connection: close` so the answer ends with the connection.
 * @param {string} method
 * @param {string} target
 * @param {[string, string][]} headers
 * @param {{ body: string, chunked?: boolean }} [payload]
 */
export function rawRequest(method, target, headers, payload) {
  const lines = [`${method} ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  let body = '';
  if (payload?.chunked) {
    lines.push('Transfer-Encoding: chunked');
    const size = Buffer.byteLength(payload.body, 'latin1').toString(16);
    body = payload.body === '' ? '0\r\n\r\n' : `${size}\r\n${payload.body}\r\n0\r\n\r\n`;
  } else if (payload) {
    lines.push(`Content-Length: ${Buffer.byteLength(payload.body, 'latin1')}`);
    body = payload.body;
  }
  return `${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`;
}

/** Path segments and whole targets that have broken URL decoders and routers. */
const BAD_SEGMENTS = [
  '%ff',
  '%',
  '%zz',
  '%e0%a4%a',
  '%c0%af',
  '%ed%a0%80',
  '%00',
  '%2e%2e',
  '..',
  '%2f',
  '%25',
  '%F0%9F%9A%80',
  'caf%C3%A9',
  '\u00e9',
  '\u00c3\u00a9',
  '\u0000',
  ';a=b',
  '@',
  ':',
  '[',
  '{id}',
  '*',
  '%u00e9',
];
const BAD_TARGETS = [
  '//',
  '//[',
  '//a:b@/x',
  '///',
  '*',
  'http://x/',
  'http://[::1]:1/x',
  '/?%ff',
  '/?%',
  '/?a=%ff&b',
  '/?=&&=',
  '/#frag',
  '?',
  '\\',
  '/\\evil.example',
  '/%',
  '/.%2e/',
  '/..;/',
];
const ODD_METHODS = [
  'PROPFIND',
  'PURGE',
  'MKCOL',
  'LINK',
  'SEARCH',
  'REPORT',
  'TRACE',
  'get',
  'FOO',
  'G\u00b5T',
  'QUERY',
];
const ODD_VALUES = [
  '\u00b5',
  '\u00ff\u00fe',
  'caf\u00e9',
  '',
  ' ',
  ',,,',
  ';',
  'x',
  'a/b/c',
  '"',
  '\u00c3\u00a9',
];
const ACCEPTS = [
  '*/*',
  'application/json',
  'text/html;q=abc',
  'application/json;q=0',
  'application/json;',
  '\u00b5/json',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=foo',
  'application/vnd.x+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
];
const JUNK_BODIES = [
  '{',
  'nope',
  '\u00ff\u00fe',
  'null',
  '"x"',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  'a=%ff&b',
  '\u0000',
];

/**
 * @param {Random} random
 * @param {Profile} profile
 */
function target(random, profile) {
  const valid = pick(random, profile.paths);
  switch (int(random, 9)) {
    case 0:
    case 1:
      return pick(random, BAD_TARGETS);
    case 2:
    case 3: {
      const [path = '/', query] = valid.split('?');
      const segments = path.split('/');
      segments[1 + int(random, Math.max(0, segments.length - 2))] = pick(random, BAD_SEGMENTS);
      return segments.join('/') + (query === undefined ? '' : `?${query}`);
    }
    case 4:
      return `${valid}${valid.includes('?') ? '&' : '?'}${pick(random, BAD_SEGMENTS)}=${pick(random, BAD_SEGMENTS)}`;
    case 5:
      return chance(random, 0.5)
        ? `${valid}/${'a'.repeat(int(random, 20_000))}`
        : `${valid}/${pick(random, BAD_SEGMENTS)}`;
    default:
      return valid;
  }
}

/**
 * @param {Random} random
 * @returns {[string, string][]}
 */
function oddHeaders(random) {
  /** @type {[string, string][]} */
  const headers = [];
  for (let i = int(random, 3); i > 0; i--) {
    switch (int(random, 8)) {
      case 0:
        headers.push(['Origin', 'http://evil.example']);
        headers.push(['Access-Control-Request-Method', pick(random, ['GET', 'POST', ...ODD_VALUES])]);
        break;
      case 1:
        headers.push(['Accept', pick(random, [...ACCEPTS, ...ODD_VALUES])]);
        break;
      case 2:
        headers.push(['Content-Type', pick(random, [...CONTENT_TYPES, ...ODD_VALUES])]);
        break;
      case 3:
        headers.push(['X-Odd', pick(random, ODD_VALUES)]);
        break;
      case 4:
        headers.push(['Authorization', `Bearer ${pick(random, ODD_VALUES)}`]);
        break;
      case 5:
        headers.push([
          'Prefer',
          pick(random, ['\u00b5', 'code=abc', 'example=nope', 'code=', 'dynamic=false']),
        ]);
        break;
      case 6:
        headers.push(['X-Big', 'b'.repeat(int(random, 20_000))]);
        break;
      case 7:
        headers.push([pick(random, ['X\u00b5', 'Bad Header', 'X:Y']), '1']);
        break;
      default:
        headers.push(['Expect', '100-continue']);
    }
  }
  return headers;
}

/**
 * One generated request, as raw bytes.
 * @param {Random} random
 * @param {Profile} profile
 */
export function hostileRequest(random, profile) {
  const method = chance(random, 0.1)
    ? pick(random, ODD_METHODS)
    : pick(random, [...profile.methods, 'GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT']);
  /** @type {[string, string][]} */
  const headers = chance(random, 0.97) ? [['Host', 'x']] : [];
  headers.push(...oddHeaders(random));
  const withBody = (method !== 'GET' && method !== 'HEAD') || chance(random, 0.05);
  if (!withBody || chance(random, 0.3)) return rawRequest(method, target(random, profile), headers);
  let { type, body } = pick(random, profile.bodies);
  if (chance(random, 0.4)) type = pick(random, CONTENT_TYPES);
  if (chance(random, 0.4)) body = pick(random, JUNK_BODIES);
  if (chance(random, 0.01)) body = 'x'.repeat(1024 * 1024 + int(random, 100_000));
  if (!headers.some(([name]) => name === 'Content-Type')) headers.push(['Content-Type', type]);
  return rawRequest(method, target(random, profile), headers, { body, chunked: chance(random, 0.2) });
}

/**
 * Sends `count` generated requests, `concurrency` at a time, and returns every answer.
 * @param {number} port
 * @param {number} count
 * @param {Random} random
 * @param {Profile} profile
 * @param {{ concurrency?: number, timeoutMs?: number }} [options] requests at once (16); the wait for each answer (none)
 * @returns {Promise<Outcome[]>}
 */
export async function fuzz(port, count, random, profile, { concurrency = 16, timeoutMs } = {}) {
  const requests = Array.from({ length: count }, () => hostileRequest(random, profile));
  /** @type {Outcome[]} */
  const outcomes = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const request = /** @type {string} */ (requests[next++]);
        outcomes.push({ request, answer: await sendRaw(port, request, { timeoutMs }) });
      }
    }),
  );
  return outcomes;
}

/**
 * How many answers had each status (0: none), to print and to check coverage.
 * @param {Outcome[]} outcomes
 */
export function statusCounts(outcomes) {
  /** @type {Record<number, number>} */
  const counts = {};
  for (const { answer } of outcomes) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/**
 * A request and its answer, short enough to read in a failure message.
 * @param {Outcome} outcome
 */
export const describeOutcome = ({ request, answer }) =>
  `${answer.status}${answer.timedOut ? ' (timed out)' : ''} ${JSON.stringify(request.slice(0, 160))} -> ${JSON.stringify(answer.body.slice(0, 160))}`;
