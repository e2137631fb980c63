/**
 * The platform's side of GET /rate: a client asks for a price or a firm quote, the platform
 * forwards the request to the anchor with the generated callbacks client, and answers as the
 * Anchor Platform does (stellar/java-stellar-anchor-sdk 3.0: RestRateIntegration, Sep38Service):
 *
 * - the request names an asset missing from the asset configuration, or an amount with more
 *   decimals than its asset allows: 400, the anchor is not called;
 * - the anchor answers 200: the platform verdict of validateRateResponse decides: the rate, or
 *   502/500 `{error: "<rule id>: <message>"}` naming the rule the platform stops at;
 * - any other status: as PlatformIntegrationHelper.httpError maps it (statusRefusal);
 * - the anchor cannot be reached: 503; it does not answer in time: 504; its answer cannot be
 *   read (cut off, over the size limit): 502.
 */
import type { Server } from 'node:http';
import {
  type AssetConfig,
  defaultAssetConfig,
  type RateRequest,
  validateRateResponse,
} from '@starspec/callbacks';
import type { ClientCredentials, ServerOptions } from '@starspec/runtime';
import { createAnchorCaller, statusRefusal } from './anchor-call.js';
import { authenticateClient, type ClientAuth } from './client-auth.js';
import { createServer, type Handlers } from './generated/server.gen.js';
import type { components } from './generated/types.gen.js';
import { type Quote, QuoteStore } from './quotes.js';
import { type CheckedRate, checkedRate, checkRequest, rateRequest, violationMessage } from './rate-view.js';

export type Price = components['schemas']['Price'];
type QuoteRequest = components['schemas']['QuoteRequest'];

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_TIMEOUT_MS = 120_000;
/** Largest anchor answer the platform reads; a rate is a few hundred bytes. */
export const DEFAULT_MAX_ANCHOR_BODY_BYTES = 1024 * 1024;
/** Largest client request body (POST /quote). */
export const BODY_LIMIT_BYTES = 16 * 1024;

export interface GatewayOptions {
  /** The anchor's callback base URL, e.g. http://127.0.0.1:8081. */
  anchorUrl: string;
  /** What the platform sends the anchor: a fresh HS256 JWT per request or the API key. */
  anchorCredentials?: ClientCredentials;
  /** The platform's asset configuration. Default: every well-formed asset with its scheme's decimals. */
  assets?: AssetConfig;
  /** Verifies client tokens. Without it no token is accepted (POST /quote and GET /quote/{id} answer 403). */
  clientJwtSecret?: string;
  /** Time limit of one anchor call, connection and body included (ms). Default 10 s, at most 120 s. */
  timeoutMs?: number;
  /**
   * Also refuse (502) a firm rate already expired or expiring before `expire_after`, which the
   * Anchor Platform does not check. Default false.
   */
  checkExpiry?: boolean;
  /** Stored quotes kept at most. Default 10,000. */
  maxQuotes?: number;
  /** Bytes of stored quotes kept at most. Default 32 MiB. */
  maxQuoteBytes?: number;
  /** Largest anchor answer read. Default 1 MiB. */
  maxAnchorBodyBytes?: number;
  /** Clock for tokens and expiry checks. */
  clock?: () => Date;
  /** The fetch used to reach the anchor (tests). Default: global fetch. */
  fetch?: typeof fetch;
}

/** The answer to a client when the rate cannot be given. */
export interface Refusal {
  status: 400 | 403 | 404 | 500 | 502 | 503 | 504;
  body: { error: string };
}

export interface Gateway {
  handlers: Handlers;
  quotes: QuoteStore;
  /** Forwards one rate request and decides as the platform: the rate, or the refusal to answer. */
  rate(request: RateRequest): Promise<{ ok: true; rate: CheckedRate } | { ok: false; refusal: Refusal }>;
}

const refuse = <S extends Refusal['status']>(status: S, error: string) => ({ status, body: { error } });

const EXPIRY_RULES = new Set(['rate.firm.expires-in-future', 'rate.firm.honours-expire-after']);

