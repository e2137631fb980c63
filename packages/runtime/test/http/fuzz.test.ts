// The REST adapter under 5,000 generated raw requests, in both error shapes: no 5xx, no hang,
// no handler error, and the server still answers afterwards.
import { fuzz, generateRequests } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, raw, startFixture } from './fixture.js';

describe.each(['error-object', 'problem'] as const)('fuzz (%s)', (style) => {
  let fixture: Awaited<ReturnType<typeof startFixture>>;
  beforeAll(async () => {
    fixture = await startFixture(style, { jsonBodyLimitBytes: 2048, requestTimeoutMs: 2000 });
  });
  afterAll(() => fixture.stop());

  it('answers every request in its own shape, never 5xx', async () => {
    const requests = generateRequests({ seed: 0xf022, count: 5000, paths: ['/items', '/items/abc'] });
    const { statuses, failures } = await fuzz(fixture.port, requests);
    expect(failures).toEqual([]);
    expect(statuses['200']).toBeGreaterThan(0);
    expect(statuses['400']).toBeGreaterThan(0);
    expect(fixture.errors).toEqual([]);
    expect((await raw(fixture.port, get('/items'))).status).toBe(200);
  });
});
