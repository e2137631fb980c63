/**
 * Waiting between attempts: linear back-off (the strategy the contract names), the
 * server's `Retry-After`, and the injectable clock and sleep that make both testable.
 */

export interface Backoff {
  /** Wait before the second attempt. Default 1000 ms. */
  initialMs?: number;
  /** Added for every further attempt. Default 1000 ms. */
  stepMs?: number;
  /** Longest wait. Default 10 000 ms, or initialMs when that is larger. */
  maxMs?: number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
/** Milliseconds since the epoch. */
export type Clock = () => number;

/** The wait after the `attempt`-th failed attempt (1-based): initial, initial + step, … capped at max. */
export function linearDelay(attempt: number, backoff: Backoff = {}): number {
  const initial = backoff.initialMs ?? 1000;
  const step = backoff.stepMs ?? 1000;
  const max = backoff.maxMs ?? Math.max(10_000, initial);
  return Math.min(initial + step * Math.max(0, attempt - 1), max);
}

/**
 * `Retry-After` in milliseconds: delta-seconds (what the ledger API sends) or an
 * HTTP date. Undefined when absent or unreadable, so the caller falls back to back-off.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (/^[0-9]+$/.test(text)) return Number(text) * 1000;
  // Every HTTP date form names its month; without that, Date.parse reads '-3' as a year.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** setTimeout as a promise, ended early (rejecting) by an abort. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
