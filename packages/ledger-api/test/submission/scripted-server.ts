import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

/** One scripted answer; `drop` closes the connection without answering. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  drop?: boolean;
}

export interface Seen {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The raw request body, byte for byte. */
  body: Buffer;
  /** The injected clock's time when the request arrived (when the test gave one). */
  at: number | undefined;
}

const CONTENT_TYPE: Record<number, string> = { 200: 'application/hal+json', 201: 'application/hal+json' };

/**
 * A node:http server answering from per-route scripts ("POST /transactions"): each
 * request takes the next reply, and the last reply repeats once the script runs out.
 */
export class ScriptedServer {
  readonly seen: Seen[] = [];
  base = '';
  clock: (() => number) | undefined;
  private server: Server | undefined;
  private readonly scripts = new Map<string, Reply[]>();

  script(route: string, replies: Reply[]): this {
    this.scripts.set(route, [...replies]);
    return this;
  }

  reset(): void {
    this.seen.length = 0;
    this.scripts.clear();
    this.clock = undefined;
  }

  /** The requests to a route, in order. */
  requests(route: string): Seen[] {
    return this.seen.filter((s) => `${s.method} ${s.path}` === route);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.answer(req).then((reply) => {
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const status = reply.status ?? 200;
        const type = CONTENT_TYPE[status] ?? 'application/problem+json';
        res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    this.base = await listen(this.server);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(req: IncomingMessage): Promise<Reply> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const method = req.method ?? 'GET';
    this.seen.push({
      method,
      path,
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks),
      at: this.clock?.(),
    });
    const script = this.scripts.get(`${method} ${path}`);
    if (!script || script.length === 0)
      return {
        status: 404,
        body: {
          type: 'https://stellar.org/horizon-errors/not_found',
          title: 'Resource Missing',
          status: 404,
        },
      };
    return (script.length > 1 ? script.shift() : script[0]) as Reply;
  }
}

/** A clock that only moves when the code under test sleeps; every wait is recorded. */
export function fakeTime(start: number) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A scripted server for a test file: started before its tests, emptied before each, stopped after. */
export function useScriptedServer(): ScriptedServer {
  const server = new ScriptedServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  beforeEach(() => server.reset());
  return server;
}

/** Every body sent to `route` is the form `tx=<envelope>`, and retries sent the same bytes. */
export function expectIdenticalBodies(server: ScriptedServer, route: string, envelope: string): void {
  const bodies = server.requests(route).map((r) => r.body);
  expect(bodies.length).toBeGreaterThan(0);
  const first = bodies[0] as Buffer;
  expect(first.toString()).toBe(new URLSearchParams({ tx: envelope }).toString());
  for (const body of bodies) expect(body.equals(first)).toBe(true);
}
