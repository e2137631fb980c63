import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { significantDecimals } from '@starspec/callbacks';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/index.js';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes!!';

describe('readConfig', () => {
  it('defaults: port 8082, the local anchor, no credentials, default assets', () => {
    expect(readConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8082,
      cors: false,
      gateway: { anchorUrl: 'http://127.0.0.1:8081' },
    });
  });

  it.each([
    ['*', true],
    [' * ', true],
    ['http://127.0.0.1:4000', ['http://127.0.0.1:4000']],
    ['https://docs.example, http://localhost:4000', ['https://docs.example', 'http://localhost:4000']],
  ])('reads CORS_ORIGINS=%j', (given, want) => {
    expect(readConfig({ CORS_ORIGINS: given }).cors).toEqual(want);
  });

  it('reads every variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-config-'));
    const assets = join(dir, 'assets.yaml');
    writeFileSync(
      assets,
      'items:\n  - id: iso4217:USD\n    significant_decimals: 4\n  - id: stellar:native\n',
    );
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      ANCHOR_URL: 'https://anchor.example.com/callbacks',
      ANCHOR_JWT_SECRET: SECRET,
      CLIENT_JWT_SECRET: SECRET,
      ASSETS_FILE: assets,
      ANCHOR_TIMEOUT_MS: '2500',
      RATE_CHECK_EXPIRY: 'true',
    });
    expect(config.port).toBe(9000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.gateway).toMatchObject({
      anchorUrl: 'https://anchor.example.com/callbacks',
      anchorCredentials: { jwtSecret: SECRET },
      clientJwtSecret: SECRET,
      timeoutMs: 2500,
      checkExpiry: true,
    });
    const configured = config.gateway.assets;
    expect(configured && significantDecimals(configured, 'iso4217:USD')).toBe(4);
    expect(configured && significantDecimals(configured, 'stellar:native')).toBe(7);
    expect(configured && significantDecimals(configured, 'iso4217:BRL')).toBeUndefined();
  });

  it('sends the API key when no JWT secret is set; the JWT secret wins when both are', () => {
    expect(readConfig({ ANCHOR_API_KEY: 'k' }).gateway.anchorCredentials).toEqual({ apiKey: 'k' });
    expect(readConfig({ ANCHOR_API_KEY: 'k', ANCHOR_JWT_SECRET: SECRET }).gateway.anchorCredentials).toEqual({
      jwtSecret: SECRET,
    });
  });

  it.each([
    [{ HOST: '0.0.0.0 ' }, 'HOST'],
    [{ HOST: '[::1]' }, 'HOST'],
    [{ HOST: 'http://x' }, 'HOST'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80a' }, 'PORT'],
    [{ ANCHOR_URL: 'localhost:8081' }, 'ANCHOR_URL'],
    [{ ANCHOR_URL: 'ftp://anchor' }, 'ANCHOR_URL'],
    [{ ANCHOR_JWT_SECRET: 'short' }, 'ANCHOR_JWT_SECRET'],
    [{ CLIENT_JWT_SECRET: 'short' }, 'CLIENT_JWT_SECRET'],
    [{ ASSETS_FILE: '/no/such/assets.yaml' }, 'ASSETS_FILE'],
    [{ ANCHOR_TIMEOUT_MS: '0' }, 'ANCHOR_TIMEOUT_MS'],
    [{ ANCHOR_TIMEOUT_MS: '600000' }, 'ANCHOR_TIMEOUT_MS'],
    [{ RATE_CHECK_EXPIRY: 'yes' }, 'RATE_CHECK_EXPIRY'],
    [{ CORS_ORIGINS: 'docs.example' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://docs.example/' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: ',' }, 'CORS_ORIGINS'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(name);
  });

  it('refuses an asset file that is not an asset configuration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-config-'));
    const assets = join(dir, 'assets.yaml');
    writeFileSync(assets, 'items:\n  - id: dollars\n');
    expect(() => readConfig({ ASSETS_FILE: assets })).toThrow(/ASSETS_FILE .*items\[0\]\.id/);
  });
});
