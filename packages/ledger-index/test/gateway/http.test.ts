/**
 * The gateway's port as HTTP: every answer readable by pages of any origin, as Horizon's
 * (`Access-Control-Allow-Origin: *` on pages, problems, rate-limit refusals and preflights), and
 * idle connections kept past clients' own idle timeouts.
 */

import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from '@starspec/runtime/http';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../src/gateway/gateway.js';

let sandbox: Sandbox;
let gateway: Gateway;
/** Allows one request an hour: every request after the first is refused. */
let limited: Gateway;
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual', onError: (e) => errors.push(e) });
  const options = { rpcUrl: sandbox.rpcUrl, pollMs: 10, onError: (e: unknown) => errors.push(e) };
  gateway = await startGateway(options);
  limited = await startGateway({ ...options, rateLimit: { perHour: 1, burst: 0 } });
});
afterAll(async () => {
  await gateway?.stop();
  await limited?.stop();
  await sandbox?.stop();
  expect(errors).toEqual([]);
});

const ORIGIN = { origin: 'https://app.example' };

async function get(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { headers: ORIGIN });
  await response.arrayBuffer();
  return response;
}

describe('CORS', () => {
  it.each([
    ['the root', '/', 200],
    ['a page', '/ledgers?limit=1', 200],
    ['a problem', '/ledgers/999999', 404],
    ['a bad request', '/ledgers?limit=0', 400],
  ])('%s answers Access-Control-Allow-Origin: *', async (_name, path, status) => {
    const response = await get(gateway.url, path);
    expect(response.status).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a rate-limit refusal answers it too', async () => {
    await get(limited.url, '/');
    const refused = await get(limited.url, '/');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight for a submission', async () => {
    const response = await fetch(`${gateway.url}/transactions`, {
      method: 'OPTIONS',
      headers: { ...ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });
});

describe('the connection', () => {
  it('keeps an idle connection longer than clients do, and says so', async () => {
    const response = await get(gateway.url, '/');
    expect(response.headers.get('keep-alive')).toBe(`timeout=${DEFAULT_KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  });
});
