import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiKey,
  apiKeyProblem,
  bearerJwt,
  credentialsMiddleware,
  MAX_IAT_SKEW_SECONDS,
  signPlatformJwt,
  verifyHs256Jwt,
} from '../src/index.js';

const SECRET = 'x'.repeat(32);
const now = new Date('2026-11-21T12:00:00Z');
const NOW_S = now.getTime() / 1000;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 token with any header and claims, signed with `secret`. */
function token(claims: Record<string, unknown>, header: Record<string, unknown> = {}, secret = SECRET) {
  const head = encode({ alg: 'HS256', typ: 'JWT', ...header });
  const body = encode(claims);
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

const at = (ms: number) => new Date(now.getTime() + ms);

describe('platform JWTs', () => {
  it('carry only iat and exp, HS256-signed, valid 30 s by default (the platform default)', () => {
    const signed = signPlatformJwt(SECRET, { now });
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      iat: 1795262400,
      exp: 1795262430,
    });
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
  });

  it.each([
    ['short', /at least 32 bytes \(HS256\); it has 5/],
    ['x'.repeat(31), /at least 32 bytes/],
    [' '.repeat(32), /empty or only whitespace/],
    ['\t \n'.repeat(12), /empty or only whitespace/],
    ['', /empty or only whitespace/],
  ])('refuse the secret %j', (secret, reason) => {
    expect(() => signPlatformJwt(secret)).toThrow(reason);
    expect(() => bearerJwt(secret)).toThrow(reason);
    expect(() => credentialsMiddleware({ jwtSecret: secret })).toThrow(reason);
  });

  it.each([0, 4, 4.5, -30, Number.NaN])('refuse a lifetime of %s s (the platform minimum is 5 s)', (s) => {
    expect(() => signPlatformJwt(SECRET, { expiresInSeconds: s })).toThrow(/at least 5/);
    expect(() => credentialsMiddleware({ jwtSecret: SECRET, expiresInSeconds: s })).toThrow(/at least 5/);
  });

  it('accept the minimum lifetime of 5 s', () => {
    const signed = signPlatformJwt(SECRET, { now, expiresInSeconds: 5 });
    expect(verifyHs256Jwt(signed, SECRET, at(5_000)).ok).toBe(true);
    expect(verifyHs256Jwt(signed, SECRET, at(5_001)).ok).toBe(false);
  });
});

