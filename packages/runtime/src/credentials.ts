import { createHmac, timingSafeEqual } from 'node:crypto';

/** The platform's shared secrets must be at least this long (HS256 key-strength rule). */
export const MIN_SECRET_BYTES = 32;

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function assertSecret(secret: string) {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new RangeError(`the shared secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }
}

/**
 * Mints a token the way the platform does for each callback: HS256 over the UTF-8 secret,
 * claims `iat` and `exp` only.
 */
export function signPlatformJwt(
  secret: string,
  options: { expiresInSeconds?: number; now?: Date } = {},
): string {
  assertSecret(secret);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat, exp: iat + (options.expiresInSeconds ?? 30) }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export type JwtCheck = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

/** Verifies an HS256 JWT: signature, algorithm and `exp` (which must be present). */
export function verifyHs256Jwt(token: string, secret: string, now: Date = new Date()): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'token is not a JWT' };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: Record<string, unknown>;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (head?.alg !== 'HS256') return { ok: false, reason: 'token algorithm must be HS256' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null)
      return { ok: false, reason: 'token claims are not an object' };
  } catch {
    return { ok: false, reason: 'token is not a JWT' };
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'token signature is invalid' };
  }
  if (typeof claims.exp !== 'number') return { ok: false, reason: 'token has no exp claim' };
  if (claims.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'token is expired' };
  return { ok: true, claims };
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How a server checks the credential of one security scheme. */
export type CredentialCheck = (headers: Record<string, string | string[] | undefined>) => string | null;

/** `Authorization: Bearer <HS256 JWT>`; returns null when valid, else the reason. */
export function bearerJwt(secret: string, clock: () => Date = () => new Date()): CredentialCheck {
  assertSecret(secret);
  return (headers) => {
    const value = headers.authorization;
    const header = Array.isArray(value) ? value[0] : value;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) return 'missing bearer token';
    const check = verifyHs256Jwt(match[1], secret, clock());
    return check.ok ? null : check.reason;
  };
}

/** The raw shared secret in a header (default `X-Api-Key`); returns null when valid, else the reason. */
export function apiKey(key: string, header = 'x-api-key'): CredentialCheck {
  const name = header.toLowerCase();
  return (headers) => {
    const value = headers[name];
    const given = Array.isArray(value) ? value[0] : value;
    if (!given) return `missing ${header} header`;
    return sameSecret(given, key) ? null : `wrong ${header}`;
  };
}

/** What a client sends: a fresh platform JWT per request, or the API key. */
export type ClientCredentials = { jwtSecret: string; expiresInSeconds?: number } | { apiKey: string };

/**
 * A fetch middleware (openapi-fetch's `client.use`) that authenticates every request
 * the way the platform does.
 */
export function credentialsMiddleware(credentials: ClientCredentials) {
  if ('jwtSecret' in credentials) assertSecret(credentials.jwtSecret);
  return {
    onRequest({ request }: { request: Request }) {
      if ('jwtSecret' in credentials) {
        const expiresInSeconds = credentials.expiresInSeconds;
        const token = signPlatformJwt(credentials.jwtSecret, expiresInSeconds ? { expiresInSeconds } : {});
        request.headers.set('authorization', `Bearer ${token}`);
      } else {
        request.headers.set('x-api-key', credentials.apiKey);
      }
      return request;
    },
  };
}
