// The two servers a browser test needs: one serving the bundled app to the page, one answering its
// calls from another origin (so every call is a cross-origin fetch, allowed by CORS headers).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface Running {
  url: string;
  close(): Promise<void>;
}

async function start(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>client bundles</title></head><body></body></html>';

/** Serves `/` as an empty page and every other path as a JavaScript file from `dir`. */
export function startStaticServer(dir: string): Promise<Running> {
  return start(
    createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      }
      const file = normalize(join(dir, path));
      if (!file.startsWith(dir)) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    }),
  );
}

/** What the API answers: to every GET the body (`status`, `contentType`), to every JSON-RPC call the result. */
export interface Answer {
  status?: number;
  contentType?: string;
  body?: unknown;
  rpcResult?: unknown;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** An API on its own origin that answers whatever `answer` holds, with CORS headers. */
export async function startApiServer(): Promise<Running & { answer: Answer }> {
  const api = { answer: {} as Answer };
  const running = await start(
    createServer(async (req, res) => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type, accept',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const { answer } = api;
      if (req.method === 'POST') {
        const call = JSON.parse(await readBody(req)) as { id?: number };
        const body = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: answer.rpcResult });
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body);
        return;
      }
      res
        .writeHead(answer.status ?? 200, {
          ...cors,
          'content-type': answer.contentType ?? 'application/json',
        })
        .end(JSON.stringify(answer.body));
    }),
  );
  return Object.assign(api, running);
}
