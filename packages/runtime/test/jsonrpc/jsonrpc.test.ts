// The generic JSON-RPC layer with a hand-made two-method contract (no codegen involved).
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  createDispatcher,
  createJsonRpcListener,
  createJsonRpcTransport,
  formatParamErrors,
  JsonRpcError,
  JsonRpcHttpError,
  listen,
  paramsByName,
} from '../../src/index.js';
import { contract, handlers, validate } from './fixture.js';

describe('paramsByName', () => {
  it('maps positional params onto declared names where the method allows it', () => {
    expect(paramsByName(contract.methods.add as never, [1, 2])).toEqual({ a: 1, b: 2 });
    expect(paramsByName(contract.methods.add as never, [1, 2, 3])).toMatch(/at most 2 positional/);
  });

  it('rejects arrays for a by-name method and reads null or absent params as {}', () => {
    expect(paramsByName(contract.methods.echo as never, ['x'])).toMatch(/by name/);
    expect(paramsByName(contract.methods.echo as never, null)).toEqual({});
    expect(paramsByName(contract.methods.echo as never, undefined)).toEqual({});
  });
});

describe('createRpcValidate', () => {
  it('returns { ok, errors } for params, results and schemas', () => {
    expect(validate.params('add', { a: 1, b: 2 })).toEqual({ ok: true, errors: [] });
    expect(validate.params('add', [1, 'x'])).toEqual({
      ok: false,
      errors: [{ path: '/b', message: 'must be number', keyword: 'type' }],
    });
    expect(validate.result('add', 'x').ok).toBe(false);
    expect(validate.result('echo', 'anything').ok).toBe(true);
    expect(validate.schema('Num', 1).ok).toBe(true);
    expect(() => validate.schema('Nope', 1)).toThrow(/unknown schema/);
    expect(() => validate.params('nope', {})).toThrow(/unknown method/);
  });

  it('formatParamErrors names params by dotted path', () => {
    expect(
      formatParamErrors([
        { path: '/pagination/limit', message: 'must be integer', keyword: 'type' },
        { path: '', message: 'must be object', keyword: 'type' },
      ]),
    ).toBe('params.pagination.limit must be integer; params must be object');
  });
});

describe('createDispatcher', () => {
  const dispatcher = createDispatcher({ contract, validate }, handlers, { validateResults: true });
  const dispatch = async (body: unknown) => {
    const answer = await dispatcher.dispatch(typeof body === 'string' ? body : JSON.stringify(body));
    return { ...answer, json: answer.body ? JSON.parse(answer.body) : undefined };
  };

  it('takes positional params for an "either" method', async () => {
    expect((await dispatch({ jsonrpc: '2.0', id: 1, method: 'add', params: [2, 3] })).json.result).toBe(5);
  });

  it('answers null for a handler returning undefined', async () => {
    const d = createDispatcher({ contract, validate }, { ...handlers, echo: () => undefined });
    const answer = await d.dispatch('{"jsonrpc":"2.0","id":1,"method":"echo"}');
    expect(answer.body).toBe('{"jsonrpc":"2.0","id":1,"result":null}');
  });

  it('a method in the contract without a handler is -32601', async () => {
    const d = createDispatcher({ contract, validate }, { add: handlers.add });
    expect((await d.dispatch('{"jsonrpc":"2.0","id":1,"method":"echo"}')).body).toContain('-32601');
  });

  it('inherited object keys are not methods', async () => {
    const answer = await dispatch({ jsonrpc: '2.0', id: 1, method: 'toString' });
    expect(answer.json.error.code).toBe(-32601);
  });

  it('rejects request and reply fields mixed in one object', async () => {
    const answer = await dispatch({ jsonrpc: '2.0', id: 1, method: 'add', result: 1 });
    expect(answer.json.error).toEqual({ code: -32600, message: 'mixed request and reply fields' });
  });

  it('a reply-shaped object with an id degrades to the empty-method error', async () => {
    expect((await dispatch({ jsonrpc: '2.0', id: 1, result: 5 })).json.error.message).toBe(
      'empty method name',
    );
  });

  it('runs batch elements concurrently, up to batchConcurrency', async () => {
    let running = 0;
    let peak = 0;
    // Each call waits until three run at once; a dispatcher that runs fewer lets them go after a
    // while instead of hanging, and then fails on the peak it reached.
    let release = () => {};
    const allIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fallback = setTimeout(release, 2_000);
    const slow = createDispatcher(
      { contract, validate },
      {
        ...handlers,
        echo: async () => {
          running++;
          peak = Math.max(peak, running);
          if (running === 3) release();
          await allIn;
          running--;
          return 'ok';
        },
      },
      { batchConcurrency: 3 },
    );
    const body = JSON.stringify([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'echo' })));
    await slow.dispatch(body);
    clearTimeout(fallback);
    expect(peak).toBe(3);
  });
});

describe('createJsonRpcTransport', () => {
  it('matches batch answers by id, whatever their order, and settles a missing one as an error', async () => {
    const fetch = (async (_url: string, init: RequestInit) => {
      const calls = JSON.parse(String(init.body)) as Array<{ id?: number }>;
      const answers = calls
        .filter((c) => c.id !== undefined && c.id !== calls[2]?.id)
        .map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.id }))
        .reverse();
      return new Response(JSON.stringify(answers), { status: 200 });
    }) as typeof globalThis.fetch;
    const transport = createJsonRpcTransport({ url: 'http://x', fetch });
    const settled = await transport.batch([
      { method: 'a' },
      { method: 'b', notify: true },
      { method: 'c' },
      { method: 'd' },
    ]);
    expect(settled[0]).toEqual({ ok: true, result: 1 });
    expect(settled[1]).toBeUndefined();
    expect(settled[2]).toEqual({ ok: false, error: { code: -32603, message: 'no answer for this call' } });
    expect(settled[3]).toEqual({ ok: true, result: 3 });
  });

  it('throws JsonRpcError for an error answer and JsonRpcHttpError for a non-JSON-RPC one', async () => {
    const answer = (status: number, body: string) =>
      createJsonRpcTransport({ url: 'http://x', fetch: async () => new Response(body, { status }) });
    await expect(
      answer(200, '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}').call('x'),
    ).rejects.toBeInstanceOf(JsonRpcError);
    await expect(answer(405, '').call('x')).rejects.toBeInstanceOf(JsonRpcHttpError);
    await expect(answer(200, 'not json').call('x')).rejects.toBeInstanceOf(JsonRpcHttpError);
    await expect(answer(500, '[-32700] invalid request value\n').call('x')).rejects.toMatchObject({
      code: -32700,
    });
  });
});

describe('createJsonRpcListener over HTTP', () => {
  it('serves the dispatcher and round-trips with the transport', async () => {
    const server = createServer(createJsonRpcListener({ contract, validate }, handlers));
    const url = await listen(server, 0);
    try {
      const transport = createJsonRpcTransport({ url });
      expect(await transport.call('add', { a: 40, b: 2 })).toBe(42);
      expect(await transport.call('add', [1, 1])).toBe(2);
      await expect(transport.call('add', { a: 'x', b: 1 })).rejects.toMatchObject({
        code: -32602,
        message: 'invalid parameters',
        data: 'params.a must be number',
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset="UTF-8"' },
        body: '{}',
      });
      // Go's mime.ParseMediaType keeps the charset's case: only utf-8 / utf8 pass (bridge.go).
      expect(response.status).toBe(415);
    } finally {
      server.close();
    }
  });
});
