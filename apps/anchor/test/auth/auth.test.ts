// The platform's two credential schemes: bearer HS256 JWT and X-Api-Key; off by default.
import { signPlatformJwt } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ACCOUNT, send, startAnchor, type TestAnchor } from '../support/anchor.js';

const SECRET = 'a-shared-secret-of-at-least-32-bytes!!';
const RATE = '/rate?type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:native&sell_amount=100';
const paths = [RATE, '/customer', `/customer?account=${ACCOUNT}`];

const running: TestAnchor[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) {
    expect(t.errors).toEqual([]);
    await t.close();
  }
});
async function start(options: Parameters<typeof startAnchor>[0]) {
  const t = await startAnchor(options);
  running.push(t);
  return t;
}

describe('configuration', () => {
  it('is off by default, like the platform', () => {
    expect(loadConfig({}).auth).toEqual({ type: 'none' });
  });

  it('reads the platform variables', () => {
    expect(
      loadConfig({ CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: SECRET }).auth,
    ).toEqual({
      type: 'jwt',
      secret: SECRET,
    });
    expect(
      loadConfig({ CALLBACK_API_AUTH_TYPE: 'API_KEY', SECRET_CALLBACK_API_AUTH_SECRET: 'k' }).auth,
    ).toEqual({
      type: 'api_key',
      secret: 'k',
    });
  });

  it('refuses a JWT secret shorter than 32 bytes, a missing API key and an unknown type', () => {
    expect(() =>
      loadConfig({ CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: 'x'.repeat(31) }),
    ).toThrow(/at least 32 bytes \(HS256\); it has 31/);
    expect(() => loadConfig({ CALLBACK_API_AUTH_TYPE: 'jwt' })).toThrow(ConfigError);
    expect(() => loadConfig({ CALLBACK_API_AUTH_TYPE: 'api_key' })).toThrow(
      /needs SECRET_CALLBACK_API_AUTH_SECRET/,
    );
    expect(() => loadConfig({ CALLBACK_API_AUTH_TYPE: 'basic' })).toThrow(/none, jwt or api_key/);
    // 32 bytes of UTF-8, fewer characters: accepted.
    expect(
      loadConfig({ CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: 'é'.repeat(16) }).auth
        .type,
    ).toBe('jwt');
  });

  it('reads the port, paths and body limit', () => {
    const config = loadConfig(
      { PORT: '9090', DATABASE_PATH: 'x/a.db', ASSETS_FILE: ':memory:', BODY_LIMIT_BYTES: '2048' },
      '/srv',
    );
    expect(config).toMatchObject({ port: 9090, databasePath: '/srv/x/a.db', bodyLimitBytes: 2048 });
    expect(loadConfig({}).port).toBe(8081);
    expect(() => loadConfig({ PORT: '80a' })).toThrow(/PORT must be an integer/);
  });
});

describe('no authentication', () => {
  it('answers every request without credentials', async () => {
    const t = await start({});
    for (const path of paths) expect((await send(t.base, path)).status).toBe(200);
  });
});

describe('bearer JWT', () => {
  it('requires a valid, unexpired HS256 token signed with the shared secret', async () => {
    const t = await start({ auth: { type: 'jwt', secret: SECRET } });
    for (const path of paths) {
      const none = await send(t.base, path);
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ error: 'missing bearer token' });
      const wrong = await send(t.base, path, {
        headers: { authorization: `Bearer ${signPlatformJwt(`${SECRET}-but-another`)}` },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'token signature is invalid' });
      const expired = signPlatformJwt(SECRET, { now: new Date(Date.now() - 60_000), expiresInSeconds: 30 });
      const late = await send(t.base, path, { headers: { authorization: `Bearer ${expired}` } });
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ error: 'token is expired' });
      const garbage = await send(t.base, path, { headers: { authorization: 'Bearer not.a.jwt' } });
      expect(garbage.status).toBe(401);
      const ok = await send(t.base, path, {
        headers: { authorization: `Bearer ${signPlatformJwt(SECRET)}` },
      });
      expect(ok.status).toBe(200);
    }
  });

  it('does not take the API key in its place', async () => {
    const t = await start({ auth: { type: 'jwt', secret: SECRET } });
    expect((await send(t.base, RATE, { headers: { 'x-api-key': SECRET } })).status).toBe(401);
  });

  it('checks credentials before anything else, so a bad unauthenticated request is a 401', async () => {
    const t = await start({ auth: { type: 'jwt', secret: SECRET } });
    const a = await send(t.base, '/customer', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(a.status).toBe(401);
  });
});

describe('X-Api-Key', () => {
  it('requires the exact shared secret', async () => {
    const t = await start({ auth: { type: 'api_key', secret: SECRET } });
    for (const path of paths) {
      expect((await send(t.base, path)).status).toBe(401);
      expect((await send(t.base, path, { headers: { 'x-api-key': `${SECRET}x` } })).body).toEqual({
        error: 'wrong x-api-key',
      });
      expect((await send(t.base, path, { headers: { 'x-api-key': SECRET } })).status).toBe(200);
    }
    const del = await send(t.base, '/customer/nobody', { method: 'DELETE' });
    expect(del.status).toBe(401);
  });
});
