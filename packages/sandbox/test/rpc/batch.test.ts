// A JSON-RPC batch on the sandbox's /rpc: bounded by the runtime listener's call limit (1,000),
// and a batch at the limit answered in full, in request order.
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../support/sandbox.js';

const t = useTestSandbox({ closeEvery: 'manual' });

const getLedgers = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'getLedgers',
    params: { startLedger: 2, pagination: { limit: 200 } },
  }));

async function post(body: unknown): Promise<unknown> {
  const response = await fetch(t.net.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('a batch on /rpc', () => {
  it('over 1,000 calls is refused whole with one -32600 error', async () => {
    expect(await post(getLedgers(1001))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'batch of 1001 calls is over the limit of 1000' },
    });
  });

  it('of 1,000 calls is answered in full, in request order', async () => {
    const answers = (await post(getLedgers(1000))) as Array<{ id: number; result?: { ledgers: unknown[] } }>;
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(answers.every((a) => Array.isArray(a.result?.ledgers))).toBe(true);
  });
});
