import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully, createRequestListener } from '../../src/index.js';
import { binding, get, handlers, raw, startFixture } from './fixture.js';

let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});
async function start(...args: Parameters<typeof startFixture>) {
  const fixture = await startFixture(...args);
  stops.push(fixture.stop);
  return fixture;
}

const put = (contentType: string, body: string) =>
  `PUT /items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

// Node's parser answers these with a bare status line unless the server renders them.
describe.each([
  ['error-object', (body: unknown) => expect(body).toEqual({ error: expect.any(String) })],
  [
    'problem',
    (body: unknown) => expect(body).toMatchObject({ type: expect.any(String), status: expect.any(Number) }),
  ],
] as const)('requests Node cannot parse (%s)', (style, shape) => {
  it.each([
    ['a space in the method', { given: 'G ET / HTTP/1.1\r\n\r\n', want: 400 }],
    [
      'a content-length that is no number',
      { given: 'PUT /items HTTP/1.1\r\nContent-Length: abc\r\n\r\n', want: 400 },
    ],
    ['a header without a colon', { given: 'GET / HTTP/1.1\r\nHost x\r\n\r\n', want: 400 }],
    ['a NUL in the target', { given: 'GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n', want: 400 }],
    ['headers over the limit', { given: get('/items', `X-Big: ${'a'.repeat(20_000)}\r\n`), want: 431 }],
    [
      'a bad chunk size',
      { given: 'PUT /items HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', want: 400 },
    ],
  ])('%s', async (_name, { given, want }) => {
    const fixture = await start(style);
    const answer = await raw(fixture.port, given);
    expect(answer.status).toBe(want);
    shape(JSON.parse(answer.body));
  });
});

describe('body limits', () => {
  it('refuses a JSON body over the JSON limit, while the same size of multipart is read', async () => {
    const fixture = await start('error-object', { jsonBodyLimitBytes: 1000, bodyLimitBytes: 100_000 });
    const json = JSON.stringify({ text: 'x'.repeat(2000) });
    const tooBig = await raw(fixture.port, put('application/json', json));
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body).error).toMatch(/larger than 1000 bytes/);
    const boundary = 'b0undary';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${'x'.repeat(2000)}\r\n--${boundary}--\r\n`;
    const upload = await raw(fixture.port, put(`multipart/form-data; boundary=${boundary}`, form));
    expect(upload.status).toBe(200);
  });

  it('answers 503 when stalled bodies already hold the whole buffer budget', async () => {
    const fixture = await start('error-object', { bufferedBodyLimitBytes: 10_000 });
    const head =
      'PUT /items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n';
    // The first client sends most of its body and stalls, holding 8,000 bytes until told to end.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stalled = raw(fixture.port, `${head}"${'x'.repeat(7999)}`, { endWhen: released });
    // The stalled bytes are held once the server has read them; until then a second body still fits.
    let second = await raw(fixture.port, `${head}"${'y'.repeat(8998)}"`);
    for (let tries = 0; second.status === 200 && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      second = await raw(fixture.port, `${head}"${'y'.repeat(8998)}"`);
    }
    expect(second.status).toBe(503);
    expect(second.headers['retry-after']).toBe('1');
    release();
    await stalled;
    // Once the stalled request is gone its bytes are released: the budget is whole again.
    const third = await raw(fixture.port, `${head}"${'z'.repeat(8998)}"`);
    expect(third.status).toBe(200);
  });

  it('answers 408 in the contract shape to a body that stalls past the request timeout', async () => {
    const fixture = await start('problem', { requestTimeoutMs: 400 });
    const answer = await raw(
      fixture.port,
      'PUT /items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 408, title: 'Request Timeout' });
  });

  it('caps open connections', async () => {
    const fixture = await start('error-object', { maxConnections: 3 });
    expect(fixture.server.maxConnections).toBe(3);
  });
});

describe('a body a framework already read', () => {
  it.each([
    ['parsed JSON (express.json)', { given: { name: 'a' }, want: { name: 'a' } }],
    ['a raw buffer (express.raw)', { given: Buffer.from('{"name":"b"}'), want: { name: 'b' } }],
    ['a string (express.text)', { given: '{"name":"c"}', want: { name: 'c' } }],
  ])('%s is used instead of waiting for the drained stream', async (_name, { given, want }) => {
    const listener = createRequestListener(binding('error-object'), handlers);
    const server = createServer((req, res) => {
      // What a body parser does: read the stream to its end, then leave the result on req.body.
      req.resume();
      req.on('end', () => {
        Object.assign(req, { body: given });
        listener(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => closeGracefully(server, { graceMs: 0, drainMs: 0 }));
    const { port } = server.address() as AddressInfo;
    const answer = await raw(port, put('application/json', '{"ignored":true}'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: want });
  });
});

describe('closeGracefully', () => {
  it('answers a request whose body is still arriving, then closes', async () => {
    const fixture = await start('error-object');
    const head =
      'PUT /items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n';
    const { connect } = await import('node:net');
    const socket = connect(fixture.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // Close only once the server has the request's head: the body is then still arriving.
    const requested = new Promise((resolve) => fixture.server.once('request', resolve));
    socket.write(`${head}{"a":`);
    await requested;
    const closed = closeGracefully(fixture.server, { graceMs: 10_000 });
    socket.write('1} ');
    await ended;
    await closed;
    expect(text, text).toMatch(/^HTTP\/1.1 200/);
    expect(text).toContain('{"received":{"a":1}}');
  });
});
