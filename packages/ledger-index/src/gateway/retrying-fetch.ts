/**
 * The gateway's fetch to its RPC server: a call that only reads is sent again, once, when the
 * connection it went out on was reset or closed under it. A kept-alive connection that the
 * server closes as idle just as a request goes out fails that way (`fetch failed`: ECONNRESET,
 * or undici's "other side closed"); the request never reached a handler. Go's http.Transport
 * retries such requests the same way when they are idempotent (transport.go, rewindBody and
 * shouldRetryRequest). sendTransaction is never sent twice.
 */

import { causes } from './error-causes.js';

/** The stellar-rpc methods that change nothing on the server. */
const READS: ReadonlySet<string> = new Set([
  'getEvents',
  'getFeeStats',
  'getHealth',
  'getLatestLedger',
  'getLedgerEntries',
  'getLedgers',
  'getNetwork',
  'getTransaction',
  'getTransactions',
  'getVersionInfo',
  'simulateTransaction',
]);

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether a fetch failure (or one of its causes) is a connection the other side reset or closed. */
export function wasReset(error: unknown): boolean {
  for (const cause of causes(error, 4)) {
    if (!(cause instanceof Error)) return false;
    const { code } = cause as NodeJS.ErrnoException;
    if ((code && RESET_CODES.has(code)) || cause.message === 'other side closed') return true;
  }
  return false;
}

/** Whether a JSON-RPC body (one call or a batch) only reads. */
export function onlyReads(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    const payload: unknown = JSON.parse(body);
    const calls = Array.isArray(payload) ? payload : [payload];
    return (
      calls.length > 0 &&
      calls.every((call) => READS.has((call as { method?: unknown } | null)?.method as string))
    );
  } catch {
    return false;
  }
}

/** `doFetch`, asking a read again once when its connection was reset. */
export function retryingReset(doFetch: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await doFetch(input, init);
    } catch (error) {
      if (init?.signal?.aborted || !wasReset(error) || !onlyReads(init?.body)) throw error;
      return doFetch(input, init);
    }
  };
}
