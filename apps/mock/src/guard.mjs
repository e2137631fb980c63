// The guard in front of each Prism mock: a node:http proxy that answers requests Prism would
// crash on, hang on or answer 500 to with a 400 in the contract's own error shape, bounds what a
// client may send, and forwards everything else to Prism unchanged.
import { Agent, createServer, request } from 'node:http';
import { finished } from 'node:stream/promises';
import { clientErrorAnswer, contractError } from './contract-errors.mjs';
import { pageAnswer } from './paging.mjs';
import {
  checkBody,
  checkContentType,
  checkTarget,
  compileTemplates,
  normalizeAccept,
} from './request-checks.mjs';

/** The largest request body forwarded; a larger one gets 413 and the connection is closed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest request line and headers accepted (then 431): below Prism's own 16 KiB, so
 * what the guard forwards always fits. */
export const HEADER_LIMIT_BYTES = 12 * 1024;
/** How long a client may take to send its headers, and its whole request (then 408). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How long Prism may stay silent before the guard answers 504 for it. */
export const ANSWER_TIMEOUT_MS = 30_000;

// Hop-by-hop headers stay on their own connection; `expect` is answered here by Node.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

const TOO_LARGE = Symbol('too large');

/**
 * Resolves once the rest of the request's body has been read and dropped. An answer sent before
 * the client has finished sending, on a connection that then closes, is lost: the kernel answers
 * the bytes still coming with a reset, and the client reads the reset instead of the answer.
 * How long a client may take is bounded by the request timeout (408).
 * @param {import('node:http').IncomingMessage} req
 */
const drained = (req) => finished(req.resume());

/**
 * The body, or TOO_LARGE once it passes `limit` (the rest is read to its end and dropped, so the
 * client gets the answer instead of a reset connection).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer | typeof TOO_LARGE>}
 */
