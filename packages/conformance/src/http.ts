/**
 * The one HTTP client of the suites: every request has a time limit, and every exchange is
 * recorded (credentials redacted, long bodies cut) so that a failure can show it. A rate-limited
 * answer (429) is waited out as its Retry-After asks, a bounded number of times: a provider that
 * limits the rate (Horizon does by default) is slowed down to, not failed.
 */
import type { Exchange, RecordedRequest, RecordedResponse } from './model.js';

/** Bodies longer than this are kept as a cut text in evidence. */
export const MAX_EVIDENCE_BODY = 16 * 1024;

export interface HttpRequest {
  method?: string;
  /** A path relative to the base URL (`/rate?type=firm`), or an absolute URL. */
  path: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** Sent as is when a string; as JSON otherwise (with `content-type: application/json`). */
  body?: unknown;
}

export interface HttpOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Sent with every request (a request's own headers win). */
  headers?: Record<string, string>;
}

const SECRET_HEADERS = new Set(['authorization', 'x-api-key']);

/**
 * Shows a credential's shape without the credential: the values of the credential headers, and
 * a bearer token in any header (the platform's JWT header is configurable).
 */
export function redact(name: string, value: string): string {
  const bearer = /^(Bearer)\s+(.*)$/i.exec(value);
  if (!SECRET_HEADERS.has(name.toLowerCase()) && !bearer) return value;
  if (bearer) return `${bearer[1]} <${bearer[2]?.length ?? 0} characters, redacted>`;
  return `<${value.length} characters, redacted>`;
}

/** Joins a base URL and a path (keeping a base path such as `/api`) and adds query parameters. */
export function urlOf(baseUrl: string, path: string, query?: Record<string, string | undefined>): string {
  // An empty path is the base URL itself (a JSON-RPC endpoint).
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : path === ''
      ? new URL(baseUrl)
      : new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.toString();
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body as evidence: parsed JSON when small enough, else a cut text. */
export function evidenceBody(text: string): unknown {
  if (text.length > MAX_EVIDENCE_BODY) {
    return `${text.slice(0, MAX_EVIDENCE_BODY)}… (cut; ${text.length} characters in all)`;
  }
  return parseBody(text);
}

export interface HttpAnswer {
  exchange: Exchange;
  /** The parsed body (JSON, else text), never cut; undefined when there was no response. */
  body: unknown;
  /** The 429 answers waited out before `exchange`, oldest first. */
  rateLimited: Exchange[];
}

/** A request answered 429 is sent again at most this many times. */
export const RATE_LIMIT_RETRIES = 10;
/** The longest wait for one 429, whatever its Retry-After says. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** The wait for a 429 without a Retry-After that can be read. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 1000;

/** How long a 429 asks to wait: Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), capped. */
export function rateLimitWaitMs(retryAfter: string | undefined, now = Date.now()): number {
  const value = retryAfter?.trim() ?? '';
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : value === '' ? Number.NaN : Date.parse(value) - now;
  const wait = Number.isFinite(ms) ? Math.max(0, ms) : DEFAULT_RATE_LIMIT_WAIT_MS;
  return Math.min(wait, MAX_RATE_LIMIT_WAIT_MS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e?.message ?? 'request failed'} (${cause})` : (e?.message ?? String(error));
}

/**
 * Sends one request, again after each 429 (at most RATE_LIMIT_RETRIES times); never throws: a
 * transport failure is recorded as `exchange.error`.
 */
export async function send(options: HttpOptions, request: HttpRequest): Promise<HttpAnswer> {
  const rateLimited: Exchange[] = [];
  for (;;) {
    const answer = await sendOnce(options, request);
    const response = answer.exchange.response;
    if (response?.status !== 429 || rateLimited.length >= RATE_LIMIT_RETRIES)
      return { ...answer, rateLimited };
    rateLimited.push(answer.exchange);
    await sleep(rateLimitWaitMs(response.headers['retry-after']));
  }
}

async function sendOnce(
  options: HttpOptions,
  request: HttpRequest,
): Promise<Omit<HttpAnswer, 'rateLimited'>> {
  const method = (request.method ?? 'GET').toUpperCase();
  const url = urlOf(options.baseUrl, request.path, request.query);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...options.headers,
    ...request.headers,
  };
  let payload: string | undefined;
  if (request.body !== undefined) {
    if (typeof request.body === 'string') {
      payload = request.body;
    } else {
      payload = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const recorded: RecordedRequest = {
    method,
    url,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), redact(k, v)])),
  };
  if (payload !== undefined) recorded.body = evidenceBody(payload);

  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    const answer: RecordedResponse = {
      status: response.status,
      headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
    };
    const shown = evidenceBody(text);
    if (shown !== undefined) answer.body = shown;
    return {
      exchange: { request: recorded, response: answer, durationMs: Math.round(performance.now() - started) },
      body: parseBody(text),
    };
  } catch (error) {
    return {
      exchange: {
        request: recorded,
        error: describeError(error, options.timeoutMs),
        durationMs: Math.round(performance.now() - started),
      },
      body: undefined,
    };
  }
}
