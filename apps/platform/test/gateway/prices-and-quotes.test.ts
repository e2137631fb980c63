import { apiKey, bearerJwt } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type OperationId, validate } from '../../src/index.js';
import { honestRate, startAnchor } from '../support/anchors.js';
import {
  ALICE,
  BOB,
  BRL,
  bearer,
  getPrice,
  postQuote,
  startPlatform,
  USD,
  USDC,
} from '../support/platform.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function stack(anchorOptions: Parameters<typeof honestRate>[0] = {}) {
  const anchor = await startAnchor(honestRate(anchorOptions));
  running.push(anchor);
  const errors: unknown[] = [];
  const platform = await startPlatform({ anchorUrl: anchor.url }, errors);
  running.push(platform);
  return { anchor, platform, errors };
}

/** Reads a JSON answer and checks it against the platform contract. */
async function answer(operationId: OperationId, response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  const check = validate.response(operationId, response.status, body);
  expect(check.errors).toEqual([]);
  return { status: response.status, body };
}

describe('GET /price', () => {
  const prices: [
    string,
    {
      anchor: Parameters<typeof honestRate>[0];
      query: Record<string, string>;
      want: Record<string, unknown>;
    },
  ][] = [
    [
      'the anchor price for a sell amount, fee in the sell asset',
      {
        anchor: {},
        query: { sell_asset: USD, buy_asset: USDC, sell_amount: '103', context: 'sep31' },
        want: {
          total_price: '1.03',
          price: '1.02',
          sell_amount: '103',
          buy_amount: '100',
          fee: {
            total: '1.00',
            asset: USD,
            details: [{ name: 'Service fee', description: 'Fixed fee per exchange', amount: '1.00' }],
          },
        },
      },
    ],
    [
      // 95.19 = 0.19 × (500 + 1.00); total_price = 95.19 / 500.
      'a buy amount with the fee in the buy asset',
      {
        anchor: { price: '0.19', feeIn: 'buy' },
        query: {
          sell_asset: USDC,
          buy_asset: BRL,
          buy_amount: '500',
          buy_delivery_method: 'PIX',
          country_code: 'BRA',
          context: 'sep6',
        },
        want: {
          total_price: '0.19038',
          price: '0.19',
          sell_amount: '95.19',
          buy_amount: '500',
          fee: expect.objectContaining({ total: '1.00', asset: BRL }),
        },
      },
    ],
    [
      'a zero fee in the sell asset when the anchor gives none',
      {
        anchor: { price: '5.10', feeIn: 'none' },
        query: { sell_asset: BRL, buy_asset: USDC, buy_amount: '50', context: 'sep31' },
        want: {
          total_price: '5.1',
          price: '5.1',
          sell_amount: '255',
          buy_amount: '50',
          fee: { total: '0', asset: BRL },
        },
      },
    ],
  ];
  it.each(prices)('answers %s', async (_name, { anchor: options, query, want }) => {
    const { anchor, platform, errors } = await stack(options);
    const { status, body } = await answer('getPrice', await getPrice(platform.url, query));
    expect(status).toBe(200);
    expect(body).toEqual(want);
    // Everything but the context reaches the anchor, as an indicative rate request.
    const { context: _context, ...forwarded } = query;
    expect(anchor.requests).toEqual([{ type: 'indicative', ...forwarded }]);
    expect(errors).toEqual([]);
  });

  it('forwards delivery method, country and the token account as client_id; never expire_after', async () => {
    const { anchor, platform } = await stack();
    await getPrice(
      platform.url,
      {
        sell_asset: USD,
        buy_asset: USDC,
        sell_amount: '50',
        sell_delivery_method: 'WIRE',
        country_code: 'USA',
        context: 'sep6',
      },
      bearer(`${ALICE}:42`),
    );
    expect(anchor.requests).toEqual([
      {
        type: 'indicative',
        client_id: ALICE,
        sell_asset: USD,
        buy_asset: USDC,
        sell_amount: '50',
        sell_delivery_method: 'WIRE',
        country_code: 'USA',
      },
    ]);
  });

  it('writes exponent and signed decimals from the anchor in plain notation', async () => {
    const anchor = await startAnchor(() => ({
      status: 200,
      body: {
        rate: { price: '1e0', sell_amount: '+1E2', buy_amount: '100.0', fee: { total: '0.0', asset: USD } },
      },
    }));
    running.push(anchor);
    const platform = await startPlatform({ anchorUrl: anchor.url });
    running.push(platform);
    const response = await getPrice(platform.url, {
      sell_asset: USD,
      buy_asset: USDC,
      sell_amount: '100',
      context: 'sep31',
    });
    const { status, body } = await answer('getPrice', response);
    expect(status).toBe(200);
    expect(body).toEqual({
      total_price: '1',
      price: '1',
      sell_amount: '100',
      buy_amount: '100.0',
      fee: { total: '0.0', asset: USD },
    });
  });
});

