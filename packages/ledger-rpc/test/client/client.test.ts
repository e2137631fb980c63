// The generated client against a local dispatcher: single calls, notifications and batches.
import { JsonRpcError, JsonRpcHttpError } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { example, HASH, type Running, start, stubHandlers } from '../helpers.js';

let rpc: Running;
const seen: Array<{ method: string; params: unknown; notification: boolean }> = [];
beforeAll(async () => {
  rpc = await start(
    stubHandlers({
      getLatestLedger: (params, context) => {
        seen.push({ method: 'getLatestLedger', params, notification: context.notification });
        return { ...example('getLatestLedger'), sequence: 4242 };
      },
      getLedgers: (params, context) => {
        seen.push({ method: 'getLedgers', params, notification: context.notification });
        return { ...example('getLedgers'), cursor: '4242' };
      },
    }),
  );
});
afterAll(() => rpc.close());

describe('single calls', () => {
  it('calls a method without params and returns its typed result', async () => {
    const client = createClient({ url: rpc.url });
    const latest = await client.getLatestLedger();
    expect(latest.sequence).toBe(4242);
  });

  it('sends params by name, as given', async () => {
    seen.length = 0;
    const client = createClient({ url: rpc.url });
    const page = await client.getLedgers({ startLedger: 10, pagination: { limit: 2 } });
    expect(page.cursor).toBe('4242');
    expect(seen).toEqual([
      { method: 'getLedgers', params: { startLedger: 10, pagination: { limit: 2 } }, notification: false },
    ]);
  });

  it('call(method, params) is the same call by name', async () => {
    const client = createClient({ url: rpc.url });
    expect((await client.call('getTransaction', { hash: HASH })).status).toBe('NOT_FOUND');
  });

  it('an error answer throws JsonRpcError with the server’s code, message and data', async () => {
    const client = createClient({ url: rpc.url });
    const error = await client.getTransaction({ hash: 'nothex' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32602, message: 'invalid parameters' });
    expect((error as JsonRpcError).data).toContain('params.hash');
  });

  it('notify sends a notification: the handler runs, nothing comes back', async () => {
    seen.length = 0;
    const client = createClient({ url: rpc.url });
    await expect(client.notify('getLatestLedger')).resolves.toBeUndefined();
    expect(seen).toEqual([{ method: 'getLatestLedger', params: {}, notification: true }]);
  });

  it('sends extra headers on every request', async () => {
    let headers: Headers | undefined;
    const client = createClient({
      url: rpc.url,
      headers: { authorization: 'Bearer t' },
      fetch: async (url, init) => {
        headers = new Headers(init?.headers);
        return fetch(url, init);
      },
    });
    await client.getHealth();
    expect(headers?.get('authorization')).toBe('Bearer t');
    expect(headers?.get('content-type')).toBe('application/json');
  });
});

describe('batch calls', () => {
  it('sends one HTTP request and settles each call in order, typed per method', async () => {
    let requests = 0;
    const client = createClient({
      url: rpc.url,
      fetch: (url, init) => {
        requests++;
        return fetch(url, init);
      },
    });
    const [health, latest, missing, unknownHash] = await client.batch([
      { method: 'getHealth' },
      { method: 'getLatestLedger' },
      { method: 'getTransaction', params: { hash: HASH } },
      { method: 'getTransaction', params: { hash: 'zz' } },
    ]);
    expect(requests).toBe(1);
    expect(health).toEqual({ ok: true, result: expect.objectContaining({ status: 'healthy' }) });
    expect(latest.ok && latest.result.sequence).toBe(4242);
    expect(missing.ok && missing.result.status).toBe('NOT_FOUND');
    expect(unknownHash).toMatchObject({ ok: false, error: { code: -32602, message: 'invalid parameters' } });
  });

  it('notifications in a batch run and settle as undefined', async () => {
    seen.length = 0;
    const client = createClient({ url: rpc.url });
    const results = await client.batch([
      { method: 'getLatestLedger', notify: true },
      { method: 'getLedgers', params: { startLedger: 5 } },
    ]);
    expect(results[0]).toBeUndefined();
    expect(results[1]).toMatchObject({ ok: true, result: { cursor: '4242' } });
    expect(seen.map((s) => [s.method, s.notification])).toEqual([
      ['getLatestLedger', true],
      ['getLedgers', false],
    ]);
  });

  it('an all-notification batch resolves (the server answers 204)', async () => {
    const client = createClient({ url: rpc.url });
    expect(await client.batch([{ method: 'getHealth', notify: true }])).toEqual([undefined]);
  });

  it('an empty batch sends nothing', async () => {
    const client = createClient({ url: rpc.url, fetch: () => Promise.reject(new Error('sent')) });
    expect(await client.batch([])).toEqual([]);
  });
});

describe('contract checks in the client', () => {
  it('validateParams rejects bad params locally with -32602, without a request', async () => {
    const client = createClient({
      url: rpc.url,
      validateParams: true,
      fetch: () => Promise.reject(new Error('sent')),
    });
    await expect(client.getLedgers({ startLedger: 'x' as unknown as number })).rejects.toMatchObject({
      code: -32602,
      data: 'params.startLedger must be integer',
    });
  });

  it('validateResults rejects a result outside the contract; a batch call settles as -32603', async () => {
    const liar = await start(stubHandlers({ getLatestLedger: () => ({ sequence: 'x' }) as never }), {
      validateResults: false,
    });
    try {
      const client = createClient({ url: liar.url, validateResults: true });
      await expect(client.getLatestLedger()).rejects.toMatchObject({ code: -32603 });
      const [outcome] = await client.batch([{ method: 'getLatestLedger' }]);
      expect(outcome).toMatchObject({ ok: false, error: { code: -32603 } });
      expect(await createClient({ url: liar.url }).getLatestLedger()).toEqual({ sequence: 'x' });
    } finally {
      await liar.close();
    }
  });
});

describe('transport errors', () => {
  it('a non-JSON-RPC answer (e.g. 415) throws JsonRpcHttpError with status and body', async () => {
    const client = createClient({
      url: rpc.url,
      fetch: () => Promise.resolve(new Response('content-type must be application/json\n', { status: 415 })),
    });
    const error = await client.getHealth().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcHttpError);
    expect(error).toMatchObject({ status: 415 });
  });

  it('the real server’s plain-text "[-32700] invalid request value" becomes JsonRpcError -32700', async () => {
    const client = createClient({
      url: rpc.url,
      fetch: () => Promise.resolve(new Response('[-32700] invalid request value\n', { status: 500 })),
    });
    await expect(client.getHealth()).rejects.toMatchObject({
      code: -32700,
      message: 'invalid request value',
    });
  });

  it('timeoutMs aborts a request that does not answer', async () => {
    const client = createClient({
      url: rpc.url,
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(client.getHealth()).rejects.toThrow();
  });
});
