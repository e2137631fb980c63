// A JSON-RPC batch on the ledger-rpc mock: bounded by the runtime listener's call limit (1,000),
// and a batch at the limit answered in full, in request order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mocks.mjs';

let mock;
beforeAll(async () => {
  mock = await startMock('ledger-rpc', { port: 0 });
});
afterAll(() => mock?.stop());

const getHealth = (count) =>
  Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'getHealth' }));

async function post(body) {
  const response = await fetch(mock.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('a batch on the ledger-rpc mock', () => {
  it('over 1,000 calls is refused whole with one -32600 error', async () => {
    expect(await post(getHealth(1001))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'batch of 1001 calls is over the limit of 1000' },
    });
  });

  it('of 1,000 calls is answered in full, in request order', async () => {
    const answers = await post(getHealth(1000));
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(answers.every((a) => a.result?.status === 'healthy')).toBe(true);
  });
});
