// The bounds of a JSON-RPC batch: how many calls it may hold, how many run at once, an answer
// produced in bounded memory, and other clients served while it runs. Every verdict counts calls
// or bytes; none depends on how long anything takes.
import { request } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDispatcher,
  createJsonRpcListener,
  createJsonRpcServer,
  createJsonRpcTransport,
  listen,
  type RpcHandler,
  type RpcServerOptions,
} from '../../src/index.js';
import { contract, handlers, validate } from './fixture.js';

const binding = { contract, validate };
const calls = (count: number, method: string, params?: unknown) =>
  Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method, params }));

const servers: Array<ReturnType<typeof createJsonRpcServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(echo: RpcHandler, options: RpcServerOptions = {}): Promise<string> {
  const server = createJsonRpcServer(createJsonRpcListener(binding, { ...handlers, echo }, options));
  servers.push(server);
  return listen(server, 0);
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('batchLimit', () => {
  it('refuses a batch over the limit whole, with one -32600 error and no call run', async () => {
    let ran = 0;
    const url = await serve(() => ++ran, { batchLimit: 5 });
    const over = await post(url, calls(6, 'echo'));
    expect(over.status).toBe(200);
    expect(await over.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'batch of 6 calls is over the limit of 5' },
    });
    expect(ran).toBe(0);
    const atLimit = (await (await post(url, calls(5, 'echo'))).json()) as unknown[];
    expect(atLimit).toHaveLength(5);
    expect(ran).toBe(5);
  });

  it('the client settles every call of a refused batch with the refusal', async () => {
    const url = await serve(() => 'ok', { batchLimit: 2 });
    const settled = await createJsonRpcTransport({ url }).batch([
      { method: 'echo' },
      { method: 'echo' },
      { method: 'echo', notify: true },
    ]);
    const refusal = { ok: false, error: { code: -32600, message: 'batch of 3 calls is over the limit of 2' } };
    expect(settled).toEqual([refusal, refusal, undefined]);
  });

  it('defaults to 1,000 calls', async () => {
    const url = await serve(() => 'ok');
    expect(((await (await post(url, calls(1000, 'echo'))).json()) as unknown[]).length).toBe(1000);
    expect(await (await post(url, calls(1001, 'echo'))).json()).toMatchObject({ error: { code: -32600 } });
  });
});

describe('batchConcurrency', () => {
  it('runs at most that many calls of a batch at once, answering all in order', async () => {
    let running = 0;
    let peak = 0;
    const dispatcher = createDispatcher(
      binding,
      {
        ...handlers,
        echo: async (params: Record<string, unknown>) => {
          peak = Math.max(peak, ++running);
          for (let turn = 0; turn < 20; turn++) await nextTurn();
          running--;
          return params.text;
        },
      },
      { batchConcurrency: 4 },
    );
    const answer = await dispatcher.dispatch(
      JSON.stringify(Array.from({ length: 40 }, (_, i) => calls(1, 'echo', { text: `t${i}` })[0])),
    );
    expect(peak).toBe(4);
    const results = (JSON.parse(answer.body as string) as Array<{ result: string }>).map((a) => a.result);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => `t${i}`));
  });
});

describe('answers in bounded memory', () => {
  it('dispatch() refuses an answer over answerLimitBytes and runs no further call', async () => {
    let ran = 0;
    const dispatcher = createDispatcher(
      binding,
      { ...handlers, echo: () => (ran++, 'x'.repeat(1000)) },
      { answerLimitBytes: 10_000, batchConcurrency: 1 },
    );
    const answer = await dispatcher.dispatch(JSON.stringify(calls(100, 'echo')));
    expect(JSON.parse(answer.body as string)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'answer is larger than 10000 bytes' },
    });
    expect(ran).toBeLessThan(15);
  });

  it('the listener streams a big batch: a client that reads nothing holds its calls back', async () => {
    const size = 64 * 1024;
    const count = 512; // a 32 MiB answer
    let ran = 0;
    const url = new URL(await serve(() => (ran++, 'x'.repeat(size)), { batchConcurrency: 2 }));
    const body = JSON.stringify(calls(count, 'echo'));
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } });
      req.on('response', resolve).on('error', reject).end(body);
    });
    expect(response.statusCode).toBe(200);
    // Nothing is read: the socket's buffers fill and the server stops starting calls. Wait until
    // the count of calls holds still (a bounded number of looks), then judge that count.
    let seen = -1;
    for (let look = 0, still = 0; look < 1000 && still < 10 && ran < count; look++) {
      await sleep(10);
      still = ran === seen ? still + 1 : 0;
      seen = ran;
    }
    // Kernel socket buffers on loopback (a few MiB) plus a few answers in flight, far from all.
    expect(ran * size).toBeLessThan(16 * 1024 * 1024);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const answers = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Array<{ id: number }>;
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(ran).toBe(count);
  });
});

describe('other clients during a big batch', () => {
  it('a single call sent once the batch has started is answered before the batch has run', async () => {
    const count = 4000;
    let ran = 0;
    let single: Promise<Response> | undefined;
    const url = await serve(
      () => {
        // Synchronous work, like the sandbox's own handlers; the first call sends the other request.
        if (ran++ === 0) single = post(url, { jsonrpc: '2.0', id: 'single', method: 'add', params: [1, 2] });
        return 'ok';
      },
      { batchLimit: count },
    );
    const batch = post(url, calls(count, 'echo')).then((r) => r.json() as Promise<unknown[]>);
    for (let turn = 0; single === undefined && turn < 100_000; turn++) await nextTurn();
    if (single === undefined) throw new Error('the batch never ran its first call');
    const answer = await single;
    const ranWhenSingleAnswered = ran;
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 'single', result: 3 });
    expect(ranWhenSingleAnswered).toBeLessThan(count);
    expect(await batch).toHaveLength(count);
  });
});