export function createGateway(options: GatewayOptions): Gateway {
  const assets = options.assets ?? defaultAssetConfig();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS}`);
  }
  const checkExpiry = options.checkExpiry ?? false;
  const clock = options.clock ?? (() => new Date());
  const quotes = new QuoteStore(options.maxQuotes, options.maxQuoteBytes);
  const callAnchor = createAnchorCaller({
    anchorUrl: options.anchorUrl,
    ...(options.anchorCredentials ? { anchorCredentials: options.anchorCredentials } : {}),
    timeoutMs,
    maxBodyBytes: options.maxAnchorBodyBytes ?? DEFAULT_MAX_ANCHOR_BODY_BYTES,
    fetch: options.fetch ?? globalThis.fetch,
  });

  async function rate(request: RateRequest): Promise<Awaited<ReturnType<Gateway['rate']>>> {
    const unfit = checkRequest(request, assets);
    if (unfit !== undefined) return { ok: false, refusal: refuse(400, unfit) };
    const answer = await callAnchor(request);
    if ('failed' in answer) return { ok: false, refusal: refuse(answer.failed, answer.error) };
    if (answer.status !== 200) {
      const { status, error } = statusRefusal(answer);
      return { ok: false, refusal: refuse(status, error) };
    }
    const verdict = validateRateResponse({ request, body: answer.text, assets, checkExpiry, now: clock() });
    const { platform } = verdict;
    const [stopped] = platform.violations;
    if (platform.outcome !== 'accept' || platform.answer === undefined || stopped !== undefined) {
      const status = platform.outcome === '500' ? 500 : 502;
      const error = stopped === undefined ? 'the rate cannot be given' : violationMessage(stopped);
      return { ok: false, refusal: refuse(status, error) };
    }
    const expiry = checkExpiry
      ? verdict.contract.violations.find((v) => EXPIRY_RULES.has(v.rule))
      : undefined;
    if (expiry !== undefined) return { ok: false, refusal: refuse(502, violationMessage(expiry)) };
    return { ok: true, rate: checkedRate(platform.answer) };
  }

  const identify = (headers: { authorization?: string | string[] }): ClientAuth =>
    authenticateClient(headers.authorization, options.clientJwtSecret, clock());

  const handlers: Handlers = {
    getPrice: async ({ query, headers }) => {
      let clientId: string | undefined;
      if (headers.authorization !== undefined) {
        const auth = identify(headers);
        if (!auth.ok) return refuse(403, auth.reason);
        clientId = auth.client.account;
      }
      const answer = await rate(rateRequest('indicative', query, clientId));
      if (!answer.ok) return answer.refusal;
      const { id: _id, expires_at: _expiresAt, ...price } = answer.rate;
      return { status: 200, body: price };
    },

    postQuote: async ({ body, headers }) => {
      const auth = identify(headers);
      if (!auth.ok) return refuse(403, auth.reason);
      const request = body as QuoteRequest;
      const answer = await rate(rateRequest('firm', request, auth.client.account));
      if (!answer.ok) return answer.refusal;
      const { rate: checked } = answer;
      // The platform refuses a firm rate without both, so they are here.
      if (checked.id === undefined || checked.expires_at === undefined) {
        throw new Error('a firm rate was accepted without id or expires_at');
      }
      const quote: Quote = {
        id: checked.id,
        expires_at: checked.expires_at,
        total_price: checked.total_price,
        price: checked.price,
        sell_asset: request.sell_asset,
        sell_amount: checked.sell_amount,
        ...(request.sell_delivery_method === undefined
          ? {}
          : { sell_delivery_method: request.sell_delivery_method }),
        buy_asset: request.buy_asset,
        buy_amount: checked.buy_amount,
        ...(request.buy_delivery_method === undefined
          ? {}
          : { buy_delivery_method: request.buy_delivery_method }),
        fee: checked.fee,
      };
      quotes.save(auth.client.sub, quote);
      return { status: 201, body: quote };
    },

    getQuote: ({ path, headers }) => {
      const auth = identify(headers);
      if (!auth.ok) return refuse(403, auth.reason);
      const quote = quotes.find(auth.client.sub, path.id);
      return quote === undefined ? refuse(404, 'quote not found') : { status: 200, body: quote };
    },
  };

  return { handlers, quotes, rate };
}

/** The platform as a node:http server. Requests are validated against the platform contract first. */
export function createPlatformServer(options: GatewayOptions, serverOptions: ServerOptions = {}): Server {
  const report =
    serverOptions.onError ??
    ((error, context) => console.error(`[${context.operationId ?? 'platform'}]`, error));
  // A client that hangs up mid-body never reaches onError: the runtime treats it as gone. Requests
  // Node cannot parse get the {error} shape from the runtime's server.
  const server = createServer(createGateway(options).handlers, {
    bodyLimitBytes: BODY_LIMIT_BYTES,
    ...serverOptions,
    onError: report,
  });
  return server;
}
