/**
 * The anchor's configuration, read from the environment. Every setting has a default, so the
 * anchor starts with nothing set: port 8081 (the platform's default callback address), a SQLite
 * file under apps/anchor/data, the asset and KYC files beside package.json, and no
 * authentication (the platform's own default, `callback_api.auth.type: none`).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiKeyProblem,
  DEFAULT_JWT_HEADER,
  headerNameProblem,
  MIN_API_KEY_BYTES,
  MIN_SECRET_BYTES,
  parseCorsOrigins,
  secretProblem,
} from '@starspec/runtime';

/** apps/anchor, whether running from src/ (tests) or dist/. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export type AuthConfig =
  | { type: 'none' }
  /** `header` carries `Bearer <token>` (default `Authorization`). */
  | { type: 'jwt'; secret: string; header?: string }
  | { type: 'api_key'; secret: string };

export interface AnchorConfig {
  host: string;
  port: number;
  /** A file path, or `:memory:` for a throw-away database. */
  databasePath: string;
  assetsFile: string;
  kycFile: string;
  auth: AuthConfig;
  /** Largest accepted request body (multipart uploads of documents included). */
  bodyLimitBytes: number;
  /** Largest accepted JSON body: far below uploads, since it is parsed into objects. */
  jsonBodyLimitBytes: number;
  /** Body bytes all requests being read may hold together. */
  bufferedBodyLimitBytes: number;
  /** Open connections at most. */
  maxConnections: number;
  /** Time to receive a whole request, body included (ms). */
  requestTimeoutMs: number;
  /** Browser pages allowed to call the anchor (CORS): any (`true`), the origins listed, or none. */
  cors: boolean | string[];
}

/** The defaults of the limits, in one place for the configuration, its help text and the README. */
export const LIMITS = {
  BODY_LIMIT_BYTES: ['largest request body (uploads included)', 10 * 1024 * 1024, 1024, 1024 ** 3],
  JSON_BODY_LIMIT_BYTES: ['largest JSON request body', 100 * 1024, 1024, 1024 ** 3],
  BUFFERED_BODY_LIMIT_BYTES: [
    'request body bytes held at once, all requests together',
    64 * 1024 * 1024,
    1024,
    1024 ** 4,
  ],
  MAX_CONNECTIONS: ['open connections at most', 256, 1, 1_000_000],
  REQUEST_TIMEOUT_MS: ['time to receive a whole request (ms)', 30_000, 1000, 3_600_000],
} as const;

export class ConfigError extends Error {}

export const ENVIRONMENT = [
  ['PORT', 'port to listen on', '8081'],
  ['HOST', 'address to listen on', '127.0.0.1'],
  ['CORS_ORIGINS', 'browser pages allowed to call the anchor: * or origins separated by commas', 'none'],
  ['DATABASE_PATH', 'SQLite database file (":memory:" for none)', 'apps/anchor/data/anchor.db'],
  [
    'ASSETS_FILE',
    "asset configuration (the Anchor Platform's shape, plus prices and fees)",
    'apps/anchor/assets.yaml',
  ],
  ['KYC_FILE', 'customer requirements per type and transaction amount', 'apps/anchor/kyc.yaml'],
  ['CALLBACK_API_AUTH_TYPE', "none | jwt | api_key, as the platform's callback_api.auth.type", 'none'],
  [
    'SECRET_CALLBACK_API_AUTH_SECRET',
    `the shared secret (at least ${MIN_SECRET_BYTES} bytes for jwt, ${MIN_API_KEY_BYTES} for api_key; not only whitespace)`,
    '',
  ],
  [
    'CALLBACK_API_AUTH_JWT_HTTP_HEADER',
    "the header that carries the JWT, as the platform's callback_api.auth.jwt.http_header",
    DEFAULT_JWT_HEADER,
  ],
  ...Object.entries(LIMITS).map(([name, [what, fallback]]) => [name, what, String(fallback)] as const),
] as const;

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; found ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function corsOrigins(text: string | undefined): boolean | string[] {
  if (text === undefined) return false;
  try {
    return parseCorsOrigins(text);
  } catch (error) {
    throw new ConfigError(`CORS_ORIGINS: ${(error as Error).message}`);
  }
}

/** The platform's callback_api.auth, as it configures it through the environment. */
function readAuth(env: NodeJS.ProcessEnv, value: (name: string) => string | undefined): AuthConfig {
  const type = (value('CALLBACK_API_AUTH_TYPE') ?? 'none').toLowerCase();
  if (type === 'none') return { type: 'none' };
  if (type !== 'jwt' && type !== 'api_key') {
    throw new ConfigError(
      `CALLBACK_API_AUTH_TYPE must be none, jwt or api_key; found ${JSON.stringify(type)}`,
    );
  }
  // The secret is taken as given: surrounding spaces are part of it, as the platform reads it.
  const secret = env.SECRET_CALLBACK_API_AUTH_SECRET ?? '';
  if (secret === '')
    throw new ConfigError(`CALLBACK_API_AUTH_TYPE=${type} needs SECRET_CALLBACK_API_AUTH_SECRET`);
  const problem = type === 'jwt' ? secretProblem(secret) : apiKeyProblem(secret);
  if (problem !== undefined) {
    throw new ConfigError(`SECRET_CALLBACK_API_AUTH_SECRET: ${problem} (CALLBACK_API_AUTH_TYPE=${type})`);
  }
  if (type === 'api_key') return { type, secret };
  const header = value('CALLBACK_API_AUTH_JWT_HTTP_HEADER') ?? DEFAULT_JWT_HEADER;
  const headerProblem = headerNameProblem(header);
  if (headerProblem !== undefined)
    throw new ConfigError(`CALLBACK_API_AUTH_JWT_HTTP_HEADER: ${headerProblem}`);
  return { type, secret, header };
}

/** Reads the configuration; relative paths are resolved against `cwd`. Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AnchorConfig {
  const value = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const path = (name: string, fallback: string) => {
    const given = value(name);
    if (given === undefined) return fallback;
    return given === ':memory:' ? given : resolve(cwd, given);
  };

  const limit = (name: keyof typeof LIMITS) => {
    const [, fallback, min, max] = LIMITS[name];
    return integer(name, value(name) ?? String(fallback), min, max);
  };

  const auth = readAuth(env, value);

  return {
    host: value('HOST') ?? '127.0.0.1',
    port: integer('PORT', value('PORT') ?? '8081', 0, 65535),
    databasePath: path('DATABASE_PATH', join(PACKAGE_DIR, 'data', 'anchor.db')),
    assetsFile: path('ASSETS_FILE', join(PACKAGE_DIR, 'assets.yaml')),
    kycFile: path('KYC_FILE', join(PACKAGE_DIR, 'kyc.yaml')),
    auth,
    bodyLimitBytes: limit('BODY_LIMIT_BYTES'),
    jsonBodyLimitBytes: limit('JSON_BODY_LIMIT_BYTES'),
    bufferedBodyLimitBytes: limit('BUFFERED_BODY_LIMIT_BYTES'),
    maxConnections: limit('MAX_CONNECTIONS'),
    requestTimeoutMs: limit('REQUEST_TIMEOUT_MS'),
    cors: corsOrigins(value('CORS_ORIGINS')),
  };
}
