// The guard's refusals reach a client that is still sending. A server that answers and closes
// while request bytes are still coming makes the kernel reset the connection, and the client reads
// the reset instead of the answer: the mock fuzz lost 400s, 413s and 431s to requests with large
// bodies this way. Each case sends the request in two parts, the second (more than the socket
// buffers hold) once the guard has the first, and checks that the connection ends cleanly with
// the answer.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { MORE_THAN_SOCKET_BUFFERS, sendInTwoParts } from '@starspec/http-fuzz';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuard } from '../src/guard.mjs';

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

const servers = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections?.() ?? server.close();
});

/** A guard in front of an upstream that reads each body and answers 200. */
async function guarded(options = {}) {
  const upstream = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  const guard = createGuard({
    style: 'error-object',
    templates: ['/customer', '/customer/{id}'],
    upstream: listen(upstream).then((port) => ({ host: '127.0.0.1', port })),
    ...options,
  });
  servers.push(upstream, guard);
  return { guard, port: await listen(guard) };
}

const head = (target, headers) =>
  `PUT ${target} HTTP/1.1\r\nHost: x\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`;

describe('a refusal sent while the client is still sending its body', () => {
  it.each([
    {
      given: 'a path parameter that is not UTF-8, refused before the body is read',
      target: '/customer/%ff',
      bodyLimit: undefined,
      want: 400,
    },
    {
      given: 'a Content-Length over the body limit',
      target: '/customer',
      bodyLimit: 1000,
      want: 413,
    },
  ])('$given: $want, then a clean close', async ({ target, bodyLimit, want }) => {
    const { guard, port } = await guarded(bodyLimit === undefined ? {} : { bodyLimit });
    const body = 'x'.repeat(MORE_THAN_SOCKET_BUFFERS);
    const headers = ['Content-Type: text/plain', `Content-Length: ${body.length}`];
    const requested = once(guard, 'request');
    const answer = await sendInTwoParts(
      port,
      head(target, headers) + body.slice(0, 1000),
      () => requested,
      body.slice(1000),
    );
    expect(answer.status, answer.text).toBe(want);
    expect(answer.text).toMatch(/\r\n\r\n\{"error":"[^"]+"\}$/);
    expect(answer.error).toBeUndefined();
  });
});

describe('an answer to a request Node cannot parse, while the client is still sending', () => {
  it('431 for headers over the limit, then a clean close once the client stops', async () => {
    const { guard, port } = await guarded();
    const answered = once(guard, 'clientError').then(() => new Promise((resolve) => setImmediate(resolve)));
    const answer = await sendInTwoParts(
      port,
      `PUT /customer HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(13 * 1024)}`,
      () => answered,
      // The rest of an oversized request: read and dropped, not reset.
      `${'b'.repeat(MORE_THAN_SOCKET_BUFFERS)}\r\n\r\n`,
    );
    expect(answer.status, answer.text).toBe(431);
    expect(answer.error).toBeUndefined();
  });
});
