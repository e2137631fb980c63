// The node:http listener and server of the JSON-RPC dispatcher (dispatch.ts): content types, body
// limits, CORS and the real server's HTTP answers around one dispatch per request body.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { drained } from '../http/body.js';
import { HEADER_VALUE, TOKEN } from '../http/cors.js';
import { createHttpServer, type HttpServerOptions } from '../http/server.js';
import {
  createDispatcher,
  type RpcAnswer,
  type RpcBinding,
  type RpcHandlerTable,
  type RpcServerOptions,
} from './dispatch.js';
import { sendAnswer } from './send.js';

/** Go's mime.ParseMediaType, reduced to what the bridge reads: the lower-cased type and charset. */
function parseContentType(header: string | undefined): { type: string; charset?: string } {
  if (!header) return { type: '' };
  const [rawType = '', ...rest] = header.split(';');
  const type = rawType.trim().toLowerCase();
  if (!/^[!#$%&'*+\-.^_`|~\w]+\/[!#$%&'*+\-.^_`|~\w]+$/.test(type)) return { type: '' };
  let charset: string | undefined;
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (part.trim() === '') continue;
      return { type: '' };
    }
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (key === 'charset') charset = value;
  }
  return charset === undefined ? { type } : { type, charset };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!done) reject(error);
      done = true;
    });
  });
}

function write(res: ServerResponse, answer: RpcAnswer, extra: Record<string, string>) {
  const headers: Record<string, string> = { ...extra, ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  // Sent as a string with its length: Node writes it together with the head in one call.
  headers['content-length'] = String(Buffer.byteLength(answer.body, 'utf8'));
  res.writeHead(answer.status, headers).end(answer.body, 'utf8');
}

export type RpcRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A node:http request listener for a JSON-RPC contract, answering transport errors as Stellar
 * RPC does: every path is served; POST only (405 with `Accept-Post`, no body); media type
 * `application/json` with an optional utf-8 charset (else 415 with a plain-text reason); a body
 * over the limit gets 413 and the connection is closed. A batch's answer is streamed (send.ts).
 */
export function createJsonRpcListener<H extends RpcHandlerTable<H>>(
  binding: RpcBinding,
  handlers: H,
  options: RpcServerOptions = {},
): RpcRequestListener {
  const dispatcher = createDispatcher(binding, handlers, options);
  const limit = options.bodyLimitBytes ?? 512 * 1024;
  const cors = options.cors ?? true;
  const onError =
    options.onError ?? ((error, context) => console.error(`[${context.method ?? 'rpc'}]`, error));

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const common: Record<string, string> = { 'accept-post': 'application/json' };
    try {
      const origin = req.headers.origin;
      if (cors && origin) {
        common['access-control-allow-origin'] = origin;
        common.vary = 'Origin';
        if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
          await drained(req);
          res.writeHead(204, preflightHeaders(req, origin)).end();
          return;
        }
      }
      if (req.method !== 'POST') {
        await drained(req);
        return write(res, { status: 405, headers: {} }, common);
      }
      const { type, charset } = parseContentType(req.headers['content-type']);
      const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
      if (type !== 'application/json') {
        await drained(req);
        return write(
          res,
          { status: 415, headers: plain, body: 'content-type must be application/json\n' },
          common,
        );
      }
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        await drained(req);
        return write(res, { status: 415, headers: plain, body: 'invalid content-type charset\n' }, common);
      }
      let body: string;
      try {
        body = await readBody(req, limit);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          await drained(req);
          write(
            res,
            { status: 413, headers: plain, body: `request body is larger than ${limit} bytes\n` },
            { ...common, connection: 'close' },
          );
          return;
        }
        throw error;
      }
      await sendAnswer(res, await dispatcher.stream(body, req), common);
    } catch (error) {
      // A client that hung up mid-request is not a server error: there is no one left to answer.
      if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
        res.destroy();
        return;
      }
      onError(error, {});
      if (!res.headersSent) write(res, { status: 400, headers: {}, body: undefined }, common);
      else res.destroy();
    }
  }

  return (req, res) => {
    // Nothing a request does may become an unhandled rejection: that would end the process.
    serve(req, res).catch(() => res.destroy());
  };
}

/**
 * The answer to a CORS preflight: every origin and method is allowed, as on the real server.
 * A requested method that is not a token (e.g. the byte 0xb5, which upper-cases to a character
 * outside latin1) or headers Node could not write back are not echoed: the browser then refuses.
 */
function preflightHeaders(req: IncomingMessage, origin: string): Record<string, string> {
  const headers: Record<string, string> = {
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    'access-control-allow-origin': origin,
  };
  const method = String(req.headers['access-control-request-method']);
  if (TOKEN.test(method)) headers['access-control-allow-methods'] = method.toUpperCase();
  const requested = req.headers['access-control-request-headers'];
  if (requested && HEADER_VALUE.test(String(requested)))
    headers['access-control-allow-headers'] = String(requested);
  return headers;
}

/** A node:http server for a JSON-RPC listener, with the runtime's time and connection bounds. */
export function createJsonRpcServer(listener: RpcRequestListener, options: HttpServerOptions = {}): Server {
  return createHttpServer(listener, { errorStyle: 'text', ...options });
}
