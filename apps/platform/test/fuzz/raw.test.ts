// Raw bytes as an attacker sends them (malformed targets, methods, headers, percent-encodings)
// with an honest anchor behind the platform: no 5xx, no hang, the platform alive afterwards.
import { fuzz, generateRequests, send } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { honestRate, type StubAnchor, startAnchor } from '../support/anchors.js';
import { bearer, type RunningPlatform, startPlatform, USD, USDC } from '../support/platform.js';

let anchor: StubAnchor;
let platform: RunningPlatform;
let port: number;
const errors: unknown[] = [];
beforeAll(async () => {
  anchor = await startAnchor(honestRate());
  platform = await startPlatform({ anchorUrl: anchor.url }, errors);
  port = Number(new URL(platform.url).port);
});
afterAll(async () => {
  await platform.close();
  await anchor.close();
});

const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n`;
const price = `/price?sell_asset=${USD}&buy_asset=${encodeURIComponent(USDC)}&sell_amount=103&context=sep31`;

describe('targets that once answered 500 before auth', () => {
  it.each([['//'], ['//['], ['//a:b@/x'], ['//price']])('%s answers 404 {error}', async (target) => {
    const answer = await send(port, get(target));
    expect(answer.status).toBe(404);
    expect(answer.head).toMatch(/\{"error":"[^"]+"\}$/);
    expect(errors).toEqual([]);
  });
});

describe('fuzz', () => {
  it('5,000 raw requests: no 5xx, every answer in time, the platform alive', async () => {
    const paths = [price, '/quote', '/quote/q-1', '/price'];
    const requests = generateRequests({ seed: 0x91a7, count: 5000, paths });
    const { statuses, failures } = await fuzz(port, requests, { concurrency: 8 });
    expect(failures).toEqual([]);
    expect(statuses['400'], JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    const authorization = `Authorization: ${bearer().authorization}\r\n`;
    expect((await send(port, get('/quote/none', authorization))).status).toBe(404);
    expect((await send(port, get(price))).status).toBe(200);
  });
});
