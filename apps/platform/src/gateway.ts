/**
 * The platform's side of GET /rate: a client asks for a price or a firm quote, the platform
 * forwards the request to the anchor with the generated callbacks client, checks the answer with
 * the platform's rate rules, and answers the client with the rate or an error:
 *
 * - the request names an asset missing from the asset configuration, or an amount with more
 *   decimals than its asset allows: 400, the anchor is not called (no answer could pass the rules);
 * - the anchor answers 400/422 or 404: the same status with the anchor's `error`;
 * - the anchor answers 200 with a rate that breaks a rule: 502 `{error: "<rule id>: <message>"}`;
 * - any other status, a redirect, an unreadable or oversized body: 502;
 * - the anchor cannot be reached: 503; it does not answer in time: 504.
 */
import type { Server } from 'node:http';
import {
  type AssetConfig,
  createClient,
  defaultAssetConfig,
  type RateRequest,
  type RateViolation,
  significantDecimals,
  validateRateResponse,
} from '@starspec/callbacks';
import { type ClientCredentials, credentialsMiddleware, type ServerOptions } from '@starspec/runtime';
import Big from 'big.js';
import { authenticateClient, type ClientAuth } from './client-auth.js';
import { createServer, type Handlers } from './generated/server.js';
import type { components, operations } from './generated/types.js';
import { type Quote, QuoteStore } from './quotes.js';

export type Price = components['schemas']['Price'];
export type Fee = components['schemas']['Fee'];
type PriceQuery = operations['getPrice']['parameters']['query'];
type QuoteRequest = components['schemas']['QuoteRequest'];

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_TIMEOUT_MS = 120_000;
/** Largest anchor answer the platform reads; a rate is a few hundred bytes. */
export const DEFAULT_MAX_ANCHOR_BODY_BYTES = 1024 * 1024;
/** Largest client request body (POST /quote). */
export const BODY_LIMIT_BYTES = 16 * 1024;
/** How many violations a 502 spells out; the ids of the rest are still named. */
const SPELLED_OUT_VIOLATIONS = 5;

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
  /** Also refuse a firm rate that is already expired or expires before `expire_after`. Default true. */
  checkExpiry?: boolean;
  /** Stored quotes kept at most. Default 10,000. */
  maxQuotes?: number;
  /** Largest anchor answer read. Default 1 MiB. */
  maxAnchorBodyBytes?: number;
  /** Clock for tokens and expiry checks. */
  clock?: () => Date;
  /** The fetch used to reach the anchor (tests). Default: global fetch. */
  fetch?: typeof fetch;
}

/** The answer to a client when the rate cannot be given. */
export interface Refusal {
  status: 400 | 403 | 404 | 502 | 503 | 504;
  body: { error: string };
}

export interface Gateway {
  handlers: Handlers;
  quotes: QuoteStore;
  /** Forwards one rate request and applies the rules: the checked rate, or the refusal to answer. */
  rate(request: RateRequest): Promise<{ ok: true; rate: CheckedRate } | { ok: false; refusal: Refusal }>;
}

/** A rate that passed the rules, numbers in plain notation. */
export interface CheckedRate {
  id?: string;
  expires_at?: string;
  price: string;
  total_price: string;
  sell_amount: string;
  buy_amount: string;
  fee: Fee;
}

class AnchorBodyError extends Error {}

const refuse = <S extends Refusal['status']>(status: S, error: string) => ({ status, body: { error } });

