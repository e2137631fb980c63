// The bounds of a JSON-RPC batch: how many calls it may hold, how many run at once, and other
// clients served while it runs. Every verdict counts calls; none depends on how long anything takes.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createDispatcher, createJsonRpcTransport } from '../../src/index.js';
import { binding, calls, post, serve } from './batch-fixture.js';
import { handlers } from './fixture.js';

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
    const refusal = {
      ok: false,
      error: { code: -32600, message: 'batch of 3 calls is over the limit of 2' },
    };
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