describe('POST /quote and GET /quote/{id}', () => {
  // Two days ahead, whole seconds: the anchor holds the quote an hour past it.
  const expireAfter = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000);
  const request = {
    sell_asset: USD,
    buy_asset: USDC,
    sell_amount: '103',
    sell_delivery_method: 'WIRE',
    expire_after: expireAfter.toISOString().replace('.000Z', 'Z'),
    context: 'sep31',
  };

  it('asks the anchor for a firm rate with client_id and expire_after, stores and serves the quote', async () => {
    const { anchor, platform } = await stack();
    const headers = bearer(`${ALICE}:7`);

    const created = await answer('postQuote', await postQuote(platform.url, request, headers));
    expect(created.status).toBe(201);
    expect(anchor.requests).toEqual([
      {
        type: 'firm',
        client_id: ALICE,
        sell_asset: USD,
        buy_asset: USDC,
        sell_amount: '103',
        sell_delivery_method: 'WIRE',
        expire_after: request.expire_after,
      },
    ]);
    const quote = created.body;
    expect(quote).toMatchObject({
      total_price: '1.03',
      price: '1.02',
      sell_asset: USD,
      sell_amount: '103',
      sell_delivery_method: 'WIRE',
      buy_asset: USDC,
      buy_amount: '100',
      // The anchor's expires_at, written back as ISO_INSTANT writes it (no zero fraction).
      expires_at: new Date(expireAfter.getTime() + 3600_000).toISOString().replace('.000Z', 'Z'),
    });
    expect(quote).not.toHaveProperty('buy_delivery_method');

    const fetched = await answer(
      'getQuote',
      await fetch(`${platform.url}/quote/${encodeURIComponent(String(quote.id))}`, { headers }),
    );
    expect(fetched).toEqual({ status: 200, body: quote });
  });

  it('serves a quote only to the account (and memo) it was returned to', async () => {
    const { platform } = await stack();
    const created = await answer('postQuote', await postQuote(platform.url, request, bearer(ALICE)));
    const path = `${platform.url}/quote/${created.body.id}`;
    for (const other of [BOB, `${ALICE}:1`]) {
      const response = await fetch(path, { headers: bearer(other) });
      expect(await answer('getQuote', response)).toEqual({ status: 404, body: { error: 'quote not found' } });
    }
    expect((await fetch(path, { headers: bearer(ALICE) })).status).toBe(200);
  });

  it('answers 404 for an id never returned', async () => {
    const { platform } = await stack();
    const response = await fetch(`${platform.url}/quote/no-such-quote`, { headers: bearer() });
    expect(await answer('getQuote', response)).toEqual({ status: 404, body: { error: 'quote not found' } });
  });

  it('keeps at most maxQuotes quotes, forgetting the oldest', async () => {
    const anchor = await startAnchor(honestRate());
    running.push(anchor);
    const platform = await startPlatform({ anchorUrl: anchor.url, maxQuotes: 2 });
    running.push(platform);
    const ids: unknown[] = [];
    for (let i = 0; i < 3; i++) ids.push((await (await postQuote(platform.url, request)).json()).id);
    const statuses = await Promise.all(
      ids.map(async (id) => (await fetch(`${platform.url}/quote/${id}`, { headers: bearer() })).status),
    );
    expect(statuses).toEqual([404, 200, 200]);
  });
});

