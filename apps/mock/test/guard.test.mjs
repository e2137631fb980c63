// The guard when Prism behind it fails: it answers in the contract's shape instead of hanging
// or passing a connection error on. Its own answers can be read by a web page, as Prism's can.
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuard } from '../src/guard.mjs';
import { freePort } from '../src/mocks.mjs';

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

const servers = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections?.() ?? server.close();
});

/** An upstream that accepts requests and never answers them. */
async function silentUpstream() {
  const server = createServer(() => {});
  servers.push(server);
  return { host: '127.0.0.1', port: await listen(server) };
}

/** An upstream port nothing listens on. */
const unreachableUpstream = async () => ({ host: '127.0.0.1', port: await freePort() });

describe('the guard, when Prism fails', () => {
  it.each([
    {
      given: 'Prism does not answer',
      upstream: silentUpstream,
      want: { status: 504, body: { error: 'the mock did not answer within 0.2 s' } },
    },
    {
      given: 'Prism is not reachable',
      upstream: unreachableUpstream,
      want: {
        status: 502,
        body: { error: expect.stringMatching(/^the mock is not reachable: .*ECONNREFUSED/) },
      },
    },
  ])('$given: $want.status', async ({ upstream, want }) => {
    const guard = createGuard({
      style: 'error-object',
      templates: ['/customer'],
      upstream: upstream(),
      answerTimeoutMs: 200,
    });
    servers.push(guard);
    const port = await listen(guard);
    const response = await fetch(`http://127.0.0.1:${port}/customer`);
    expect(response.status).toBe(want.status);
    expect(await response.json()).toEqual(want.body);
  });

  it('answers in the ledger API problem shape for a problem contract', async () => {
    const guard = createGuard({
      style: 'problem',
      templates: ['/ledgers'],
      upstream: silentUpstream(),
      answerTimeoutMs: 200,
    });
    servers.push(guard);
    const response = await fetch(`http://127.0.0.1:${await listen(guard)}/ledgers`);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await response.json()).toEqual({
      type: 'https://stellar.org/horizon-errors/timeout',
      title: 'Timeout',
      status: 504,
      detail: 'the mock did not answer within 0.2 s',
    });
  });
});

describe("the guard's own answers to a web page", () => {
  it.each([
    { given: 'a request from a page', origin: 'http://127.0.0.1:4000', want: 'http://127.0.0.1:4000' },
    { given: 'a request from a file:// page', origin: 'null', want: 'null' },
    { given: 'a request that is not from a page', origin: undefined, want: null },
  ])('$given: allow-origin $want', async ({ origin, want }) => {
    const guard = createGuard({
      style: 'error-object',
      templates: ['/customer'],
      upstream: silentUpstream(),
    });
    servers.push(guard);
    const response = await fetch(`http://127.0.0.1:${await listen(guard)}/customer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(response.headers.get('access-control-allow-origin')).toBe(want);
  });
});
