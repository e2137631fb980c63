// A small static file server for the built site: GET and HEAD only, no directory listings, paths
// confined to the served folder, `/` and `/name/` served as their index.html.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

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
 * A server for the files under `root`.
 * @param {string} root
 */
export function createStaticServer(root) {
  return createServer(async (req, res) => {
    const send = (/** @type {number} */ status, /** @type {string} */ text, headers = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end(req.method === 'HEAD' ? undefined : `${text}\n`);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, 'method not allowed', { allow: 'GET, HEAD' });
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let file = resolvePath(root, path);
    if (!file) return send(400, 'bad path');
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      // A folder without the trailing slash: send the browser to it, so relative links work.
      if (!path.endsWith('/')) return send(301, 'moved', { location: `${path}/` });
      file = join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) return send(404, 'not found');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
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
