import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKey, bearerJwt, credentialsMiddleware, signPlatformJwt, verifyHs256Jwt } from '../src/index.js';

const SECRET = 'x'.repeat(32);
const now = new Date('2026-11-21T12:00:00Z');

describe('platform JWTs', () => {
  it('carry only iat and exp, HS256-signed', () => {
    const token = signPlatformJwt(SECRET, { now, expiresInSeconds: 30 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      iat: 1795262400,
      exp: 1795262430,
    });
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
  });

  it('refuse secrets under 32 bytes', () => {
    expect(() => signPlatformJwt('short')).toThrow(RangeError);
    expect(() => bearerJwt('x'.repeat(31))).toThrow(RangeError);
  });

  it('verify: valid, expired, wrong secret, tampered, wrong algorithm, garbage', () => {
    const token = signPlatformJwt(SECRET, { now, expiresInSeconds: 30 });
    expect(verifyHs256Jwt(token, SECRET, now).ok).toBe(true);
    expect(verifyHs256Jwt(token, SECRET, new Date(now.getTime() + 30_000))).toEqual({
      ok: false,
      reason: 'token is expired',
    });
    expect(verifyHs256Jwt(token, 'y'.repeat(32), now)).toEqual({
      ok: false,
      reason: 'token signature is invalid',
    });
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ iat: 1, exp: 9999999999 })).toString('base64url')}.${s}`;
    expect(verifyHs256Jwt(forged, SECRET, now).ok).toBe(false);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect(verifyHs256Jwt(none, SECRET, now)).toEqual({ ok: false, reason: 'token algorithm must be HS256' });
    expect(verifyHs256Jwt('a.b', SECRET, now).ok).toBe(false);
    expect(verifyHs256Jwt('!!.??.**', SECRET, now).ok).toBe(false);
  });

  it('without exp are refused', () => {
    const header = Buffer.from('{"alg":"HS256"}').toString('base64url');
    const payload = Buffer.from('{"iat":1}').toString('base64url');
    const signature = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(verifyHs256Jwt(`${header}.${payload}.${signature}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'token has no exp claim',
    });
  });
});

describe('credential checks', () => {
  it('bearerJwt reads the Authorization header', () => {
    const check = bearerJwt(SECRET, () => now);
    expect(check({ authorization: `Bearer ${signPlatformJwt(SECRET, { now })}` })).toBeNull();
    expect(check({ authorization: 'Basic abc' })).toBe('missing bearer token');
    expect(check({})).toBe('missing bearer token');
  });

  it('apiKey compares the header exactly', () => {
    const check = apiKey('k'.repeat(40));
    expect(check({ 'x-api-key': 'k'.repeat(40) })).toBeNull();
    expect(check({ 'x-api-key': 'k'.repeat(39) })).toBe('wrong x-api-key');
    expect(check({})).toBe('missing x-api-key header');
  });

  it('the client middleware sets the header the server checks', () => {
    const jwt = credentialsMiddleware({ jwtSecret: SECRET }).onRequest({ request: new Request('http://x/') });
    expect(bearerJwt(SECRET)(Object.fromEntries(jwt.headers))).toBeNull();
    const key = credentialsMiddleware({ apiKey: 'secret-key' }).onRequest({
      request: new Request('http://x/'),
    });
    expect(key.headers.get('x-api-key')).toBe('secret-key');
  });
});
