/**
 * The platform's callback credentials (java-stellar-anchor-sdk: `AuthHelper`, `CallbackApiConfig`):
 * a fresh HS256 JWT per request (`iat` and `exp` only) as `Bearer <token>` in a configurable
 * header, or the shared secret itself in `X-Api-Key`. Both sides are here: what a client sends and
 * how a server checks it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The platform's shared secrets must be at least this long (HS256 key-strength rule). */
export const MIN_SECRET_BYTES = 32;

/**
 * The shortest API key a server accepts. The platform itself only refuses an empty one; a key
 * shorter than this is a mistake or guessable, so servers refuse to start with it.
 */
export const MIN_API_KEY_BYTES = 16;

/** The platform's `callback_api.auth.jwt.expiration_milliseconds` default (30000), in seconds. */
export const PLATFORM_JWT_LIFETIME_SECONDS = 30;

/** The shortest lifetime the platform accepts (`CallbackApiConfig.MIN_EXPIRATION`, 5000 ms). */
export const MIN_JWT_LIFETIME_SECONDS = 5;

/** The platform's `callback_api.auth.jwt.http_header` default. */
export const DEFAULT_JWT_HEADER = 'Authorization';

/**
 * How far a token's `iat` may be ahead of the verifier's clock: the platform and the back-end run
 * on different machines, and a few seconds of drift must not refuse every request.
 */
export const MAX_IAT_SKEW_SECONDS = 5;

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

const isBlank = (value: string) => value.trim() === '';

/** Why a JWT secret is unusable, or undefined when it is fine. */
export function secretProblem(secret: string): string | undefined {
  if (isBlank(secret)) return 'the shared secret is empty or only whitespace';
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < MIN_SECRET_BYTES) {
    return `the shared secret must be at least ${MIN_SECRET_BYTES} bytes (HS256); it has ${bytes}`;
  }
  return undefined;
}

/** Why an API key is unusable for a server, or undefined when it is fine. */
export function apiKeyProblem(key: string): string | undefined {
  if (isBlank(key)) return 'the API key is empty or only whitespace';
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes < MIN_API_KEY_BYTES)
    return `the API key must be at least ${MIN_API_KEY_BYTES} bytes; it has ${bytes}`;
  return undefined;
}

// RFC 9110 field-name: a token.
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a header name cannot carry the token, or undefined when it can. */
export function headerNameProblem(name: string): string | undefined {
  return FIELD_NAME.test(name) ? undefined : `'${name}' is not an HTTP header name`;
}

/** Why a token lifetime is not one the platform would use, or undefined when it is. */
export function lifetimeProblem(seconds: number): string | undefined {
  if (!Number.isInteger(seconds) || seconds < MIN_JWT_LIFETIME_SECONDS) {
    return `the token lifetime must be a whole number of seconds, at least ${MIN_JWT_LIFETIME_SECONDS} (the platform's minimum); found ${seconds}`;
  }
  return undefined;
}

function assert(problem: string | undefined): void {
  if (problem !== undefined) throw new RangeError(problem);
}

/**
 * Mints a token the way the platform does for each callback (`AuthHelper.JwtAuthHelper`): HS256
 * over the UTF-8 secret, claims `iat` and `exp` only.
 */
export function signPlatformJwt(
  secret: string,
  options: { expiresInSeconds?: number; now?: Date } = {},
): string {
  assert(secretProblem(secret));
  const lifetime = options.expiresInSeconds ?? PLATFORM_JWT_LIFETIME_SECONDS;
  assert(lifetimeProblem(lifetime));
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat, exp: iat + lifetime }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export type JwtCheck = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

const refuse = (reason: string): JwtCheck => ({ ok: false, reason });

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 7515 §4.1.11: a recipient refuses critical extensions it does not understand (we know none). */
function critProblem(crit: unknown): string | undefined {
  if (crit === undefined) return undefined;
  const names = Array.isArray(crit) && crit.every((n) => typeof n === 'string') ? crit.join(', ') : '';
  return names === ''
    ? 'token crit header is malformed'
    : `token has critical header parameters this server does not understand (crit: ${names})`;
}

