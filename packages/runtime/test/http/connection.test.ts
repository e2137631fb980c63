// One connection's bounds: an idle kept-alive connection outlives the clients' own idle timeouts
// (so the server never closes one a client is about to reuse), and pipelined requests are served
// one at a time, in order, the connection reading no further while they wait.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, type HttpServerOptions } from '../../src/index.js';
import { exchange } from './answers.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: HttpServerOptions = {},
): Promise<number> {
  server = createHttpServer(listener, options);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const pipelined = (count: number, pad = '') =>
  Array.from({ length: count }, (_, i) => `GET /items?n=${i}${pad} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');

describe('keep-alive', () => {
  it("keeps an idle connection longer than undici's 4 s and Go's 90 s, and says so", async () => {
    const port = await serve((_req, res) => res.end('ok'));
    expect(server?.keepAliveTimeout).toBe(DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    expect(DEFAULT_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(90_000);
    const [answer] = await exchange(port, pipelined(1), 1);
    expect(answer?.headers['keep-alive']).toBe(`timeout=${DEFAULT_KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  });
});

describe('pipelined requests', () => {
  it('serves 100 pipelined requests one at a time, each answered in order', async () => {
    let inFlight = 0;
    let most = 0;
    const port = await serve((req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setImmediate(() => {
        inFlight -= 1;
        res.end(req.url);
      });
    });
    const answers = await exchange(port, pipelined(100), 100);
    expect(answers.map((a) => a.body)).toEqual(Array.from({ length: 100 }, (_, i) => `/items?n=${i}`));
    expect(most).toBe(1);
  });

  it('reads the body of a pipelined request that arrives after the answer before it', async () => {
    const port = await serve(
      (req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => setImmediate(() => res.end(`${req.method} ${body}`)));
      },
      // A body never read is answered 408 after 3 s, instead of never.
      { requestTimeoutMs: 3_000 },
    );
    const answers = await exchange(
      port,
      'GET /first HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n',
      2,
      { after: 1, bytes: 'hello' },
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, 'GET '],
      [200, 'POST hello'],
    ]);
  });

  it('reads no further while requests wait: at most one read of requests is held', async () => {
    // 1,500 requests of 100 bytes (150 kB, more than one 64 kB read), each answered with 17 kB
    // (past the socket's 16 kB buffer, so every answer waits for a drain).
    const count = 1_500;
    let parsed = 0;
    let answered = 0;
    let held = 0;
    const port = await serve((_req, res) => {
      setImmediate(() => {
        answered += 1;
        res.end('x'.repeat(17_000));
      });
    });
    server?.on('request', () => {
      parsed += 1;
      held = Math.max(held, parsed - answered);
    });
    const request = pipelined(count, '&pad='.padEnd(100 - pipelined(1).length, 'p'));
    expect(request.length).toBeLessThan(count * 105);
    const answers = await exchange(port, request, count);
    expect(answers).toHaveLength(count);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(held).toBeLessThanOrEqual(Math.ceil(65_536 / 100) + 1);
  });
});
