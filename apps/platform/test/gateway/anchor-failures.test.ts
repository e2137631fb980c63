import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { listen } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { closeServer } from '../support/anchors.js';
import { getPrice, postQuote, startPlatform, USD, USDC } from '../support/platform.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** A raw HTTP anchor that misbehaves as `handle` says. */
async function rawAnchor(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  const url = await listen(server);
  running.push({ close: () => closeServer(server) });
  return url;
}

const QUERY = { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' };
const BODY = { ...QUERY };

async function viaPlatform(
  anchorUrl: string,
  options: { timeoutMs?: number; maxAnchorBodyBytes?: number } = {},
) {
  const errors: unknown[] = [];
  const platform = await startPlatform({ anchorUrl, ...options }, errors);
  running.push(platform);
  const price = await getPrice(platform.url, QUERY);
  const priceBody = (await price.json()) as { error: string };
  const quote = await postQuote(platform.url, BODY);
  const quoteBody = (await quote.json()) as { error: string };
  for (const [operationId, status, body] of [
    ['getPrice', price.status, priceBody],
    ['postQuote', quote.status, quoteBody],
  ] as const) {
    expect(Object.keys(body)).toEqual(['error']);
    expect(validate.response(operationId, status, body).errors).toEqual([]);
  }
  expect(errors).toEqual([]);
  return {
    status: price.status,
    error: priceBody.error,
    quoteStatus: quote.status,
  };
}

describe('an unreachable or slow anchor', () => {
  it('connection refused: 503', async () => {
    const server = createServer();
    const url = await listen(server);
    await closeServer(server); // the port is now closed
    const answer = await viaPlatform(url);
    expect(answer).toMatchObject({
      status: 503,
      quoteStatus: 503,
      error: 'the anchor is unreachable: connection refused',
    });
  });

  it('unknown host: 503', async () => {
    const answer = await viaPlatform('http://anchor.invalid:8081');
    expect(answer.status).toBe(503);
  });

  it('no answer within the time limit: 504', async () => {
    const url = await rawAnchor(() => {
      // never answers
    });
    const answer = await viaPlatform(url, { timeoutMs: 200 });
    expect(answer).toMatchObject({ status: 504, quoteStatus: 504 });
    // The message names the limit that fired: the answer came from the timer, not from a hang.
    expect(answer.error).toBe('the anchor did not answer GET /rate within 200 ms');
  });

  it('headers sent but the body never finishes: 504', async () => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"rate": {"price": "1"');
    });
    const answer = await viaPlatform(url, { timeoutMs: 200 });
    expect(answer).toMatchObject({ status: 504, quoteStatus: 504 });
  });
});

describe('an anchor answer that cannot be read: 502', () => {
  it('the connection is cut in the middle of the body', async () => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"rate": {"price": "1"', () => res.destroy());
    });
    const answer = await viaPlatform(url);
    expect(answer.status).toBe(502);
    expect(answer.error).toMatch(/could not be read/);
  });

  it('the connection is closed before any answer', async () => {
    const url = await rawAnchor((req) => req.socket.destroy());
    const answer = await viaPlatform(url);
    expect([502, 503]).toContain(answer.status);
  });

  it('a body over the size limit, declared or streamed', async () => {
    const big = `{"rate": {"price": "1", "pad": "${'x'.repeat(5000)}"}}`;
    const declared = await rawAnchor((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': String(big.length) })
        .end(big);
    });
    expect(await viaPlatform(declared, { maxAnchorBodyBytes: 1024 })).toMatchObject({
      status: 502,
      error: "the anchor's answer to GET /rate is larger than 1024 bytes",
    });
    const chunked = await rawAnchor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(big.slice(0, 2000));
      res.end(big.slice(2000));
    });
    expect((await viaPlatform(chunked, { maxAnchorBodyBytes: 1024 })).status).toBe(502);
  });

  // The platform's OkHttp refuses it too (ProtocolException: Unexpected status line), so 502.
  it('a status line that is not HTTP (status 1000)', async () => {
    const server = createNetServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 1000 Odd\r\ncontent-length: 2\r\n\r\n{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const { port } = server.address() as AddressInfo;
    const answer = await viaPlatform(`http://127.0.0.1:${port}`);
    expect(answer.status).toBe(502);
    expect(answer.error).toMatch(/could not be read/);
  });
});