const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** RFC 7519 §4.1.4-4.1.6: `exp` required; `nbf` and `iat`, when present, not in the future. */
function claimsProblem(claims: Record<string, unknown>, nowMs: number): string | undefined {
  const { exp, nbf, iat } = claims;
  if (exp === undefined) return 'token has no exp claim';
  if (!isNumericDate(exp)) return 'token exp claim is not a number of seconds';
  // The platform's reference server (kotlin-reference-server, ReferenceServerContainer) refuses a
  // token when `expiresAt.time < System.currentTimeMillis()`: exp == now still passes.
  if (exp * 1000 < nowMs) return 'token is expired';
  if (nbf !== undefined) {
    if (!isNumericDate(nbf)) return 'token nbf claim is not a number of seconds';
    if (nbf * 1000 > nowMs) return 'token is not valid yet (nbf is in the future)';
  }
  if (iat !== undefined) {
    if (!isNumericDate(iat)) return 'token iat claim is not a number of seconds';
    if (iat * 1000 > nowMs + MAX_IAT_SKEW_SECONDS * 1000) {
      return `token was issued in the future (iat more than ${MAX_IAT_SKEW_SECONDS} s ahead)`;
    }
  }
  return undefined;
}

/**
 * Verifies an HS256 JWT: algorithm, critical headers, signature, then `exp` (required), `nbf`
 * and `iat`.
 */
export function verifyHs256Jwt(token: string, secret: string, now: Date = new Date()): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return refuse('token is not a JWT');
  const [headerPart, payloadPart, signature] = parts as [string, string, string];
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart);
  if (!header || !claims) return refuse('token is not a JWT');
  if (header.alg !== 'HS256') return refuse('token algorithm must be HS256');
  const crit = critProblem(header.crit);
  if (crit !== undefined) return refuse(crit);
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse('token signature is invalid');
  }
  const problem = claimsProblem(claims, now.getTime());
  return problem === undefined ? { ok: true, claims } : refuse(problem);
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How a server checks the credential of one security scheme. */
export type CredentialCheck = (headers: Record<string, string | string[] | undefined>) => string | null;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export interface BearerJwtOptions {
  /** The header that carries `Bearer <token>` (the platform's `http_header`; default `Authorization`). */
  header?: string;
  /** The verifier's clock. */
  clock?: () => Date;
}

/** `Bearer <HS256 JWT>` in the platform's JWT header; returns null when valid, else the reason. */
export function bearerJwt(secret: string, options: BearerJwtOptions = {}): CredentialCheck {
  assert(secretProblem(secret));
  const header = options.header ?? DEFAULT_JWT_HEADER;
  assert(headerNameProblem(header));
  const name = header.toLowerCase();
  const clock = options.clock ?? (() => new Date());
  const missing = name === 'authorization' ? 'missing bearer token' : `missing bearer token in ${header}`;
  return (headers) => {
    const value = first(headers[name]);
    const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
    if (!match?.[1]) return missing;
    const check = verifyHs256Jwt(match[1], secret, clock());
    return check.ok ? null : check.reason;
  };
}

/**
 * The raw shared secret in a header (default `X-Api-Key`, the only one the platform sends:
 * `AuthHelper.forApiKey` ignores `api_key.http_header`); returns null when valid, else the reason.
 */
export function apiKey(key: string, header = 'x-api-key'): CredentialCheck {
  if (isBlank(key)) throw new RangeError('the API key is empty or only whitespace');
  assert(headerNameProblem(header));
  const name = header.toLowerCase();
  return (headers) => {
    const given = first(headers[name]);
    if (!given) return `missing ${header} header`;
    return sameSecret(given, key) ? null : `wrong ${header}`;
  };
}

/**
 * What a client sends: a fresh platform JWT per request (in `jwtHeader`, default
 * `Authorization`), or the API key in `X-Api-Key`.
 */
export type ClientCredentials =
  | { jwtSecret: string; expiresInSeconds?: number; jwtHeader?: string }
  | { apiKey: string };

/**
 * A fetch middleware (openapi-fetch's `client.use`) that authenticates every request
 * the way the platform does.
 */
export function credentialsMiddleware(credentials: ClientCredentials) {
  let authenticate: (request: Request) => void;
  if ('jwtSecret' in credentials) {
    const { jwtSecret, expiresInSeconds = PLATFORM_JWT_LIFETIME_SECONDS } = credentials;
    const header = credentials.jwtHeader ?? DEFAULT_JWT_HEADER;
    assert(secretProblem(jwtSecret));
    assert(lifetimeProblem(expiresInSeconds));
    assert(headerNameProblem(header));
    authenticate = (request) =>
      request.headers.set(header, `Bearer ${signPlatformJwt(jwtSecret, { expiresInSeconds })}`);
  } else {
    const key = credentials.apiKey;
    authenticate = (request) => request.headers.set('x-api-key', key);
  }
  return {
    onRequest({ request }: { request: Request }) {
      authenticate(request);
      return request;
    },
  };
}
