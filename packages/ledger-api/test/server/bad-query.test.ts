// The generated server adapter answers bad queries with the service's own problem, and no
// handler ever sees them.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createServer, type Handlers, validate } from '../../src/index.js';

interface BadQuery {
  name: string;
  path: string;
  field: string;
  reason?: string;
}

const cases = parse(readFileSync(new URL('./bad-query.yaml', import.meta.url), 'utf8')) as BadQuery[];

const calls: string[] = [];
// Any operation: record the call. A rejected request must never get here.
const handlers = new Proxy({} as Handlers, {
  get: (_target, operationId: string) => () => {
    calls.push(operationId);
    return { status: 500, body: {} };
  },
});

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(handlers);
  base = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bad queries get the exact problem', () => {
  it.each(cases)('$name', async ({ path, field, reason }) => {
    calls.length = 0;
    const response = await fetch(base + path);
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/bad_request',
      title: 'Bad Request',
      status: 400,
      detail: 'The request you sent was invalid in some way.',
      extras: { invalid_field: field },
    });
    const extras = body.extras as { reason: string };
    if (reason) expect(extras.reason).toBe(reason);
    else expect(extras.reason).toContain(field);
    expect(validate.schema('Problem', body).ok).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('account filters', () => {
  const signer = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
  it.each([
    ['no filter', '/accounts'],
    ['two filters', `/accounts?signer=${signer}&sponsor=${signer}`],
  ])('%s gets invalid_accounts_params', async (_name, path) => {
    calls.length = 0;
    const response = await fetch(base + path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'https://stellar.org/horizon-errors/invalid_accounts_params',
      title: 'Invalid Accounts Parameters',
      status: 400,
      detail:
        'Exactly one filter is required. Please ensure that you are including a signer, sponsor, asset, or liquidity pool filter.',
    });
    expect(calls).toEqual([]);
  });

  it('one filter reaches the handler', async () => {
    calls.length = 0;
    await fetch(`${base}/accounts?signer=${signer}`);
    expect(calls).toEqual(['listAccounts']);
  });
});

describe('requests outside the contract', () => {
  it('answers an unknown path with a 404 problem', async () => {
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/not_found',
      status: 404,
    });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await fetch(`${base}/ledgers`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('refuses a submission without a form body', async () => {
    calls.length = 0;
    const response = await fetch(`${base}/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(calls).toEqual([]);
  });
});
