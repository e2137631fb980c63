/**
 * The cap on open event streams, in total and per client address. Horizon bounds them with the
 * rest of its requests: past `--max-concurrent-requests` (default 1000) it answers 503
 * (httpx/router.go, chi's Throttle), and per IP its rate limiter answers 429
 * `rate_limit_exceeded` (httpx/rate_limiter.go; render/sse/stream_handler.go ServeStream spends
 * the same quota on a stream). A stream refused here gets the same two problems.
 */
import { type Problem, RATE_LIMIT_EXCEEDED, SERVICE_UNAVAILABLE } from './problems.js';

export interface StreamLimits {
  /** Event streams open at once (default 1000, Horizon's `--max-concurrent-requests`). */
  maxStreams?: number;
  /** Event streams open at once from one client address (default 100, Horizon's rate-limit burst). */
  maxStreamsPerClient?: number;
}

export const DEFAULT_MAX_STREAMS = 1000;
export const DEFAULT_MAX_STREAMS_PER_CLIENT = 100;

/** A slot taken (let it go once the stream ends), or the problem that refuses the stream. */
export type Slot = { release: () => void } | { refused: Problem };

export function streamSlots(limits: StreamLimits = {}) {
  const total = limits.maxStreams ?? DEFAULT_MAX_STREAMS;
  const perClient = limits.maxStreamsPerClient ?? DEFAULT_MAX_STREAMS_PER_CLIENT;
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    take(client: string): Slot {
      const mine = byClient.get(client) ?? 0;
      if (mine >= perClient) return { refused: RATE_LIMIT_EXCEEDED };
      if (open >= total) return { refused: SERVICE_UNAVAILABLE };
      open++;
      byClient.set(client, mine + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          open--;
          const left = (byClient.get(client) ?? 1) - 1;
          // Clients without a stream are forgotten, so the map holds at most `total` of them.
          if (left > 0) byClient.set(client, left);
          else byClient.delete(client);
        },
      };
    },
    /** Streams open now. */
    get open() {
      return open;
    },
  };
}

export type StreamSlots = ReturnType<typeof streamSlots>;
