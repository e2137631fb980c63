// The platform's two credential schemes: bearer HS256 JWT and X-Api-Key; off by default.
import { createHmac } from 'node:crypto';
import { signPlatformJwt } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { security } from '../../src/app.js';
import { type AuthConfig, ConfigError, loadConfig } from '../../src/config.js';
import { ACCOUNT, send, startAnchor, type TestAnchor } from '../support/anchor.js';

const SECRET = 'a-shared-secret-of-at-least-32-bytes!!';
const API_KEY = 'an-api-key-of-16-bytes-or-more';
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
    ).toEqual({ type: 'jwt', secret: SECRET, header: 'Authorization' });
    expect(
      loadConfig({
        CALLBACK_API_AUTH_TYPE: 'jwt',
        SECRET_CALLBACK_API_AUTH_SECRET: SECRET,
        CALLBACK_API_AUTH_JWT_HTTP_HEADER: 'X-Platform-Token',
      }).auth,
    ).toEqual({ type: 'jwt', secret: SECRET, header: 'X-Platform-Token' });
    expect(
      loadConfig({ CALLBACK_API_AUTH_TYPE: 'API_KEY', SECRET_CALLBACK_API_AUTH_SECRET: API_KEY }).auth,
    ).toEqual({ type: 'api_key', secret: API_KEY });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'a JWT secret under 32 bytes',
      { CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: 'x'.repeat(31) },
      /SECRET_CALLBACK_API_AUTH_SECRET: the shared secret must be at least 32 bytes \(HS256\); it has 31/,
    ],
    [
      'a JWT secret of 32 spaces',
      { CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: ' '.repeat(32) },
      /SECRET_CALLBACK_API_AUTH_SECRET: the shared secret is empty or only whitespace/,
    ],
    [
      'a JWT type without secret',
      { CALLBACK_API_AUTH_TYPE: 'jwt' },
      /jwt needs SECRET_CALLBACK_API_AUTH_SECRET/,
    ],
    [
      'an API key type without key',
      { CALLBACK_API_AUTH_TYPE: 'api_key' },
      /needs SECRET_CALLBACK_API_AUTH_SECRET/,
    ],
    [
      'an API key under 16 bytes',
      { CALLBACK_API_AUTH_TYPE: 'api_key', SECRET_CALLBACK_API_AUTH_SECRET: 'k'.repeat(15) },
      /SECRET_CALLBACK_API_AUTH_SECRET: the API key must be at least 16 bytes; it has 15/,
    ],
    [
      'an API key of spaces',
      { CALLBACK_API_AUTH_TYPE: 'api_key', SECRET_CALLBACK_API_AUTH_SECRET: ' '.repeat(20) },
      /the API key is empty or only whitespace/,
    ],
    [
      'a JWT header name with a space',
      {
        CALLBACK_API_AUTH_TYPE: 'jwt',
        SECRET_CALLBACK_API_AUTH_SECRET: SECRET,
        CALLBACK_API_AUTH_JWT_HTTP_HEADER: 'X Platform',
      },
      /CALLBACK_API_AUTH_JWT_HTTP_HEADER: 'X Platform' is not an HTTP header name/,
    ],
    ['an unknown type', { CALLBACK_API_AUTH_TYPE: 'basic' }, /none, jwt or api_key/],
  ])('refuses %s', (_, env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(reason);
  });

  it.each<[string, AuthConfig, RegExp]>([
    ['a JWT secret of 32 spaces', { type: 'jwt', secret: ' '.repeat(32) }, /empty or only whitespace/],
    ['a JWT secret under 32 bytes', { type: 'jwt', secret: 'x'.repeat(31) }, /at least 32 bytes/],
    [
      'an API key under 16 bytes',
      { type: 'api_key', secret: 'k'.repeat(15) },
      /at least 16 bytes; it has 15/,
    ],
    ['an API key of spaces', { type: 'api_key', secret: ' '.repeat(16) }, /empty or only whitespace/],
  ])('the credential check createAnchor builds refuses %s', (_, auth, reason) => {
    expect(() => security(auth)).toThrow(RangeError);
    expect(() => security(auth)).toThrow(reason);
  });

  it('counts the JWT secret in UTF-8 bytes', () => {
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

  it('reads the token from the configured header, and only from it', async () => {
    const t = await start({ auth: { type: 'jwt', secret: SECRET, header: 'X-Platform-Token' } });
    const bearer = `Bearer ${signPlatformJwt(SECRET)}`;
    expect((await send(t.base, RATE, { headers: { 'x-platform-token': bearer } })).status).toBe(200);
    const standard = await send(t.base, RATE, { headers: { authorization: bearer } });
    expect(standard.status).toBe(401);
    expect(standard.body).toEqual({ error: 'missing bearer token in X-Platform-Token' });
  });

  it('refuses a token not valid yet, issued in the future or with unknown critical headers', async () => {
    const t = await start({ auth: { type: 'jwt', secret: SECRET } });
    const now = Math.floor(Date.now() / 1000);
    const sign = (header: object, claims: object) => {
      const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const unsigned = `${part({ alg: 'HS256', typ: 'JWT', ...header })}.${part(claims)}`;
      return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    };
    for (const [token, error] of [
      [sign({}, { iat: now, nbf: now + 60, exp: now + 90 }), 'token is not valid yet (nbf is in the future)'],
      [
        sign({}, { iat: now + 60, exp: now + 90 }),
        'token was issued in the future (iat more than 5 s ahead)',
      ],
      [
        sign({ crit: ['exp'] }, { iat: now, exp: now + 30 }),
        'token has critical header parameters this server does not understand (crit: exp)',
      ],
    ]) {
      const answer = await send(t.base, RATE, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error });
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
