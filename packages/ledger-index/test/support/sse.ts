/**
 * Server-sent events for the stream tests: the parser, and a stream opened with node:http from a
 * chosen loopback address (127.0.0.x are different clients to the server), read as it comes.
 */
import { get } from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  retry?: string;
  data: unknown;
}

/** The complete events at the start of `buffer`, and what is left after them. */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let rest = buffer;
  let end = rest.indexOf('\n\n');
  while (end >= 0) {
    const fields = Object.fromEntries(
      rest
        .slice(0, end)
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    events.push({ ...fields, data: JSON.parse(fields.data ?? 'null') } as SseEvent);
    rest = rest.slice(end + 2);
    end = rest.indexOf('\n\n');
  }
  return { events, rest };
}

/** The data events (not open/close). */
export const records = (events: readonly SseEvent[]) => events.filter((e) => e.event === undefined);

export interface OpenStream {
  status: number;
  type: string | undefined;
  /** Events so far (an event stream), or the parsed body (any other answer, once ended). */
  events: SseEvent[];
  body?: unknown;
  /** Resolves once `count` data events have come (rejects if the stream ends before). */
  records(count: number): Promise<SseEvent[]>;
  /** Resolves when the server ends the answer. */
  ended: Promise<void>;
  close(): void;
}

export function openStream(url: string, localAddress = '127.0.0.1'): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { accept: 'text/event-stream' }, localAddress }, (res) => {
      const waiting: (() => void)[] = [];
      let buffer = '';
      let done = false;
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        type: res.headers['content-type'],
        events: [],
        records(count) {
          return new Promise((ok, fail) => {
            const check = () => {
              const got = records(stream.events);
              if (got.length >= count) ok(got);
              else if (done) fail(new Error(`the stream ended after ${got.length} of ${count} records`));
              else waiting.push(check);
            };
            check();
          });
        },
        ended: new Promise((ok) => res.once('close', ok)),
        close: () => request.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (!stream.type?.startsWith('text/event-stream')) return;
        const taken = takeEvents(buffer);
        buffer = taken.rest;
        stream.events.push(...taken.events);
        for (const check of waiting.splice(0)) check();
      });
      res.once('close', () => {
        done = true;
        if (!stream.type?.startsWith('text/event-stream') && buffer) stream.body = JSON.parse(buffer);
        for (const check of waiting.splice(0)) check();
      });
      resolve(stream);
    });
    request.once('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
