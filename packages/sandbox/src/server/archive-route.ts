/**
 * `GET /archive/…`: the network's history archive, laid out as stellar-core's (archive/layout.ts),
 * so that anything reading a history archive over HTTP (Horizon, stellar-core catchup,
 * starspec-horizon --history-archive) can read this one. A file not (or no longer) there is a 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HistoryArchive } from '../archive/publisher.js';
import { NOT_FOUND, writeProblem } from './problem.js';

export const ARCHIVE_PREFIX = '/archive/';

export function serveArchive(
  archive: HistoryArchive,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 }).end();
    return;
  }
  const file = archive.file(decodeURIComponent(path.slice(ARCHIVE_PREFIX.length)));
  if (!file) {
    writeProblem(res, NOT_FOUND);
    return;
  }
  const type = path.endsWith('.json') ? 'application/json' : 'application/gzip';
  res.writeHead(200, { 'content-type': type, 'content-length': file.length });
  res.end(req.method === 'HEAD' ? undefined : file);
}
