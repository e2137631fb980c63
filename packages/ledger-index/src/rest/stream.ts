/**
 * Server-sent events, as Horizon streams (`render/sse`, `httpx` `renderStream`): a request with
 * `Accept: text/event-stream` to an operation the contract marks `x-streamable` gets the records
 * after its cursor (or `Last-Event-ID`) as events whose `id` is the paging token, then, after each
 * ingested ledger that holds something for it (stream-wake.ts), the records since; an object
 * stream sends its resource again when it changed. After `limit` events (10 by default) a `close`
 * event ends the stream, and clients reconnect from the last id. A request the page itself refuses
 * (a bad cursor, 404, 410) gets that problem; one past the stream caps (stream-slots.ts) gets 503
 * or 429.
 */
import type { ServerResponse } from 'node:http';
import { document, type OperationId } from '@starspec/ledger-api';
import type { Handler, HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { cursorNow } from './pages.js';
import { problemResult } from './problems.js';
import { type StreamLimits, type StreamSlots, streamSlots } from './stream-slots.js';
import { type WakeRule, wakeRule } from './stream-wake.js';
import {
  type Closing,
  closingOf,
  type LedgerWatch,
  type LedgerWatchOptions,
  type OnLedger,
  watchLedgers,
} from './stream-watch.js';

export type { OnLedger } from './stream-watch.js';

export interface StreamOptions extends LedgerWatchOptions, StreamLimits {}

/** What every stream of one face shares: the ledgers, the face's stop and the slots. */
export interface Streams {
  onLedger?: OnLedger;
  closing: Closing;
  slots: StreamSlots;
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

/** The stream's writer: preamble first, events, then the close event (unless the client left). */
function open(res: ServerResponse, letGo: () => void) {
  res.writeHead(200, HEADERS).write(HELLO);
  // A client that left before the stream began (its 'close' has been emitted already).
  let gone = res.destroyed;
  if (gone) letGo();
  res.once('close', () => {
    gone = true;
    letGo();
  });
  return {
    send: (text: string) => res.write(text),
    end: () => {
      letGo();
      if (!gone) res.end(GOODBYE);
    },
  };
}

type Writer = ReturnType<typeof open>;

/**
 * The stream of an answer: a slot is taken for its client first (refused past the caps), the
 * ledger watch starts before `first` is read (so no ledger is missed in between); a refused
 * `first` is answered as it is; `run` writes the events, then `close`. The slot and the watch
 * are let go once, whichever way the stream ends.
 */
async function streamed(
  { onLedger, closing, slots }: Streams,
  request: HandlerRequest,
  wakes: WakeRule,
  first: () => HandlerResult | Promise<HandlerResult>,
  run: (out: Writer, ledgers: LedgerWatch, first: HandlerResult) => Promise<void>,
): Promise<HandlerResult> {
  const slot = slots.take(request.raw?.socket?.remoteAddress ?? '');
  if ('refused' in slot) return problemResult(slot.refused);
  const ledgers = watchLedgers(onLedger, closing, wakes);
  const letGo = () => {
    ledgers.cancel();
    slot.release();
  };
  // Refused or failed: no stream will wait for ledgers.
  const answer = await Promise.resolve()
    .then(first)
    .catch((error: unknown) => {
      letGo();
      throw error;
    });
  if (Number(answer.status) !== 200) {
    letGo();
    return answer;
  }
  return {
    status: 200,
    async stream(res) {
      const out = open(res, letGo);
      try {
        await run(out, ledgers, answer);
        out.end();
      } finally {
        letGo();
      }
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
  streams: Streams,
  latestLedger: () => Promise<number | undefined>,
  wakes: (request: HandlerRequest) => WakeRule = () => () => true,
): Handler {
  return async (request) => {
    if (!wantsEventStream(request)) return handler(request);
    const limit = Number(request.query.limit ?? 10);
    let cursor = String(request.headers['last-event-id'] ?? request.query.cursor ?? '') || undefined;
    const page = (remaining: number) =>
      handler({ ...request, query: { ...request.query, ...(cursor ? { cursor } : {}), limit: remaining } });
    return streamed(
      streams,
      request,
      wakes(request),
      async () => {
        if (cursor === 'now') cursor = cursorNow(await latestLedger());
        return page(limit);
      },
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
export function streamObject(
  handler: Handler,
  streams: Streams,
  wakes: (request: HandlerRequest) => WakeRule = () => () => true,
): Handler {
  return async (request) => {
    if (!wantsEventStream(request)) return handler(request);
    return streamed(
      streams,
      request,
      wakes(request),
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

/** What one face's streams share (new slots each call). */
export function sharedStreams(options: StreamOptions): Streams {
  return { onLedger: options.onLedger, closing: closingOf(options.closing), slots: streamSlots(options) };
}

/** The handlers, the streamable ones able to stream (all under one set of caps). */
export function withStreams(
  handlers: Partial<Record<OperationId, Handler>>,
  options: StreamOptions,
  latestLedger: () => Promise<number | undefined>,
): Partial<Record<OperationId, Handler>> {
  const streams = sharedStreams(options);
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => {
      if (!handler || !STREAMABLE.has(id)) return [id, handler];
      const wakes = (request: HandlerRequest) => wakeRule(id, request);
      return [
        id,
        id.startsWith('list')
          ? streamPage(handler, streams, latestLedger, wakes)
          : streamObject(handler, streams, wakes),
      ];
    }),
  );
}
