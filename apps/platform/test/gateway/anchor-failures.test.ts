import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  const started = Date.now();
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
    elapsed: Date.now() - started,
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

  it('no answer within the time limit: 504, in bounded time', async () => {
    const url = await rawAnchor(() => {
      // never answers
    });
    const answer = await viaPlatform(url, { timeoutMs: 200 });
    expect(answer).toMatchObject({ status: 504, quoteStatus: 504 });
    expect(answer.error).toBe('the anchor did not answer GET /rate within 200 ms');
    expect(answer.elapsed).toBeLessThan(5000);
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

describe('an anchor answer that cannot be used: 502', () => {
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

  it('a 200 that is not JSON names rate.present', async () => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    });
    const answer = await viaPlatform(url);
    expect(answer.status).toBe(502);
    expect(answer.error).toMatch(/^rate\.present: .*<html>maintenance/);
  });

  it('an empty 200 names rate.present; a 204 is a wrong status', async () => {
    const empty = await rawAnchor((_req, res) => {
      res.writeHead(200).end();
    });
    expect((await viaPlatform(empty)).error).toBe(
      'rate.present: expected a body {"rate": {...}}; the body is nothing',
    );
    const noContent = await rawAnchor((_req, res) => {
      res.writeHead(204).end();
    });
    expect(await viaPlatform(noContent)).toMatchObject({
      status: 502,
      error: 'the anchor answered GET /rate with HTTP 204',
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

  it.each([201, 202, 403, 405, 418, 500, 503])('HTTP %i', async (status) => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"error": "no"}');
    });
    expect((await viaPlatform(url)).status).toBe(502);
  });

  it('a 400 without an error member still gives the client an error string', async () => {
    const url = await rawAnchor((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request');
    });
    expect(await viaPlatform(url)).toMatchObject({ status: 400, error: 'the anchor refused the request' });
  });
});
