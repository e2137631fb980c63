/**
 * The anchor back-end: the generated server adapter of the callbacks contract (routing,
 * request validation, credential checks, errors as 400 {error}) with this anchor's handlers.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type Handlers } from '@starspec/callbacks';
import {
  apiKey,
  apiKeyProblem,
  bearerJwt,
  type CredentialCheck,
  closeGracefully,
  listen,
  type ServerOptions,
} from '@starspec/runtime';
import type { AnchorConfig, AuthConfig } from './config.js';
import { type KycConfig, parseKycConfig } from './customers/kyc-config.js';
import { CustomerService, type CustomerServiceOptions } from './customers/service.js';
import { parseRatesConfig, type RatesConfig } from './rates/config.js';
import { RateService } from './rates/service.js';
import { SqliteStore } from './storage/sqlite.js';
import type { Store } from './storage/store.js';

export interface AnchorOptions {
  store: Store;
  rates: RatesConfig;
  kyc: KycConfig;
  auth?: AuthConfig;
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
  /** Request limits (body sizes, connections, time); each defaults to the runtime's. */
  limits?: Pick<
    ServerOptions,
    'bodyLimitBytes' | 'jsonBodyLimitBytes' | 'bufferedBodyLimitBytes' | 'maxConnections' | 'requestTimeoutMs'
  >;
  /** Browser pages allowed to call the anchor (CORS). Default: none. */
  cors?: ServerOptions['cors'];
  validateResponses?: boolean;
  onError?: ServerOptions['onError'];
  sendCode?: CustomerServiceOptions['sendCode'];
}

export interface Anchor {
  server: Server;
  store: Store;
  rates: RatesConfig;
  kyc: KycConfig;
  handlers: Handlers;
  /** Starts listening; resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops accepting requests, lets those under way finish (up to `graceMs`), closes the store. */
  close(graceMs?: number): Promise<void>;
}

/**
 * The credential check for the configured scheme, by the contract's scheme names. Throws a
 * RangeError for a secret too weak to start with (as `loadConfig` refuses it from the environment).
 */
export function security(auth: AuthConfig | undefined): Record<string, CredentialCheck> | undefined {
  if (!auth || auth.type === 'none') return undefined;
  if (auth.type === 'jwt') {
    return { platformJwt: bearerJwt(auth.secret, auth.header ? { header: auth.header } : {}) };
  }
  const problem = apiKeyProblem(auth.secret);
  if (problem !== undefined) throw new RangeError(problem);
  return { platformApiKey: apiKey(auth.secret) };
}

export function createHandlers(options: AnchorOptions): Handlers {
  const now = options.now ?? Date.now;
  const customers = new CustomerService({
    store: options.store,
    kyc: options.kyc,
    rates: options.rates,
    now,
    ...(options.sendCode ? { sendCode: options.sendCode } : {}),
  });
  const rates = new RateService(options.rates, options.store, now);
  return {
    getCustomer: ({ query }) => customers.get(query),
    putCustomer: ({ body }) => customers.put(body),
    deleteCustomer: ({ path }) => customers.delete(path.id),
    getRate: ({ query }) => rates.getRate(query),
  };
}

export function createAnchor(options: AnchorOptions): Anchor {
  const handlers = createHandlers(options);
  const checks = security(options.auth);
  const server = createServer(handlers, {
    ...(checks ? { security: checks } : {}),
    ...options.limits,
    ...(options.cors ? { cors: options.cors } : {}),
    ...(options.validateResponses !== undefined ? { validateResponses: options.validateResponses } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  // Keep-alive connections must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  let closing: Promise<void> | undefined;
  return {
    server,
    store: options.store,
    rates: options.rates,
    kyc: options.kyc,
    handlers,
    listen: (port = 0, host = '127.0.0.1') => listen(server, port, host),
    close(graceMs = 5000) {
      closing ??= (async () => {
        await closeGracefully(server, { graceMs });
        await options.store.close();
      })();
      return closing;
    },
  };
}

/** Builds the anchor from its configuration: reads the asset and KYC files, opens the database. */
export async function anchorFromConfig(
  config: AnchorConfig,
  extra: Partial<AnchorOptions> = {},
): Promise<Anchor> {
  const rates = parseRatesConfig(readFileSync(config.assetsFile, 'utf8'));
  const kyc = parseKycConfig(readFileSync(config.kycFile, 'utf8'));
  const store = new SqliteStore(config.databasePath);
  for (const transaction of kyc.transactions) await store.putTransaction(transaction);
  return createAnchor({
    store,
    rates,
    kyc,
    auth: config.auth,
    limits: {
      bodyLimitBytes: config.bodyLimitBytes,
      jsonBodyLimitBytes: config.jsonBodyLimitBytes,
      bufferedBodyLimitBytes: config.bufferedBodyLimitBytes,
      maxConnections: config.maxConnections,
      requestTimeoutMs: config.requestTimeoutMs,
    },
    cors: config.cors,
    ...extra,
  });
}
