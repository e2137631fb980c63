// Requests that once ended the process of every JSON-RPC server on the runtime, and a fuzz run.
import type { AddressInfo } from 'node:net';
import { fuzz, generateRequests } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonRpcListener, createJsonRpcServer } from '../../src/index.js';
import { raw } from '../http/fixture.js';
import { contract, handlers, validate } from './fixture.js';

let port: number;
const errors: unknown[] = [];
const server = createJsonRpcServer(
  createJsonRpcListener({ contract, validate }, handlers, { onError: (e) => errors.push(e) }),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const preflight = (headers: string) =>
  `OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\n${headers}Connection: close\r\n\r\n`;

describe('CORS preflights', () => {
  it.each([
    [
      'a method byte that upper-cases outside latin1',
      { given: 'Access-Control-Request-Method: \xb5\r\n', want: undefined },
    ],
    ['a method that is not a token', { given: 'Access-Control-Request-Method: P(ST\r\n', want: undefined }],
    ['an ordinary method', { given: 'Access-Control-Request-Method: post\r\n', want: 'POST' }],
  ])('%s is answered 204 and the server lives on', async (_name, { given, want }) => {
    const answer = await raw(port, preflight(given));
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-methods']).toBe(want);
    const after = await raw(port, preflight('Access-Control-Request-Method: POST\r\n'));
    expect(after.status).toBe(204);
  });

  it('echoes requested headers only when they can be written back', async () => {
    const odd = await raw(
      port,
      preflight('Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: x-a\x7f\r\n'),
    );
    expect([204, 400]).toContain(odd.status);
  });
});

describe('requests Node cannot parse', () => {
  it('get a plain-text reason, as Go net/http sends', async () => {
    const answer = await raw(port, 'G ET / HTTP/1.1\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('fuzz', () => {
  it('5,000 generated requests: no 5xx but the transport statuses of the real server, no hang', async () => {
    const requests = generateRequests({ seed: 0x59c, count: 5000, paths: ['/', '/rpc', '/a/b'] });
    const { statuses, failures } = await fuzz(port, requests);
    expect(failures).toEqual([]);
    expect(Object.keys(statuses).length).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    const alive = await raw(
      port,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 38\r\nConnection: close\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ec"}',
    );
    expect(alive.status).toBe(200);
  });
});
