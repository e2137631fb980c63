// Bad input never crashes, hangs or gets a 500 (the real server's plain-text 500 for bytes that are
// not JSON is opt-in, `parseErrors: 'stellar-rpc'`); the body size is bounded.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../src/index.js';
import { type Running, send, start, stubHandlers } from '../helpers.js';

let rpc: Running;
beforeAll(async () => {
  rpc = await start(stubHandlers(), { bodyLimitBytes: 64 * 1024 });
});
afterAll(() => rpc.close());

describe('body size', () => {
  it('the default limit is the real server’s 512 KiB (reference §1 "Body limit")', async () => {
    const dflt = await start();
    try {
      const padding = 'x'.repeat(600 * 1024);
      const answer = await send(
        dflt.url,
        `{"jsonrpc":"2.0","id":1,"method":"getHealth","params":{"p":"${padding}"}}`,
      );
      expect(answer.status).toBe(413);
      const small = await send(
        dflt.url,
        `{"jsonrpc":"2.0","id":1,"method":"getHealth","params":{"p":"${'x'.repeat(400 * 1024)}"}}`,
      );
      expect(small.status).toBe(200);
    } finally {
      await dflt.close();
    }
  });

  it('a body over the limit gets 413, and the server keeps serving', async () => {
    const answer = await send(rpc.url, `[${'1,'.repeat(40 * 1024)}1]`);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('larger than');
    expect((await send(rpc.url, '{"jsonrpc":"2.0","id":1,"method":"getHealth"}')).status).toBe(200);
  });

  it('a streamed body without Content-Length is cut off at the limit (413 or the connection closed)', async () => {
    const url = new URL(rpc.url);
    // The server answers 413 and closes the connection while the client is still sending, so the
    // client sees either the 413 or the reset, whichever comes first; never a 2xx/5xx or a hang.
    const status = await new Promise<number | 'reset'>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve('reset'));
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 10) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect([413, 'reset']).toContain(status);
    expect((await send(rpc.url, '{"jsonrpc":"2.0","id":1,"method":"getHealth"}')).status).toBe(200);
  });
});

describe('arbitrary input', () => {
  // A bounded, seeded walk over mangled requests: every answer is one of the documented ones.
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const values = [null, true, 0, -1, 1.5, '', 'getHealth', '2.0', [], {}, [1], { a: 1 }, 'x'.repeat(300)];
  const keys = ['jsonrpc', 'id', 'method', 'params', 'result', 'error', 'extra'];
  const element = () => {
    const obj: Record<string, unknown> = {
      jsonrpc: '2.0',
      id: 1,
      method: pick(['getHealth', 'getLedgers', 'nope']),
    };
    for (let i = 0; i < 3; i++) {
      if (random() < 0.5) obj[pick(keys)] = pick(values);
      else delete obj[pick(keys)];
    }
    return random() < 0.1 ? pick(values) : obj;
  };

  it('valid JSON of any shape is never answered with a 5xx, and the server stays up', async () => {
    for (let i = 0; i < 150; i++) {
      const payload = random() < 0.3 ? Array.from({ length: Math.floor(random() * 4) }, element) : element();
      const answer = await send(rpc.url, JSON.stringify(payload));
      expect([200, 204], JSON.stringify(payload)).toContain(answer.status);
      if (answer.status === 200) {
        const parsed = JSON.parse(answer.text);
        for (const entry of Array.isArray(parsed) ? parsed : [parsed]) {
          expect(entry.jsonrpc).toBe('2.0');
          expect('result' in entry !== 'error' in entry).toBe(true);
        }
      }
    }
  });

  it('bytes that are not JSON always get the documented parse-error answer', async () => {
    const bodies = ['{"jsonrpc":', '\u0000\u0001', '[{"a":1},', '{"a":1}}', 'nul', '"\\x"', '[]]'];
    for (const body of bodies) {
      const answer = await send(rpc.url, body);
      expect(answer.status, body).toBe(200);
      expect(JSON.parse(answer.text).error.code).toBe(-32700);
    }
  });
});

describe('result validation (validateResults, like the REST adapter’s validateResponses)', () => {
  const bad = stubHandlers({ getLatestLedger: () => ({ id: 'short', sequence: 'ten' }) as never });

  it('a result outside the contract becomes -32603 naming the problem, reported to onError', async () => {
    const errors: unknown[] = [];
    const dispatcher = createDispatcher(bad, { validateResults: true, onError: (e) => errors.push(e) });
    const answer = await dispatcher.dispatch('{"jsonrpc":"2.0","id":1,"method":"getLatestLedger"}');
    const body = JSON.parse(answer.body ?? '');
    expect(answer.status).toBe(200);
    expect(body.error.code).toBe(-32603);
    expect(body.error.message).toContain('getLatestLedger answered a result outside the contract');
    expect(body.error.message).toContain('result.sequence must be integer');
    expect(errors).toHaveLength(1);
  });

  it('with validateResults off the same result goes out as it is', async () => {
    const dispatcher = createDispatcher(bad, { validateResults: false });
    const answer = await dispatcher.dispatch('{"jsonrpc":"2.0","id":1,"method":"getLatestLedger"}');
    expect(JSON.parse(answer.body ?? '').result).toEqual({ id: 'short', sequence: 'ten' });
  });

  it('defaults to on under NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const answer = await createDispatcher(bad, { onError: () => {} }).dispatch(
      '{"jsonrpc":"2.0","id":1,"method":"getLatestLedger"}',
    );
    expect(JSON.parse(answer.body ?? '').error.code).toBe(-32603);
  });

  it('a result that cannot be serialised is -32603, not a crash', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const handlers = stubHandlers({ getHealth: () => cyclic as never }) as Handlers;
    const answer = await createDispatcher(handlers, { validateResults: false, onError: () => {} }).dispatch(
      '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
    );
    expect(JSON.parse(answer.body ?? '').error).toEqual({
      code: -32603,
      message: 'result is not serialisable as JSON',
    });
  });
});