export function createGateway(options: GatewayOptions): Gateway {
  const assets = options.assets ?? defaultAssetConfig();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS}`);
  }
  const maxBody = options.maxAnchorBodyBytes ?? DEFAULT_MAX_ANCHOR_BODY_BYTES;
  const checkExpiry = options.checkExpiry ?? true;
  const clock = options.clock ?? (() => new Date());
  const baseFetch = options.fetch ?? globalThis.fetch;
  const quotes = new QuoteStore(options.maxQuotes);

  // Every answer is read here, within the size limit, before the client parses it.
  const boundedFetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    const response = await baseFetch(input, init);
    let text: string;
    try {
      text = await readLimited(response, maxBody);
    } catch (error) {
      if (input.signal.aborted) throw error;
      if (error instanceof AnchorBodyError) throw error;
      throw new AnchorBodyError(`the anchor's answer to GET /rate could not be read: ${reason(error)}`);
    }
    const empty = text === '' || [204, 205, 304].includes(response.status);
    return new Response(empty ? null : text, {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' },
    });
  };

  const anchor = createClient({ baseUrl: options.anchorUrl, fetch: boundedFetch });
  if (options.anchorCredentials) anchor.use(credentialsMiddleware(options.anchorCredentials));

  const callRate = (query: RateRequest, signal: AbortSignal) =>
    anchor.GET('/rate', { params: { query }, parseAs: 'text', redirect: 'manual', signal });

  async function askAnchor(query: RateRequest): Promise<{ body: unknown } | Refusal> {
    const signal = AbortSignal.timeout(timeoutMs);
    let result: Awaited<ReturnType<typeof callRate>>;
    try {
      result = await callRate(query, signal);
    } catch (error) {
      if (signal.aborted) return refuse(504, `the anchor did not answer GET /rate within ${timeoutMs} ms`);
      if (error instanceof AnchorBodyError) return refuse(502, error.message);
      return refuse(503, `the anchor is unreachable: ${reason(error)}`);
    }
    const { status } = result.response;
    if (status === 200) return { body: parseJson(result.data) };
    const error = anchorError(result.error);
    if (status === 400 || status === 422) return refuse(400, error ?? 'the anchor refused the request');
    if (status === 404) return refuse(404, error ?? 'the anchor has no rate for this request');
    if (status === 401 || status === 403) {
      return refuse(502, `the anchor refused the platform's credentials (HTTP ${status} to GET /rate)`);
    }
    return refuse(502, `the anchor answered GET /rate with HTTP ${status}`);
  }

  async function rate(request: RateRequest): Promise<Awaited<ReturnType<Gateway['rate']>>> {
    const unfit = checkRequest(request, assets);
    if (unfit !== undefined) return { ok: false, refusal: refuse(400, unfit) };
    const answer = await askAnchor(request);
    if ('status' in answer) return { ok: false, refusal: answer };
    const verdict = validateRateResponse({
      request,
      response: answer.body,
      assets,
      checkExpiry,
      now: clock(),
    });
    if (!verdict.ok) return { ok: false, refusal: refuse(502, violationsMessage(verdict.violations)) };
    return { ok: true, rate: checkedRate(request, answer.body) };
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
      // The rules guarantee both for a firm rate.
      if (checked.id === undefined || checked.expires_at === undefined) {
        return refuse(502, 'rate.firm.id-required: the anchor gave no quote id');
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

/** The anchor's GET /rate query for a client request; absent values are left out. */
function rateRequest(
  type: 'indicative' | 'firm',
  source: PriceQuery | QuoteRequest,
  clientId: string | undefined,
): RateRequest {
  const request: RateRequest = { type, sell_asset: source.sell_asset, buy_asset: source.buy_asset };
  if (clientId !== undefined) request.client_id = clientId;
  if (source.sell_amount !== undefined) request.sell_amount = source.sell_amount;
  if (source.buy_amount !== undefined) request.buy_amount = source.buy_amount;
  if (source.country_code !== undefined) request.country_code = source.country_code;
  if (source.sell_delivery_method !== undefined) request.sell_delivery_method = source.sell_delivery_method;
  if (source.buy_delivery_method !== undefined) request.buy_delivery_method = source.buy_delivery_method;
  if (type === 'firm' && 'expire_after' in source && source.expire_after !== undefined) {
    request.expire_after = source.expire_after;
  }
  return request;
}

/**
 * Why no anchor answer could pass the rules for this request, or undefined. An asset missing
 * from the configuration (the Anchor Platform refuses it too), or a requested amount with more
 * decimals than its asset allows (the anchor must echo it, and the echo would break the rule).
 */
export function checkRequest(request: RateRequest, assets: AssetConfig): string | undefined {
  const sides = [
    ['sell', request.sell_asset, request.sell_amount],
    ['buy', request.buy_asset, request.buy_amount],
  ] as const;
  for (const [side, asset, amount] of sides) {
    const decimals = significantDecimals(assets, asset);
    if (decimals === undefined) {
      return `${side}_asset ${asset} is not offered: it is not in the platform's asset configuration`;
    }
    if (amount === undefined) continue;
    const places = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
    if (places > decimals) {
      return `${side}_amount ${amount} has ${places} decimal places; ${asset} allows at most ${decimals}`;
    }
  }
  return undefined;
}

/** `"<rule id>: <message>"` per violation; past a few, the remaining rule ids are named. */
export function violationsMessage(violations: readonly RateViolation[]): string {
  const shown = violations.slice(0, SPELLED_OUT_VIOLATIONS).map((v) => `${v.rule}: ${v.message}`);
  const rest = violations.slice(SPELLED_OUT_VIOLATIONS);
  if (rest.length > 0) {
    const ids = [...new Set(rest.map((v) => v.rule))].join(', ');
    shown.push(`and ${rest.length} more (${ids})`);
  }
  return shown.join('; ');
}

// big.js constructor for total_price: 10 decimals, rounded down (as the Anchor Platform does).
const PriceBig = Big();
PriceBig.DP = 10;
PriceBig.RM = Big.roundDown;

const PLAIN = /^-?[0-9]+(\.[0-9]+)?$/;

/** A decimal string the rules accepted, in plain notation ("1e2" → "100"); plain ones are kept as written. */
function plain(value: unknown): string {
  const text = String(value);
  if (PLAIN.test(text)) return text;
  return new Big(text.startsWith('+') ? text.slice(1) : text).toFixed();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The client's view of a rate that passed validateRateResponse (so its members have the checked types). */
function checkedRate(request: RateRequest, body: unknown): CheckedRate {
  const rate = (body as { rate: Record<string, unknown> }).rate;
  const sell = plain(rate.sell_amount);
  const buy = plain(rate.buy_amount);
  let fee: Fee;
  if (isRecord(rate.fee)) {
    fee = { total: plain(rate.fee.total), asset: String(rate.fee.asset) };
    if (Array.isArray(rate.fee.details)) {
      fee.details = rate.fee.details.map((item: Record<string, unknown>) => ({
        name: String(item.name),
        ...(typeof item.description === 'string' ? { description: item.description } : {}),
        amount: plain(item.amount),
      }));
    }
  } else {
    // The Anchor Platform's convention for a rate without a fee.
    fee = { total: '0', asset: request.sell_asset };
  }
  const checked: CheckedRate = {
    total_price: new PriceBig(sell).div(new PriceBig(buy)).toFixed(),
    price: plain(rate.price),
    sell_amount: sell,
    buy_amount: buy,
    fee,
  };
  if (typeof rate.id === 'string') checked.id = rate.id;
  if (typeof rate.expires_at === 'string') checked.expires_at = rate.expires_at;
  return checked;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Unparseable: the rules see the text itself and refuse it (rate.present).
    return text;
  }
}

function anchorError(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.error === 'string' && body.error !== '') return body.error.slice(0, 1000);
  return undefined;
}

async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new AnchorBodyError(`the anchor's answer to GET /rate is larger than ${limit} bytes`);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AnchorBodyError(`the anchor's answer to GET /rate is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A short reason for a network failure: the system error code when there is one. */
function reason(error: unknown): string {
  type Cause = { code?: unknown; errors?: { code?: unknown }[] };
  const cause = (error as { cause?: Cause } | undefined)?.cause;
  // Several addresses tried (localhost: ::1 and 127.0.0.1) give an AggregateError.
  const raw = cause?.code ?? cause?.errors?.[0]?.code;
  const code = typeof raw === 'string' ? raw : undefined;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'unknown host',
    EAI_AGAIN: 'host name lookup failed',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'connection closed',
  };
  if (code !== undefined) return known[code] ?? code.toLowerCase();
  return error instanceof Error ? error.message : String(error);
}
