import type { AddressInfo } from 'node:net';
import { apiKey, bearerJwt, listen, signPlatformJwt } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Handlers } from '../../src/index.js';
import { stubHandlers } from './stub-handlers.js';

const SECRET = 'a-shared-secret-of-at-least-32-bytes!!';
const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handlers: Partial<Handlers>, options?: Parameters<typeof createServer>[1]) {
  const server = createServer(stubHandlers(handlers), options);
  servers.push(server);
  return listen(server);
}

describe('handlers receive validated requests', () => {
  it('applies the contract default for lang and passes the other parameters through', async () => {
    let seen: unknown;
    const base = await serve({
      getCustomer: (request) => {
        seen = request.query;
        return { status: 200, body: { status: 'NEEDS_INFO' } };
      },
    });
    await fetch(
      `${base}/customer?account=GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX&memo=42&memo_type=id`,
    );
    expect(seen).toEqual({
      account: 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX',
      memo: '42',
      memo_type: 'id',
      lang: 'en',
    });
  });

  it('decodes path parameters', async () => {
    let id: string | undefined;
    const base = await serve({
      deleteCustomer: (request) => {
        id = request.path.id;
        return { status: 204 };
      },
    });
    const response = await fetch(`${base}/customer/a%20b%2Fc`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(id).toBe('a b/c');
  });

  it('parses JSON and multipart bodies; files arrive as Blobs', async () => {
    const bodies: unknown[] = [];
    const base = await serve({
      putCustomer: (request) => {
        bodies.push(request.body);
        return { status: 202, body: { id: 'c-1' } };
      },
    });
    await fetch(`${base}/customer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ana' }),
    });
    const form = new FormData();
    form.set('id', 'c-1');
    form.set(
      'photo_id_front',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      'front.jpg',
    );
    const response = await fetch(`${base}/customer`, { method: 'PUT', body: form });
    expect(response.status).toBe(202);
    expect(bodies[0]).toEqual({ first_name: 'Ana' });
    const multipart = bodies[1] as Record<string, unknown>;
    expect(multipart.id).toBe('c-1');
    expect(multipart.photo_id_front).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (multipart.photo_id_front as Blob).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });

  it('answers a handler exception with 500 {error} and reports it', async () => {
    const reported: unknown[] = [];
    const base = await serve(
      {
        getRate: () => {
          throw new Error('database down');
        },
      },
      { onError: (error) => reported.push(error) },
    );
    const response = await fetch(
      `${base}/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=1`,
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal server error' });
    expect(reported).toHaveLength(1);
  });
});

describe('response validation (on in test mode)', () => {
  it('turns a response outside the contract into a 500 naming the problem', async () => {
    const reported: unknown[] = [];
    const base = await serve(
      // A rate without buy_amount: the contract requires it.
      { getRate: () => ({ status: 200, body: { rate: { price: '1', sell_amount: '1' } } as never }) },
      { onError: (error) => reported.push(error) },
    );
    const response = await fetch(
      `${base}/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=1`,
    );
    expect(response.status).toBe(500);
    expect((await response.json()).error).toContain('/rate/buy_amount');
    expect(reported).toHaveLength(1);
  });

  it('is off when asked, so the same response goes out unchanged', async () => {
    const base = await serve(
      { getRate: () => ({ status: 200, body: { rate: { price: '1', sell_amount: '1' } } as never }) },
      { validateResponses: false },
    );
    const response = await fetch(
      `${base}/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=1`,
    );
    expect(response.status).toBe(200);
  });

  it('rejects a status the contract does not declare', async () => {
    const base = await serve({ deleteCustomer: () => ({ status: 202 }) as never }, { onError: () => {} });
    const response = await fetch(`${base}/customer/x`, { method: 'DELETE' });
    expect(response.status).toBe(500);
    expect((await response.json()).error).toContain('status 202');
  });
});

describe('credentials', () => {
  const rate = '/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=1';

  it('is open by default, like the platform', async () => {
    const base = await serve({});
    expect((await fetch(base + rate)).status).toBe(200);
  });

  it('requires a valid, unexpired HS256 token when a JWT secret is configured', async () => {
    const base = await serve({}, { security: { platformJwt: bearerJwt(SECRET) } });
    const get = (headers: Record<string, string>) => fetch(base + rate, { headers });
    const denied = await get({});
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ error: 'missing bearer token' });
    expect((await get({ authorization: `Bearer ${signPlatformJwt(`${SECRET}-other`)}` })).status).toBe(401);
    const expired = signPlatformJwt(SECRET, { now: new Date(Date.now() - 120_000), expiresInSeconds: 30 });
    const late = await get({ authorization: `Bearer ${expired}` });
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ error: 'token is expired' });
    expect((await get({ authorization: `Bearer ${signPlatformJwt(SECRET)}` })).status).toBe(200);
  });

  it('requires the exact X-Api-Key when an API key is configured', async () => {
    const base = await serve({}, { security: { platformApiKey: apiKey(SECRET) } });
    expect((await fetch(base + rate)).status).toBe(401);
    expect((await fetch(base + rate, { headers: { 'x-api-key': 'wrong' } })).status).toBe(401);
    expect((await fetch(base + rate, { headers: { 'x-api-key': SECRET } })).status).toBe(200);
  });

  it('checks credentials before parsing, so an unauthenticated bad request is a 401', async () => {
    const base = await serve({}, { security: { platformApiKey: apiKey(SECRET) } });
    const response = await fetch(`${base}/rate?type=nope`);
    expect(response.status).toBe(401);
  });
});

describe('mounting in a framework', () => {
  it('passes unknown routes to next() when given one', async () => {
    const { createRequestListener } = await import('../../src/index.js');
    const { createServer: createHttp } = await import('node:http');
    const listener = createRequestListener(
      stubHandlers({ getCustomer: () => ({ status: 200, body: { status: 'ACCEPTED' } }) }),
    );
    // A connect-style chain: the listener first, then a fallback.
    const server = createHttp((req, res) =>
      listener(req, res, () => {
        res.writeHead(418).end('fallback');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(418);
      expect((await fetch(`http://127.0.0.1:${port}/customer`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