async function readBody(req, limit) {
  if (Number(req.headers['content-length']) > limit) {
    await drained(req);
    return TOO_LARGE;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  req.on('data', (/** @type {Buffer} */ chunk) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  await finished(req);
  return size > limit ? TOO_LARGE : Buffer.concat(chunks);
}

/** @param {import('node:http').IncomingHttpHeaders} headers */
function endToEnd(headers) {
  /** @type {Record<string, string | string[]>} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * @typedef {object} GuardOptions
 * @property {import('./contract-errors.mjs').ErrorStyle} style the contract's error shape
 * @property {string[]} templates the contract's path templates, to name bad path parameters
 * @property {Promise<{ host: string, port: number }>} upstream where Prism listens, once it does
 * @property {number} [bodyLimit]
 * @property {number} [answerTimeoutMs]
 * @property {boolean} [pages] rewrite pages of records so that following `next` ends (ledger API)
 */

/** A header value Node can write back: visible latin1 characters, spaces and tabs. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Lets a web page read the guard's own answers, as it can read Prism's: Prism allows every origin
 * (its CORS headers pass through), so a refusal here echoes the origin too. A forwarded answer's
 * headers, Prism's, take the place of these.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function allowOrigin(req, res) {
  const origin = req.headers.origin;
  if (origin === undefined || !HEADER_VALUE.test(origin)) return;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
}

/**
 * A server that guards the Prism mock at `upstream`.
 * @param {GuardOptions} options
 */
export function createGuard({
  style,
  templates,
  upstream,
  bodyLimit = BODY_LIMIT_BYTES,
  answerTimeoutMs = ANSWER_TIMEOUT_MS,
  pages = false,
}) {
  const compiled = compileTemplates(templates);
  // A connection per request: a kept-alive one can be closed by Prism just as it is reused
  // (ECONNRESET), and a local connection costs next to nothing.
  const agent = new Agent({ keepAlive: false });

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {string} reason
   * @param {string} [field]
   */
  const refuse = (res, status, reason, field) => {
    const answer = contractError(style, status, reason, field);
    const close = status === 413 ? { connection: 'close' } : {};
    const length = { 'content-length': String(Buffer.byteLength(answer.body)) };
    res.writeHead(status, { ...answer.headers, ...length, ...close }).end(answer.body);
  };

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {Buffer} body
   * @param {string | undefined} accept
   */
  async function forward(req, res, body, accept) {
    const { host, port } = await upstream;
    const headers = endToEnd(req.headers);
    delete headers.accept;
    if (accept !== undefined) headers.accept = accept;
    // Prism reads a body only when a length or an encoding is announced: keep that, with the real length.
    delete headers['content-length'];
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      headers['content-length'] = String(body.length);
    const toPrism = request({ host, port, agent, method: req.method, path: req.url, headers }, (answer) => {
      answer.on('error', () => res.destroy());
      const json = /json/i.test(String(answer.headers['content-type'] ?? ''));
      if (!(pages && req.method === 'GET' && answer.statusCode === 200 && json)) {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const origin = `http://${req.headers.host ?? 'localhost'}`;
        const paged = pageAnswer(req.url ?? '/', origin, text) ?? text;
        const out = endToEnd(answer.headers);
        delete out['transfer-encoding'];
        out['content-length'] = String(Buffer.byteLength(paged));
        res.writeHead(200, out).end(paged);
      });
    });
    let timedOut = false;
    toPrism.setTimeout(answerTimeoutMs, () => {
      timedOut = true;
      toPrism.destroy(new Error(`no answer within ${answerTimeoutMs} ms`));
    });
    toPrism.on('error', (error) => {
      if (res.headersSent) return res.destroy();
      if (timedOut) refuse(res, 504, `the mock did not answer within ${answerTimeoutMs / 1000} s`);
      else refuse(res, 502, `the mock is not reachable: ${error.message}`);
    });
    res.on('close', () => {
      if (!res.writableFinished) toPrism.destroy();
    });
    toPrism.end(body);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function guard(req, res) {
    allowOrigin(req, res);
    const { accept, refusal: badAccept } = normalizeAccept(req.headers.accept);
    const noHost = req.headers.host === undefined && req.httpVersion === '1.1';
    const refusal =
      checkTarget(req.url ?? '', compiled) ??
      (noHost ? { field: 'host', reason: 'is required in HTTP/1.1' } : undefined) ??
      badAccept ??
      checkContentType(req.headers['content-type']);
    if (refusal) {
      await drained(req);
      return refuse(res, 400, refusal.reason, refusal.field);
    }
    const body = await readBody(req, bodyLimit);
    if (body === TOO_LARGE) return refuse(res, 413, `the request body is larger than ${bodyLimit} bytes`);
    const badBody = checkBody(body, req.headers['content-type']);
    if (badBody) return refuse(res, 400, badBody.reason, badBody.field);
    await forward(req, res, body, accept);
  }

  // A missing Host is refused below, in the contract's shape rather than Node's bare 400.
  const server = createServer({ requireHostHeader: false, maxHeaderSize: HEADER_LIMIT_BYTES }, (req, res) => {
    guard(req, res).catch((error) => {
      // A client that hung up mid-body has no one left to answer.
      if (res.headersSent || req.destroyed) res.destroy();
      else refuse(res, 502, `the mock is not reachable: ${error.message}`);
    });
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  /** Connections answered after a parse error, whose client may still be sending. */
  const answered = new WeakSet();
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET') return socket.destroy();
    // Node reports each chunk the client still sends as another error: it is read and dropped,
    // as a refused body is, until the client closes (or the request time is up), so that the
    // answer is not lost to a reset.
    if (answered.has(socket)) return;
    if (!socket.writable) return socket.destroy();
    answered.add(socket);
    socket.end(clientErrorAnswer(style, error, HEADER_LIMIT_BYTES));
    const cut = setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS).unref();
    socket.once('close', () => clearTimeout(cut));
  });
  server.on('close', () => agent.destroy());
  return server;
}