describe('what the anchor answers besides a rate', () => {
  async function anchorAnswering(status: number, body: unknown) {
    const anchor = await startAnchor(() => ({ status, body }) as never);
    running.push(anchor);
    const platform = await startPlatform({ anchorUrl: anchor.url });
    running.push(platform);
    const response = await getPrice(platform.url, {
      sell_asset: USD,
      buy_asset: USDC,
      sell_amount: '100',
      context: 'sep31',
    });
    return answer('getPrice', response);
  }

  it('passes a 400 on with the anchor error', async () => {
    expect(await anchorAnswering(400, { error: 'no rate for iso4217:USD -> USDC today' })).toEqual({
      status: 400,
      body: { error: 'no rate for iso4217:USD -> USDC today' },
    });
  });

  it('passes a 404 on', async () => {
    expect(await anchorAnswering(404, { error: 'unknown pair' })).toEqual({
      status: 404,
      body: { error: 'unknown pair' },
    });
  });

  it('answers 502 for a 500, and 500 for a refused platform credential, as the Anchor Platform', async () => {
    expect(await anchorAnswering(500, { error: 'boom' })).toEqual({
      status: 502,
      body: { error: 'the anchor answered GET /rate with HTTP 500' },
    });
    const refused = await anchorAnswering(401, { error: 'token is invalid or expired' });
    expect(refused.status).toBe(500);
    expect(refused.body.error).toMatch(/credentials/);
  });
});

describe('credentials the platform sends the anchor', () => {
  const SECRET = 'anchor-callback-secret-of-32-bytes-at-least';

  it('a fresh JWT per request with ANCHOR_JWT_SECRET', async () => {
    const anchor = await startAnchor(honestRate(), { security: { platformJwt: bearerJwt(SECRET) } });
    running.push(anchor);
    const query = { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' };
    const right = await startPlatform({ anchorUrl: anchor.url, anchorCredentials: { jwtSecret: SECRET } });
    running.push(right);
    expect((await getPrice(right.url, query)).status).toBe(200);
    const wrong = await startPlatform({
      anchorUrl: anchor.url,
      anchorCredentials: { jwtSecret: `${SECRET}-other` },
    });
    running.push(wrong);
    expect((await getPrice(wrong.url, query)).status).toBe(500);
  });

  it('the API key with ANCHOR_API_KEY', async () => {
    const anchor = await startAnchor(honestRate(), { security: { platformApiKey: apiKey('key-1') } });
    running.push(anchor);
    const platform = await startPlatform({ anchorUrl: anchor.url, anchorCredentials: { apiKey: 'key-1' } });
    running.push(platform);
    const response = await getPrice(platform.url, {
      sell_asset: USD,
      buy_asset: USDC,
      sell_amount: '100',
      context: 'sep31',
    });
    expect(response.status).toBe(200);
  });
});

describe('requests refused before the anchor is called', () => {
  it.each([
    [
      'too many decimals for USD',
      { sell_asset: USD, buy_asset: USDC, sell_amount: '10.505', context: 'sep31' },
      /sell_amount 10.505 has 3 decimal places/,
    ],
    [
      'too many decimals for USDC',
      { sell_asset: USD, buy_asset: USDC, buy_amount: '1.00000001', context: 'sep31' },
      /buy_amount/,
    ],
    [
      'both amounts',
      { sell_asset: USD, buy_asset: USDC, sell_amount: '1', buy_amount: '1', context: 'sep31' },
      /Exactly one/,
    ],
    ['no context', { sell_asset: USD, buy_asset: USDC, sell_amount: '1' }, /context/],
    [
      'sep24 context for a price',
      { sell_asset: USD, buy_asset: USDC, sell_amount: '1', context: 'sep24' },
      /context/,
    ],
  ])('%s', async (_name, query, message) => {
    const { anchor, platform } = await stack();
    const { status, body } = await answer('getPrice', await getPrice(platform.url, query));
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
    expect(anchor.requests).toEqual([]);
  });

  it('trailing zeros do not count as decimals', async () => {
    const { platform } = await stack();
    const response = await getPrice(platform.url, {
      sell_asset: USD,
      buy_asset: USDC,
      sell_amount: '103.0000',
      context: 'sep31',
    });
    expect(response.status).toBe(200);
  });

  it('a quote body that is not JSON, or too large', async () => {
    const { platform } = await stack();
    const notJson = await fetch(`${platform.url}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer() },
      body: '{"sell_asset": ',
    });
    expect((await answer('postQuote', notJson)).status).toBe(400);
    const form = await fetch(`${platform.url}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer() },
      body: 'sell_asset=iso4217:USD',
    });
    expect((await answer('postQuote', form)).status).toBe(415);
    const large = await fetch(`${platform.url}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer() },
      body: JSON.stringify({ sell_asset: 'x'.repeat(20_000) }),
    });
    expect((await answer('postQuote', large)).status).toBe(413);
  });
});
