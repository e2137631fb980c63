/**
 * Server-sent events, as Horizon streams (`render/sse`, `httpx` `renderStream`): a request with
 * `Accept: text/event-stream` to an operation the contract marks `x-streamable` gets the records
 * after its cursor (or `Last-Event-ID`) as events whose `id` is the paging token, then, after each
 * ingested ledger, the records since; an object stream sends its resource again when it changed.
 * After `limit` events (10 by default) a `close` event ends the stream, and clients reconnect from
 * the last id. A request the page itself refuses (a bad cursor, 404, 410) gets that problem.
 */
import type { ServerResponse } from 'node:http';
import { document, type OperationId } from '@starspec/ledger-api';
import type { Handler, HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { cursorNow } from './pages.js';

/** Calls `listener` after each ingested ledger; answers the function that stops it. */
export type OnLedger = (listener: (sequence: number) => void) => () => void;

export interface StreamOptions {
  /** Each ingested ledger (without it a stream ends after its first page). */
  onLedger?: OnLedger;
  /** Aborted when the face stops: open streams end with their close event. */
  closing?: AbortSignal;
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'access-control-allow-origin': '*',
};
const HELLO = 'retry: 1000\nevent: open\ndata: "hello"\n\n';
const GOODBYE = 'retry: 10\nevent: close\ndata: "byebye"\n\n';
const DEFAULT_OBJECT_LIMIT = 10;

/** The operations the contract lets a client stream (`x-streamable`), read once. */
export const STREAMABLE: ReadonlySet<string> = new Set(
  Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { operationId?: string; 'x-streamable'?: boolean }>).flatMap(
      (operation) =>
        operation?.['x-streamable'] === true && operation.operationId ? [operation.operationId] : [],
    ),
  ),
);

export function wantsEventStream(request: Pick<HandlerRequest, 'headers'>): boolean {
  return String(request.headers.accept ?? '').includes('text/event-stream');
}

/** One event: `id` (a record's paging token) and the JSON data. */
function event(data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * Ledgers ingested from now on: `next()` resolves true at once when one came since the last call
 * (so none is missed between a page and the wait), false when cancelled or without a signal.
 */
function watchLedgers({ onLedger, closing }: StreamOptions) {
  let pending = false;
  let wake: ((value: boolean) => void) | undefined;
  const stop = onLedger?.(() => {
    if (wake) wake(true);
    else pending = true;
    wake = undefined;
  });
  const closed = () => {
    wake?.(false);
    wake = undefined;
  };
  closing?.addEventListener('abort', closed, { once: true });
  return {
    next(): Promise<boolean> {
      if (!stop || closing?.aborted) return Promise.resolve(false);
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        wake = resolve;
      });
    },
    cancel() {
      stop?.();
      closing?.removeEventListener('abort', closed);
      closed();
    },
  };
}

/** The stream's writer: preamble first, events, then the close event (unless the client left). */
function open(res: ServerResponse, ledgers: ReturnType<typeof watchLedgers>) {
  res.writeHead(200, HEADERS).write(HELLO);
  let gone = false;
  res.once('close', () => {
    gone = true;
    ledgers.cancel();
  });
  return {
    send: (text: string) => res.write(text),
    end: () => {
      ledgers.cancel();
      if (!gone) res.end(GOODBYE);
    },
  };
}

type Writer = ReturnType<typeof open>;
type Ledgers = ReturnType<typeof watchLedgers>;

/**
 * The stream of an answer: the ledger watch starts before `first` is read (so no ledger is missed
 * in between); a refused `first` is answered as it is; `run` writes the events, then `close`.
 */
async function streamed(
  options: StreamOptions,
  first: () => HandlerResult | Promise<HandlerResult>,
  run: (out: Writer, ledgers: Ledgers, first: HandlerResult) => Promise<void>,
): Promise<HandlerResult> {
  const ledgers = watchLedgers(options);
  // Refused or failed: no stream will wait for ledgers.
  const answer = await Promise.resolve()
    .then(first)
    .catch((error: unknown) => {
      ledgers.cancel();
      throw error;
    });
  if (Number(answer.status) !== 200) {
    ledgers.cancel();
    return answer;
  }
  return {
    status: 200,
    async stream(res) {
      const out = open(res, ledgers);
      await run(out, ledgers, answer);
      out.end();
    },
  };
}

/** The records of a page answer. */
function records(result: HandlerResult): { paging_token?: string }[] {
  return (result.body as { _embedded?: { records?: { paging_token?: string }[] } })._embedded?.records ?? [];
}

/**
 * A collection stream. `now` is read once, as the toid after the latest ledger (Horizon's
 * `toid.AfterLedger`), so that later pages do not skip what ledgers closed meanwhile.
 */
export function streamPage(
  handler: Handler,
  options: StreamOptions,
  latestLedger: () => Promise<number | undefined>,
): Handler {
  return async (request) => {
    if (!wantsEventStream(request)) return handler(request);
    const limit = Number(request.query.limit ?? 10);
    let cursor = String(request.headers['last-event-id'] ?? request.query.cursor ?? '') || undefined;
    if (cursor === 'now') cursor = cursorNow(await latestLedger());
    const page = (remaining: number) =>
      handler({ ...request, query: { ...request.query, ...(cursor ? { cursor } : {}), limit: remaining } });
    return streamed(
      options,
      () => page(limit),
      async (out, ledgers, first) => {
        let left = limit;
        for (let result = first; Number(result.status) === 200; result = await page(left)) {
          for (const record of records(result)) {
            out.send(event(record, record.paging_token));
            cursor = record.paging_token ?? cursor;
            left--;
          }
          if (left <= 0 || !(await ledgers.next())) break;
        }
      },
    );
  };
}

/** An object stream: the resource now, then again each time a ledger changed it. */
export function streamObject(handler: Handler, options: StreamOptions): Handler {
  return async (request) => {
    if (!wantsEventStream(request)) return handler(request);
    return streamed(
      options,
      () => handler(request),
      async (out, ledgers, first) => {
        let last = JSON.stringify(first.body);
        out.send(event(first.body));
        for (let sent = 1; sent < DEFAULT_OBJECT_LIMIT && (await ledgers.next()); ) {
          const next = await handler(request);
          const text = JSON.stringify(next.body);
          if (Number(next.status) !== 200 || text === last) continue;
          last = text;
          out.send(event(next.body));
          sent++;
        }
      },
    );
  };
}

/** The handlers, the streamable ones able to stream. */
export function withStreams(
  handlers: Partial<Record<OperationId, Handler>>,
  options: StreamOptions,
  latestLedger: () => Promise<number | undefined>,
): Partial<Record<OperationId, Handler>> {
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => {
      if (!handler || !STREAMABLE.has(id)) return [id, handler];
      return [
        id,
        id.startsWith('list') ? streamPage(handler, options, latestLedger) : streamObject(handler, options),
      ];
    }),
  );
}
