import { readFileSync } from 'node:fs';
import { parseAssetConfig } from '@starspec/callbacks';
import { MIN_SECRET_BYTES, parseCorsOrigins } from '@starspec/runtime';
import { parse } from 'yaml';
import { DEFAULT_TIMEOUT_MS, type GatewayOptions, MAX_TIMEOUT_MS } from './gateway.js';

export const DEFAULT_PORT = 8082;
export const DEFAULT_ANCHOR_URL = 'http://127.0.0.1:8081';
export const DEFAULT_HOST = '127.0.0.1';

/** The environment variables the platform reads, with what each does (for --help). */
export const ENVIRONMENT: readonly [name: string, meaning: string][] = [
  [
    'HOST',
    `address to listen on (default ${DEFAULT_HOST}, this machine only; 0.0.0.0 or :: for other machines and containers)`,
  ],
  [
    'CORS_ORIGINS',
    'browser pages allowed to call the platform: * or origins separated by commas (default none)',
  ],
  ['PORT', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`],
  ['ANCHOR_URL', `the anchor's callback base URL (default ${DEFAULT_ANCHOR_URL})`],
  [
    'ANCHOR_JWT_SECRET',
    `send the anchor a fresh HS256 JWT signed with this secret (>= ${MIN_SECRET_BYTES} bytes)`,
  ],
  ['ANCHOR_API_KEY', 'send the anchor this key in X-Api-Key instead (when ANCHOR_JWT_SECRET is unset)'],
  [
    'CLIENT_JWT_SECRET',
    `verify client tokens with this secret (>= ${MIN_SECRET_BYTES} bytes); unset: quotes answer 403`,
  ],
  ['ASSETS_FILE', 'the asset configuration, YAML or JSON with `items: [{id, significant_decimals}]`'],
  [
    'ANCHOR_TIMEOUT_MS',
    `time limit of one anchor call (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS})`,
  ],
  [
    'RATE_CHECK_EXPIRY',
    "'true' also refuses expired firm rates and ones before expire_after, which the Anchor Platform accepts (default false)",
  ],
];

export class ConfigError extends Error {}

export interface PlatformConfig {
  host: string;
  port: number;
  /** Browser pages allowed to call the platform (CORS): any (`true`), the origins listed, or none. */
  cors: boolean | string[];
  gateway: GatewayOptions;
}

type Env = Record<string, string | undefined>;

/** Reads the platform's settings from the environment; throws ConfigError naming the bad variable. */
export function readConfig(env: Env = process.env): PlatformConfig {
  const value = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);

  const portText = value('PORT') ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^[0-9]+$/.test(portText) || port > 65535) {
    throw new ConfigError(`PORT must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`);
  }

  const host = value('HOST') ?? DEFAULT_HOST;
  if (/\s|\/|^\[|\]$/.test(host)) {
    throw new ConfigError(
      `HOST must be an address or host name such as 0.0.0.0, not ${JSON.stringify(host)}`,
    );
  }

  const anchorUrl = value('ANCHOR_URL') ?? DEFAULT_ANCHOR_URL;
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(anchorUrl);
  } catch {
    throw new ConfigError(`ANCHOR_URL must be an http(s) URL, not ${JSON.stringify(anchorUrl)}`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') {
    throw new ConfigError(`ANCHOR_URL must be an http(s) URL, not ${JSON.stringify(anchorUrl)}`);
  }

  const gateway: GatewayOptions = { anchorUrl };
  const jwtSecret = value('ANCHOR_JWT_SECRET');
  const apiKey = value('ANCHOR_API_KEY');
  if (jwtSecret !== undefined) {
    requireSecret('ANCHOR_JWT_SECRET', jwtSecret);
    gateway.anchorCredentials = { jwtSecret };
  } else if (apiKey !== undefined) {
    gateway.anchorCredentials = { apiKey };
  }

  const clientSecret = value('CLIENT_JWT_SECRET');
  if (clientSecret !== undefined) {
    requireSecret('CLIENT_JWT_SECRET', clientSecret);
    gateway.clientJwtSecret = clientSecret;
  }

  const assetsFile = value('ASSETS_FILE');
  if (assetsFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(assetsFile, 'utf8');
    } catch (error) {
      throw new ConfigError(`ASSETS_FILE ${assetsFile} cannot be read: ${(error as Error).message}`);
    }
    try {
      gateway.assets = parseAssetConfig(parse(text));
    } catch (error) {
      throw new ConfigError(`ASSETS_FILE ${assetsFile}: ${(error as Error).message}`);
    }
  }

  const timeoutText = value('ANCHOR_TIMEOUT_MS');
  if (timeoutText !== undefined) {
    const timeout = Number(timeoutText);
    if (!/^[0-9]+$/.test(timeoutText) || timeout < 1 || timeout > MAX_TIMEOUT_MS) {
      throw new ConfigError(`ANCHOR_TIMEOUT_MS must be an integer from 1 to ${MAX_TIMEOUT_MS}`);
    }
    gateway.timeoutMs = timeout;
  }

  const expiry = value('RATE_CHECK_EXPIRY');
  if (expiry !== undefined) {
    if (expiry !== 'true' && expiry !== 'false') {
      throw new ConfigError(`RATE_CHECK_EXPIRY must be true or false, not ${JSON.stringify(expiry)}`);
    }
    gateway.checkExpiry = expiry === 'true';
  }
  let cors: boolean | string[] = false;
  const corsText = value('CORS_ORIGINS');
  if (corsText !== undefined) {
    try {
      cors = parseCorsOrigins(corsText);
    } catch (error) {
      throw new ConfigError(`CORS_ORIGINS: ${(error as Error).message}`);
    }
  }
  return { host, port, cors, gateway };
}

function requireSecret(name: string, secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_BYTES} bytes`);
  }
}
