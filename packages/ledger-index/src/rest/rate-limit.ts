/**
 * Horizon's per-IP rate limit (its `--per-hour-rate-limit`, a GCRA bucket from the throttled
 * library): every answer carries `X-Ratelimit-Limit/Remaining/Reset`; a request past the
 * bucket gets 429 `rate_limit_exceeded` with `Retry-After`. Off unless configured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from '@starspec/runtime/http';
import { problemResult, RATE_LIMIT_EXCEEDED } from './problems.js';

export interface RateLimit {
  /** Requests per hour per client address (Horizon's default is 3600). */
  perHour: number;
  /** Requests allowed at once beyond the steady rate (Horizon: 100). */
  burst?: number;
}

/** GCRA: each client's theoretical arrival time; a request fits when it is within the burst tolerance. */
export function rateLimiter(limit: RateLimit, now: () => number = Date.now) {
  const interval = 3_600_000 / limit.perHour;
  const burst = limit.burst ?? 100;
  const tolerance = interval * burst;
  const arrivals = new Map<string, number>();
  return (client: string) => {
    const time = now();
    const tat = Math.max(arrivals.get(client) ?? time, time);
    const allowed = tat - time <= tolerance;
    const next = allowed ? tat + interval : tat;
    if (allowed) arrivals.set(client, next);
    // Forget clients whose bucket is full again, so the map stays small.
    if (arrivals.size > 10_000) for (const [key, at] of arrivals) if (at <= time) arrivals.delete(key);
    const remaining = Math.max(0, Math.floor((tolerance - (next - time)) / interval) + 1);
    return {
      allowed,
      headers: {
        'x-ratelimit-limit': String(burst + 1),
        'x-ratelimit-remaining': String(allowed ? remaining : 0),
        'x-ratelimit-reset': String(Math.ceil((next - time) / 1000)),
        ...(allowed
          ? {}
          : { 'retry-after': String(Math.max(1, Math.ceil((tat - tolerance - time) / 1000))) }),
      },
    };
  };
}

export function withRateLimit(listener: RequestListener, limit: RateLimit | undefined): RequestListener {
  if (!limit) return listener;
  const take = rateLimiter(limit);
  return (req: IncomingMessage, res: ServerResponse, next) => {
    const { allowed, headers } = take(req.socket.remoteAddress ?? '');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (allowed) return listener(req, res, next);
    req.resume();
    const answer = problemResult(RATE_LIMIT_EXCEEDED);
    const body = JSON.stringify(answer.body);
    res.writeHead(429, { ...answer.headers, 'content-length': Buffer.byteLength(body) }).end(body);
  };
}
