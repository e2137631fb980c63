/** The per-address rate limit: headers on every answer, 429 past the bucket. */
import type { Server } from 'node:http';
import { validate } from '@starspec/ledger-api';
import { createHttpServer, listen } from '@starspec/runtime/http';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimiter, withRateLimit } from '../../src/rest/rate-limit.js';

describe('rateLimiter', () => {
  it.each([
    { given: { perHour: 3600, burst: 2, requests: 3 }, want: [true, true, true] },
    { given: { perHour: 3600, burst: 2, requests: 4 }, want: [true, true, true, false] },
    { given: { perHour: 60, burst: 0, requests: 2 }, want: [true, false] },
  ])('$given.requests requests at once with a burst of $given.burst → $want', ({ given, want }) => {
    const take = rateLimiter({ perHour: given.perHour, burst: given.burst }, () => 1_000_000);
    expect(Array.from({ length: given.requests }, () => take('1.2.3.4').allowed)).toEqual(want);
  });

  it('refills at the steady rate and keeps clients apart', () => {
    let now = 0;
    const take = rateLimiter({ perHour: 3600, burst: 0 }, () => now);
    expect(take('a').allowed).toBe(true);
    expect(take('a').allowed).toBe(false);
    expect(take('b').allowed).toBe(true);
    now += 1000;
    expect(take('a').allowed).toBe(true);
  });
});

describe('withRateLimit', () => {
  let server: Server;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 429 rate_limit_exceeded in the contract shape with X-Ratelimit-* and Retry-After', async () => {
    server = createHttpServer(
      withRateLimit((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), {
        perHour: 3600,
        burst: 1,
      }),
      { errorStyle: 'problem' },
    );
    const url = await listen(server, 0, '127.0.0.1');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${url}/ledgers`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[0]?.headers.get('x-ratelimit-limit')).toBe('2');
    expect(answers[0]?.headers.get('x-ratelimit-remaining')).toBe('1');
    const limited = answers[2];
    expect(limited?.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(limited?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await limited?.json();
    expect(validate.response('listLedgers', 429, body).errors).toEqual([]);
    expect(body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
      status: 429,
    });
  });
});
