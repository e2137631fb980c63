// Raw bytes as an attacker sends them (malformed targets, methods, headers, percent-encodings),
// with the limits the anchor runs with by default: no 5xx, no hang, the anchor alive afterwards.
import { fuzz, generateRequests, send } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, startAnchor, type TestAnchor } from '../support/anchor.js';

let t: TestAnchor;
let port: number;
beforeAll(async () => {
  t = await startAnchor({ limits: { jsonBodyLimitBytes: 2048, requestTimeoutMs: 2000 } });
  port = Number(new URL(t.base).port);
});
afterAll(() => t.close());

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;

describe('targets that once answered 500 before auth', () => {
  it.each([
    ['//', { given: '//', want: 404 }],
    ['//[', { given: '//[', want: 404 }],
    ['//a:b@/x', { given: '//a:b@/x', want: 404 }],
    ['//customer', { given: '//customer', want: 404 }],
    ['%ff as the id to delete', { given: '/customer/%ff', want: 400 }],
  ])('%s', async (_name, { given, want }) => {
    const method = given.startsWith('/customer/') ? 'DELETE' : 'GET';
    const answer = await send(port, get(given).replace(/^GET/, method));
    expect(answer.status).toBe(want);
    expect(answer.head).toMatch(/\{"error":"[^"]+"\}$/);
    expect(t.errors).toEqual([]);
  });
});

describe('fuzz', () => {
  it('5,000 raw requests: no 5xx, every answer in time, the anchor alive', async () => {
    const paths = [
      `/customer?account=${ACCOUNT}`,
      '/customer?id=x',
      '/customer',
      '/customer/abc',
      '/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=100',
    ];
    const { statuses, failures } = await fuzz(port, generateRequests({ seed: 0xa11c, count: 5000, paths }), {
      concurrency: 8,
    });
    expect(failures).toEqual([]);
    expect(statuses['200']).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
    expect((await send(port, get(`/customer?account=${ACCOUNT}`))).status).toBe(200);
  });
});
