// The docs server's refusals reach a client that is still sending a body. An answer sent while
// body bytes are still coming, on a connection that then closes, is lost to the reset the kernel
// answers the rest with (the docs fuzz saw PUT and DELETE with megabyte bodies answered with
// nothing, and Node's own refusal of a request without Host). Each request goes in two parts, the
// second more than the socket buffers hold.
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORE_THAN_SOCKET_BUFFERS, sendInTwoParts } from '../../../tools/http-fuzz/src/index.mjs';
import { createStaticServer } from '../src/static-server.mjs';

let server: ReturnType<typeof createStaticServer>;
let port: number;
beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), 'docs-refusal-'));
  writeFileSync(join(site, 'index.html'), '<title>site</title>');
  server = createStaticServer(site);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('a refusal sent while the client is still sending its body', () => {
  it.each([
    { given: 'PUT of a page', method: 'PUT', target: '/index.html', want: 405 },
    { given: 'DELETE of a page', method: 'DELETE', target: '/index.html', want: 405 },
    { given: 'POST to a target that is no path', method: 'POST', target: '*', want: 405 },
    { given: 'PUT without a Host header', method: 'PUT', target: '/index.html', host: '', want: 400 },
  ])('$given: $want, then a clean close', async ({ method, target, host = 'Host: x\r\n', want }) => {
    const body = 'x'.repeat(MORE_THAN_SOCKET_BUFFERS);
    const head = `${method} ${target} HTTP/1.1\r\n${host}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    // Handed to the server's listener, or (Node refusing by itself) answered.
    const connected = once(server, 'connection');
    const ready = async () => {
      const [socket] = (await connected) as [Socket];
      await Promise.race([once(server, 'request'), once(socket, 'finish')]);
    };
    const answer = await sendInTwoParts(port, head + body.slice(0, 1000), ready, body.slice(1000));
    expect(answer.status, answer.text).toBe(want);
    expect(answer.error).toBeUndefined();
  });
});
