/**
 * The platform's GET /rate call to the anchor, with the generated callbacks client, and what a
 * status other than 200 means for the client. The Anchor Platform maps statuses in
 * PlatformIntegrationHelper.httpError (stellar/java-stellar-anchor-sdk 3.0): 400 and 422 are a
 * bad request, 404 not found, 401 an UnauthorizedException (which its exception handler cannot
 * take: Spring answers 500), any other status Spring's HttpStatus knows a ServerErrorException
 * (502), and a status it does not know an IllegalArgumentException (500).
 */

import { createClient, type RateRequest, readErrorResponse } from '@starspec/callbacks';
import { type ClientCredentials, credentialsMiddleware } from '@starspec/runtime';

/** What the anchor answered: the status and the body's text. */
export interface AnchorAnswer {
  status: number;
  text: string;
}

/** The call did not give an answer: unreachable (503), too slow (504) or unreadable (502). */
export interface AnchorFailure {
  failed: 502 | 503 | 504;
  error: string;
}

export interface AnchorCallOptions {
  anchorUrl: string;
  anchorCredentials?: ClientCredentials;
  timeoutMs: number;
  maxBodyBytes: number;
  fetch: typeof fetch;
}

// The client's fetch hands the answer back by throwing it: a fetch Response cannot carry every
// status an anchor may send (999 is outside 200-599).
class Answered extends Error {
  constructor(readonly answer: AnchorAnswer) {
    super(`HTTP ${answer.status}`);
  }
}
class Unreadable extends Error {}

export function createAnchorCaller(options: AnchorCallOptions) {
  const { timeoutMs, maxBodyBytes } = options;
  const readingFetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    const response = await options.fetch(input, init);
    let text: string;
    try {
      text = await readLimited(response, maxBodyBytes);
    } catch (error) {
      if (input.signal.aborted || error instanceof Unreadable) throw error;
      throw new Unreadable(`the anchor's answer to GET /rate could not be read: ${reason(error)}`);
    }
    throw new Answered({ status: response.status, text });
  };
  const anchor = createClient({ baseUrl: options.anchorUrl, fetch: readingFetch });
  if (options.anchorCredentials) anchor.use(credentialsMiddleware(options.anchorCredentials));

  return async function callAnchor(query: RateRequest): Promise<AnchorAnswer | AnchorFailure> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      await anchor.GET('/rate', { params: { query }, parseAs: 'text', redirect: 'manual', signal });
    } catch (error) {
      if (error instanceof Answered) return error.answer;
      if (signal.aborted)
        return { failed: 504, error: `the anchor did not answer GET /rate within ${timeoutMs} ms` };
      if (error instanceof Unreadable) return { failed: 502, error: error.message };
      // A status line or headers our HTTP client cannot parse: an answer, but an unreadable one.
      // Node 20's undici names the parser error by code; Node 24's only by the error's name.
      const code = causeCode(error);
      const parser = (error as { cause?: { name?: unknown; message?: unknown } }).cause;
      if (code?.startsWith('HPE_') || parser?.name === 'HTTPParserError') {
        const detail = code?.toLowerCase() ?? String(parser?.message ?? 'malformed answer');
        return { failed: 502, error: `the anchor's answer to GET /rate could not be read: ${detail}` };
      }
      return { failed: 503, error: `the anchor is unreachable: ${reason(error)}` };
    }
    throw new Error('GET /rate ended without an answer'); // the fetch above always throws
  };
}

// org.springframework.http.HttpStatus (Spring 6.1): the statuses HttpStatus.valueOf accepts.
const KNOWN_STATUSES = new Set([
  100,
  101,
  102,
  103,
  200,
  201,
  202,
  203,
  204,
  205,
  206,
  207,
  208,
  226,
  300,
  301,
  302,
  303,
  304,
  305,
  307,
  308,
  ...Array.from({ length: 27 }, (_, i) => 400 + i),
  428,
  429,
  431,
  451,
  ...Array.from({ length: 12 }, (_, i) => 500 + i),
]);

/** The client's answer for an anchor status other than 200, as the Anchor Platform gives it. */
export function statusRefusal(answer: AnchorAnswer): { status: 400 | 404 | 500 | 502; error: string } {
  const { status } = answer;
  if (!KNOWN_STATUSES.has(status)) {
    return {
      status: 500,
      error: `the anchor answered GET /rate with HTTP ${status}, a status the platform does not know`,
    };
  }
  // The anchor's `error` as Gson reads it; the platform falls back on the reason phrase.
  const read = readErrorResponse(answer.text);
  const given = read.kind === 'read' ? read.value.error : null;
  const error = given === null || given === '' ? undefined : given.slice(0, 1000);
  if (status === 400 || status === 422) return { status: 400, error: error ?? 'Bad Request' };
  if (status === 404) return { status: 404, error: error ?? 'Not Found' };
  if (status === 401) {
    return { status: 500, error: "the anchor refused the platform's credentials (HTTP 401 to GET /rate)" };
  }
  return { status: 502, error: `the anchor answered GET /rate with HTTP ${status}` };
}

async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => new Unreadable(`the anchor's answer to GET /rate is larger than ${limit} bytes`);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  // UTF-8 with a byte order mark dropped, as the platform's OkHttp decodes an answer without a charset.
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function causeCode(error: unknown): string | undefined {
  type Cause = { code?: unknown; errors?: { code?: unknown }[] };
  const cause = (error as { cause?: Cause } | undefined)?.cause;
  // Several addresses tried (localhost: ::1 and 127.0.0.1) give an AggregateError.
  const raw = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof raw === 'string' ? raw : undefined;
}

/** A short reason for a network failure: the system error code when there is one. */
function reason(error: unknown): string {
  const code = causeCode(error);
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
