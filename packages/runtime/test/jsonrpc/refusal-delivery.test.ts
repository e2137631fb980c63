// A JSON-RPC server's transport refusals reach a client that is still sending its body. Answering
// and closing while request bytes are still coming makes the kernel reset the connection, and the
// client reads the reset instead of the answer: the mock's fuzz lost 405s, 413s, 415s and 431s to
// requests with large bodies this way, and the docs fuzz Node's own 400 to a request without Host.
// Each request goes in two parts, the second (more than the socket buffers hold) once the server
// has the first; the connection must end cleanly.
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { MORE_THAN_SOCKET_BUFFERS, sendInTwoParts } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonRpcListener, createJsonRpcServer } from '../../src/index.js';
import { contract, handlers, validate } from './fixture.js';

const server = createJsonRpcServer(
  createJsonRpcListener({ contract, validate }, handlers, { bodyLimitBytes: 1000 }),
);
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const body = 'x'.repeat(MORE_THAN_SOCKET_BUFFERS);
const head = (method: string, headers: string, host = 'Host: x\r\n') =>
  `${method} / HTTP/1.1\r\n${host}${headers}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;

/** Once the server's listener has the request, or (Node refusing it by itself) has answered. */
function handedOver(): () => Promise<void> {
  const connected = once(server, 'connection');
  return async () => {
    const [socket] = (await connected) as [Socket];
    await Promise.race([once(server, 'request'), once(socket, 'finish')]);
  };
}

describe('a refusal sent while the client is still sending its body', () => {
  it.each([
    { given: 'a method other than POST', head: head('PUT', ''), want: 405 },
    { given: 'a media type other than JSON', head: head('POST', 'Content-Type: text/plain\r\n'), want: 415 },
    {
      given: 'a charset other than UTF-8',
      head: head('POST', 'Content-Type: application/json; charset=x\r\n'),
      want: 415,
    },
    { given: 'a body over the limit', head: head('POST', 'Content-Type: application/json\r\n'), want: 413 },
    {
      given: 'a CORS preflight',
      head: head('OPTIONS', 'Origin: http://a\r\nAccess-Control-Request-Method: POST\r\n'),
      want: 204,
    },
    { given: 'no Host header', head: head('POST', 'Content-Type: application/json\r\n', ''), want: 400 },
  ])('$given: $want, then a clean close', async ({ head, want }) => {
    const answer = await sendInTwoParts(port, head + body.slice(0, 100), handedOver(), body.slice(100));
    expect(answer.status, answer.text.slice(0, 300)).toBe(want);
    expect(answer.error).toBeUndefined();
  });
});

describe('an answer to a request Node cannot parse, while the client is still sending', () => {
  it('431 for headers over the limit, then a clean close once the client stops', async () => {
    const answered = once(server, 'clientError').then(() => new Promise((resolve) => setImmediate(resolve)));
    const answer = await sendInTwoParts(
      port,
      `POST / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20 * 1024)}`,
      () => answered,
      // The rest of an oversized request: read and dropped, not reset.
      `${'b'.repeat(MORE_THAN_SOCKET_BUFFERS)}\r\n\r\n`,
    );
    expect(answer.status, answer.text.slice(0, 300)).toBe(431);
    expect(answer.error).toBeUndefined();
  });
});