// PlatformIntegrationHelper.httpError: 400/422 → 400, 404 → 404, 401 → 500 (Spring cannot hand
// the UnauthorizedException to its handler), another status HttpStatus knows → 502, one it does
// not know → 500 (HttpStatus.valueOf throws).
describe('an anchor status other than 200, as the Anchor Platform answers it', () => {
  it.each([
    [201, 502],
    [204, 502],
    [226, 502],
    [299, 500],
    [302, 502],
    [306, 500],
    [400, 400],
    [401, 500],
    [403, 502],
    [404, 404],
    [418, 502],
    [422, 400],
    [427, 500],
    [429, 502],
    [500, 502],
    [509, 502],
    [512, 500],
    [600, 500],
    [999, 500],
  ])('HTTP %i: %i', async (status, expected) => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"error": "no"}');
    });
    const answer = await viaPlatform(url);
    expect([answer.status, answer.quoteStatus]).toEqual([expected, expected]);
    if (expected === 400 || expected === 404) expect(answer.error).toBe('no');
  });

  it('a status the contract does not know (999) is not reported as an unreachable anchor', async () => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(999).end();
    });
    expect(await viaPlatform(url)).toMatchObject({
      status: 500,
      error: 'the anchor answered GET /rate with HTTP 999, a status the platform does not know',
    });
  });

  it('a redirect is not followed', async () => {
    let redirected = 0;
    const target = await rawAnchor((_req, res) => {
      redirected++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"rate":{"price":"1","sell_amount":"100","buy_amount":"100"}}');
    });
    const url = await rawAnchor((_req, res) => {
      res.writeHead(302, { location: `${target}/rate` }).end();
    });
    const answer = await viaPlatform(url);
    expect(answer).toMatchObject({ status: 502, error: 'the anchor answered GET /rate with HTTP 302' });
    expect(redirected).toBe(0);
  });

  it.each([
    [400, 'text/plain', 'Bad Request', 'Bad Request'],
    [422, 'application/json', '{"error": 42}', '42'],
    [422, 'application/json', '{}', 'Bad Request'],
    [404, 'text/html', '<html>gone</html>', 'Not Found'],
  ])('HTTP %i with %s %j: the error is %j', async (status, type, body, error) => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(status, { 'content-type': type }).end(body);
    });
    expect((await viaPlatform(url)).error).toBe(error);
  });
});

// A 200 the platform reads with Gson and fails on: 502 for a rule it checks, 500 where it throws.
describe('a 200 the Anchor Platform refuses', () => {
  const rate = (members: string) =>
    `{"rate": {${members} "sell_amount": "100", "buy_amount": "94.29", "fee": {"total": "1.00", "asset": "iso4217:USD"}}}`;
  it.each([
    ['<html>maintenance</html>', 502, 'rate.body.json'],
    ['', 500, 'rate.body.present'],
    ['null', 500, 'rate.body.present'],
    ['// nothing', 500, 'rate.body.present'],
    ['{"rate": null}', 502, 'rate.present'],
    [rate('"price": "one",'), 500, 'rate.price.numeric'],
    [rate('"price": "1.05", "expires_at": "tomorrow",'), 502, 'rate.firm.expires-at-format'],
    [
      '{"rate": {"price": "1.05", "sell_amount": "100", "buy_amount": "94.29", "fee": {"total": "1.00", "asset": "iso4217:USD", "details": [null]}}}',
      500,
      'rate.fee.details.item-present',
    ],
  ])('%j: %i %s', async (body, status, rule) => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const answer = await viaPlatform(url);
    expect(answer.status).toBe(status);
    expect(answer.error.startsWith(`${rule}: `), answer.error).toBe(true);
  });
});