describe('verifyHs256Jwt', () => {
  const valid = token({ iat: NOW_S, exp: NOW_S + 30 });

  it.each<[string, string, Date, string | null]>([
    ['a valid token', valid, now, null],
    ['exp == now: the reference server still accepts it', valid, at(30_000), null],
    ['one millisecond past exp', valid, at(30_001), 'token is expired'],
    ['a token without exp', token({ iat: NOW_S }), now, 'token has no exp claim'],
    [
      'exp that is not a number',
      token({ exp: String(NOW_S + 30) }),
      now,
      'token exp claim is not a number of seconds',
    ],
    [
      'nbf in the future',
      token({ exp: NOW_S + 30, nbf: NOW_S + 1 }),
      now,
      'token is not valid yet (nbf is in the future)',
    ],
    ['nbf == now', token({ exp: NOW_S + 30, nbf: NOW_S }), now, null],
    [
      'nbf that is not a number',
      token({ exp: NOW_S + 30, nbf: 'soon' }),
      now,
      'token nbf claim is not a number of seconds',
    ],
    [
      `iat more than ${MAX_IAT_SKEW_SECONDS} s ahead`,
      token({ iat: NOW_S + MAX_IAT_SKEW_SECONDS + 1, exp: NOW_S + 60 }),
      now,
      `token was issued in the future (iat more than ${MAX_IAT_SKEW_SECONDS} s ahead)`,
    ],
    ['iat within the clock skew', token({ iat: NOW_S + MAX_IAT_SKEW_SECONDS, exp: NOW_S + 60 }), now, null],
    ['iat far in the past, exp ahead', token({ iat: NOW_S - 3600, exp: NOW_S + 30 }), now, null],
    [
      'an unknown critical header',
      token({ exp: NOW_S + 30 }, { crit: ['b64'], b64: false }),
      now,
      'token has critical header parameters this server does not understand (crit: b64)',
    ],
    [
      'a malformed crit header',
      token({ exp: NOW_S + 30 }, { crit: 'b64' }),
      now,
      'token crit header is malformed',
    ],
    ['an empty crit header', token({ exp: NOW_S + 30 }, { crit: [] }), now, 'token crit header is malformed'],
    ['another secret', token({ exp: NOW_S + 30 }, {}, 'y'.repeat(32)), now, 'token signature is invalid'],
    ['alg none', `${encode({ alg: 'none' })}.${valid.split('.')[1]}.`, now, 'token algorithm must be HS256'],
    ['two parts', 'a.b', now, 'token is not a JWT'],
    ['garbage', '!!.??.**', now, 'token is not a JWT'],
    ['claims that are an array', token([] as unknown as Record<string, unknown>), now, 'token is not a JWT'],
  ])('%s', (_, jwt, when, reason) => {
    const check = verifyHs256Jwt(jwt, SECRET, when);
    expect(check.ok ? null : check.reason).toBe(reason);
  });

  it('refuses claims changed after signing', () => {
    const [h, , s] = valid.split('.');
    expect(verifyHs256Jwt(`${h}.${encode({ iat: 1, exp: 9999999999 })}.${s}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'token signature is invalid',
    });
  });
});

describe('credential checks', () => {
  it('bearerJwt reads the Authorization header by default', () => {
    const check = bearerJwt(SECRET, { clock: () => now });
    expect(check({ authorization: `Bearer ${signPlatformJwt(SECRET, { now })}` })).toBeNull();
    expect(check({ authorization: 'Basic abc' })).toBe('missing bearer token');
    expect(check({})).toBe('missing bearer token');
  });

  it('bearerJwt reads the configured header (callback_api.auth.jwt.http_header), and only it', () => {
    const check = bearerJwt(SECRET, { header: 'X-Platform-Token', clock: () => now });
    const bearer = `Bearer ${signPlatformJwt(SECRET, { now })}`;
    expect(check({ 'x-platform-token': bearer })).toBeNull();
    expect(check({ authorization: bearer })).toBe('missing bearer token in X-Platform-Token');
  });

  it('bearerJwt refuses a header name that is not one', () => {
    expect(() => bearerJwt(SECRET, { header: 'X Token' })).toThrow(/not an HTTP header name/);
  });

  it('apiKey compares the header exactly', () => {
    const check = apiKey('k'.repeat(40));
    expect(check({ 'x-api-key': 'k'.repeat(40) })).toBeNull();
    expect(check({ 'x-api-key': 'k'.repeat(39) })).toBe('wrong x-api-key');
    expect(check({})).toBe('missing x-api-key header');
  });

  it.each(['', ' '.repeat(20)])('apiKey refuses the blank key %j', (key) => {
    expect(() => apiKey(key)).toThrow(/empty or only whitespace/);
  });

  it.each<[string, string | undefined]>([
    ['k'.repeat(15), 'the API key must be at least 16 bytes; it has 15'],
    [' '.repeat(16), 'the API key is empty or only whitespace'],
    ['k'.repeat(16), undefined],
  ])('apiKeyProblem(%j)', (key, problem) => {
    expect(apiKeyProblem(key)).toBe(problem);
  });

  it('the client middleware sets the header the server checks', () => {
    const jwt = credentialsMiddleware({ jwtSecret: SECRET }).onRequest({ request: new Request('http://x/') });
    expect(bearerJwt(SECRET)(Object.fromEntries(jwt.headers))).toBeNull();
    const custom = credentialsMiddleware({ jwtSecret: SECRET, jwtHeader: 'X-Platform-Token' }).onRequest({
      request: new Request('http://x/'),
    });
    expect(custom.headers.get('authorization')).toBeNull();
    expect(bearerJwt(SECRET, { header: 'X-Platform-Token' })(Object.fromEntries(custom.headers))).toBeNull();
    const key = credentialsMiddleware({ apiKey: 'secret-key' }).onRequest({
      request: new Request('http://x/'),
    });
    expect(key.headers.get('x-api-key')).toBe('secret-key');
  });
});
