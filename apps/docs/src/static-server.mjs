// A small static file server for the built site: GET and HEAD only, no directory listings, paths
// confined to the served folder (symbolic links included), `/` and `/name/` served as their
// index.html. Hostile input gets a plain-text 4xx; nothing a client sends can end the process.
import { open, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { answerClientError, drained } from '@starspec/runtime/http';

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
});

/** How long a client may take to send its headers, and its whole request. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The path of a request target (`/a/b?x=1` → `/a/b`), or undefined when the target is not a path:
 * `*`, an absolute URL, or `//…`, which a browser would read as a host name.
 * @param {string} target
 */
export function targetPath(target) {
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/**
 * The file a request path names inside `root`, or undefined when it would leave it.
 * @param {string} root
 * @param {string} urlPath
 */
export function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const file = resolve(base, `.${normalize(`/${decoded}`)}`);
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  return decoded.endsWith('/') ? join(file, 'index.html') : file;
}

/**
 * `file` opened for reading when it is a regular file whose real path (links followed) is inside
 * `realRoot`; undefined otherwise. Opening before looking at the size means a file replaced
 * meanwhile (a rebuild) is either served whole from the open handle or not found.
 * @param {string} realRoot
 * @param {string} file
 */
async function openInside(realRoot, file) {
  const real = await realpath(file).catch(() => undefined);
  if (!real || (real !== realRoot && !real.startsWith(realRoot + sep))) return undefined;
  const handle = await open(real, 'r').catch(() => undefined);
  if (!handle) return undefined;
  const info = await handle.stat().catch(() => undefined);
  if (info) return { handle, info };
  await handle.close();
  return undefined;
}

/**
 * A server for the files under `root`.
 * @param {string} root
 */
export function createStaticServer(root) {
  /** @type {Promise<string> | undefined} */
  let realRoot;

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function handle(req, res) {
    // A body is never used: it is read and dropped before the answer, and the
    // connection closes after it. An answer sent while the client is still sending, on a connection
    // that then closes, is lost to the reset the kernel answers the rest of the body with.
    const hasBody = (req.headers['content-length'] ?? '0') !== '0' || req.headers['transfer-encoding'];
    const common = hasBody ? { connection: 'close' } : {};
    // A client that left mid-body has no one left to answer.
    if (
      hasBody &&
      (await drained(req).then(
        () => false,
        () => true,
      ))
    )
      return res.destroy();
    const send = (/** @type {number} */ status, /** @type {string} */ text, headers = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...common, ...headers });
      res.end(req.method === 'HEAD' ? undefined : `${text}\n`);
    };
    // Node would refuse this itself, but before the body is read (see requireHostHeader below).
    if (req.headers.host === undefined && req.httpVersion === '1.1')
      return send(400, 'the Host header is required in HTTP/1.1');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, 'method not allowed', { allow: 'GET, HEAD' });
    const path = targetPath(req.url ?? '');
    if (path === undefined) return send(400, 'bad request target');
    const file = resolvePath(root, path);
    if (!file) return send(400, 'bad path');
    realRoot ??= realpath(root).catch(() => resolve(root));
    let found = await openInside(await realRoot, file);
    if (found?.info.isDirectory()) {
      await found.handle.close();
      // A folder without the trailing slash: send the browser to it, so relative links work.
      if (!path.endsWith('/')) return send(301, 'moved', { location: `${path}/` });
      found = await openInside(await realRoot, join(file, 'index.html'));
    }
    if (!found?.info.isFile()) {
      await found?.handle.close();
      return send(404, 'not found');
    }
    const { handle: fileHandle, info } = found;
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      ...common,
    });
    if (req.method === 'HEAD') {
      await fileHandle.close();
      return res.end();
    }
    const stream = fileHandle.createReadStream();
    // The status line is gone already: a read that fails can only cut the answer short.
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  }

  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('internal error\n');
    });
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // Requests Node cannot parse get a plain-text answer that is ended, not cut: Node's own answer
  // destroys the socket at once, and the reset can reach the client before the answer does.
  server.on('clientError', answerClientError('text'));
  return server;
}

/**
 * Starts a server for `root` and resolves with its URL and a `stop()`.
 * @param {string} root
 * @param {{ host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, server: import('node:http').Server, stop: () => Promise<void> }>}
 */
export function startStaticServer(root, { host = '127.0.0.1', port = 0 } = {}) {
  const server = createStaticServer(root);
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      const shown = host.includes(':') ? `[${host}]` : host;
      resolvePromise({
        url: `http://${shown}:${address.port}`,
        server,
        stop: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
