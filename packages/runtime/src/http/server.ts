import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ErrorStyle, type ProblemKind, renderError } from '../errors.js';
import { drained } from './body.js';
import { servedInTurn } from './in-turn.js';
import type { RequestListener, ServerOptions } from './listener.js';

export interface HttpServerOptions
  extends Pick<
    ServerOptions,
    'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections'
  > {
  /**
   * The shape of answers to requests Node cannot parse. Default `error-object`; `text` answers a
   * plain-text reason, as Go's net/http does for the JSON-RPC service.
   */
  errorStyle?: ErrorStyle | 'text';
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_CONNECTIONS = 1024;
/**
 * How long an idle kept-alive connection stays open: longer than clients keep theirs (undici 4 s,
 * Go's http.Transport IdleConnTimeout 90 s; Horizon's server closes after its 5 s ReadTimeout,
 * services/horizon/internal/httpx/server.go), so the server is not the side that closes a
 * connection just as a client sends its next request on it (ECONNRESET). Idle time does not
 * count toward `headersTimeoutMs`: that clock starts with a request's first byte.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 95_000;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };

/** What a parse failure of Node's HTTP parser means for the client. */
function clientProblem(code: string | undefined): [ProblemKind, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return ['header_too_large', 'the request headers are too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request_timeout', 'the request was not received in time'];
  return ['bad_request', 'the request is not valid HTTP'];
}

/** A refusal of the transport, in the contract's shape, its body as text. */
function transportAnswer(style: ErrorStyle | 'text', kind: ProblemKind, message: string) {
  if (style === 'text')
    return { status: renderError('error-object', kind, message).status, headers: TEXT, body: `${message}\n` };
  const answer = renderError(style, kind, message);
  return { ...answer, body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) };
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112, section 3.2; Go's net/http answers 400 too). Node
 * refuses such a request itself, but at once, in its own bare shape, and then closes: a client
 * still sending a body reads the reset instead of the answer. Here the body is read and dropped
 * first (the request timeout bounds it), and the answer has the contract's shape.
 */
function requiringHost(style: ErrorStyle | 'text', listener: RequestListener): RequestListener {
  return (req, res) => {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return listener(req, res);
    const { status, headers, body } = transportAnswer(
      style,
      'bad_request',
      'the Host header is required in HTTP/1.1',
    );
    drained(req).then(
      () => res.writeHead(status, { ...headers, connection: 'close' }).end(body),
      () => res.destroy(), // the client left mid-body
    );
  };
}

/**
 * Requests Node cannot even parse (malformed, headers too large, too slow) still get the
 * contract's error shape instead of a bare status line, and the connection is closed. What the
 * client still sends after the answer is read and dropped until it closes (at most `lingerMs`):
 * closing at once would make the kernel reset the connection, and the client would read the reset
 * instead of the answer (Go's net/http lingers for the same reason: server.go, closeWriteAndWait).
 */
export function answerClientError(style: ErrorStyle | 'text', lingerMs = DEFAULT_REQUEST_TIMEOUT_MS) {
  const answered = new WeakSet<Duplex>();
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    // Node reports each chunk that comes after the answer as another error.
    if (answered.has(socket)) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const { status, headers: fields, body } = transportAnswer(style, ...clientProblem(error.code));
    const headers = Object.entries(fields)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    const cut = setTimeout(() => socket.destroy(), lingerMs).unref();
    socket.once('close', () => clearTimeout(cut));
  };
}

/**
 * A node:http server for a request listener, with bounds that keep one slow or hostile client
 * from holding the server: time to send headers and the whole request, open connections, and
 * one request served at a time per connection (pipelined ones wait their turn).
 */
export function createHttpServer(listener: RequestListener, options: HttpServerOptions = {}): Server {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const errorStyle = options.errorStyle ?? 'error-object';
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests past their time; its default (30 s) would double a short limit.
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeout / 4))),
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      requireHostHeader: false, // refused by requiringHost, after the body
    },
    servedInTurn(requiringHost(errorStyle, listener)),
  );
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  server.on('clientError', answerClientError(errorStyle, requestTimeout));
  return server;
}

/**
 * Starts listening and resolves with the base URL (e.g. `http://127.0.0.1:8081`). The default
 * host is the loopback address, reachable from this machine only: pass `0.0.0.0` (or `::`) to
 * serve other machines or containers.
 */
export function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    });
  });
}

export interface CloseOptions {
  /** How long requests under way may take before their connections are cut. Default 5 s. */
  graceMs?: number;
  /**
   * How long the server keeps accepting before it stops listening. Connections the kernel has
   * already accepted, with their request sent, wait in its queue until Node takes them: closing at
   * once would reset them. Default 100 ms.
   */
  drainMs?: number;
}

/**
 * Stops the server and answers every request already received before closing: connections
 * waiting in the kernel's queue are taken first, each answer from then on carries
 * `Connection: close`, idle connections close, busy ones after their answer; whatever is still
 * open after `graceMs` is cut.
 */
export async function closeGracefully(server: Server, options: CloseOptions = {}): Promise<void> {
  if (!server.listening) return;
  const { graceMs = 5_000, drainMs = 100 } = options;
  const deadline = Date.now() + graceMs;
  let seen = 0;
  const count = () => {
    seen += 1;
  };
  server.on('connection', count);
  server.prependListener('request', (_req, res) => {
    count();
    res.setHeader('connection', 'close');
  });
  // Keep accepting until a quiet spell: timers run before the poll phase that accepts and reads,
  // so after each wait two more loop turns let queued connections in and their requests parse.
  for (let before = -1; before !== seen && Date.now() < deadline; ) {
    before = seen;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  server.off('connection', count);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
