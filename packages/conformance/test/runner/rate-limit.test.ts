// A rate-limited answer (429) is waited out as its Retry-After asks and the request sent again, a
// bounded number of times: a provider that limits the rate is slowed down to, not failed.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_RATE_LIMIT_WAIT_MS, RATE_LIMIT_RETRIES, rateLimitWaitMs, send } from '../../src/http.js';
import { listenForTest } from '../support/listen.js';

/** A server that answers 429 (Retry-After: 0) to the first `limited` requests, then 200. */
async function limitedServer(limited: number) {
  let requests = 0;
  const server = await listenForTest(
    createServer((_req, res) => {
      requests += 1;
      if (requests <= limited) res.writeHead(429, { 'retry-after': '0' }).end('{"status":429}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }),
  );
  return { ...server, requests: () => requests };
}

describe('send', () => {
  it('sends a request again after each 429, and answers the first other answer with the 429s before it', async () => {
    const server = await limitedServer(2);
    try {
      const answer = await send({ baseUrl: server.url, timeoutMs: 5000 }, { path: '/ledgers' });
      expect(answer.exchange.response?.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      expect(answer.rateLimited.map((e) => e.response?.status)).toEqual([429, 429]);
      expect(server.requests()).toBe(3);
    } finally {
      await server.close();
    }
  });

  it(`gives up after ${RATE_LIMIT_RETRIES} retries and answers the last 429`, async () => {
    const server = await limitedServer(Number.POSITIVE_INFINITY);
    try {
      const answer = await send({ baseUrl: server.url, timeoutMs: 5000 }, { path: '/ledgers' });
      expect(answer.exchange.response?.status).toBe(429);
      expect(answer.rateLimited).toHaveLength(RATE_LIMIT_RETRIES);
      expect(server.requests()).toBe(RATE_LIMIT_RETRIES + 1);
    } finally {
      await server.close();
    }
  });
});

describe('rateLimitWaitMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads Retry-After in seconds or as an HTTP date, capped, with a default when unreadable', () => {
    expect(rateLimitWaitMs('2', now)).toBe(2000);
    expect(rateLimitWaitMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(rateLimitWaitMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(rateLimitWaitMs('100000', now)).toBe(MAX_RATE_LIMIT_WAIT_MS);
    expect(rateLimitWaitMs(undefined, now)).toBe(1000);
    expect(rateLimitWaitMs('soon', now)).toBe(1000);
  });
});
