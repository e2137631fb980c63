// Answers the Anchor Platform accepts although our contract does not: the platform gateway
// accepts them too, and answers the client within the platform contract.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type OperationId, validate } from '../../src/index.js';
import { closeServer } from '../support/anchors.js';
import { getPrice, postQuote, startPlatform, USD, USDC } from '../support/platform.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** A platform in front of an anchor that answers every GET /rate with `body`, as written. */
async function platformBefore(body: string) {
  const anchor = createServer((_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  const url = await listen(anchor);
  running.push({ close: () => closeServer(anchor) });
  const errors: unknown[] = [];
  const platform = await startPlatform({ anchorUrl: url }, errors);
  running.push(platform);
  return { platform, errors };
}

async function answer(operationId: OperationId, response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expect(validate.response(operationId, response.status, body).errors).toEqual([]);
  return { status: response.status, body };
}

const QUERY = { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' };

describe('GET /price: what Gson reads', () => {
  it.each([
    [
      'numbers where strings are expected',
      '{"rate": {"price": 1.05, "sell_amount": 100, "buy_amount": 94.29, "fee": {"total": 1, "asset": "iso4217:USD"}}}',
      { price: '1.05', sell_amount: '100', buy_amount: '94.29', fee: { total: '1', asset: USD } },
    ],
    [
      'comments and single quotes',
      "// the rate\n{'rate': {'price': '1.05', 'sell_amount': '100', 'buy_amount': '94.29', 'fee': {'total': '1.00', 'asset': 'iso4217:USD'}}}",
      { price: '1.05', sell_amount: '100', buy_amount: '94.29', fee: { total: '1.00', asset: USD } },
    ],
    [
      'BigDecimal notations, written plain',
      '{"rate": {"price": "+1.05", "sell_amount": "1E+2", "buy_amount": "94.29", "fee": {"total": "1.00", "asset": "iso4217:USD", "details": [{"name": "", "amount": ".5"}, {"name": "b", "amount": "0.5"}]}}}',
      {
        price: '1.05',
        sell_amount: '100',
        buy_amount: '94.29',
        fee: {
          total: '1.00',
          asset: USD,
          details: [
            { name: '', amount: '0.5' },
            { name: 'b', amount: '0.5' },
          ],
        },
      },
    ],
  ])('%s', async (_title, text, expected) => {
    const { platform, errors } = await platformBefore(text);
    const { status, body } = await answer('getPrice', await getPrice(platform.url, QUERY));
    expect(status).toBe(200);
    expect(body).toEqual({ ...expected, total_price: '1.0605578534' });
    expect(errors).toEqual([]);
  });
});

describe('POST /quote: what Gson reads, and how the quote is written back', () => {
  const firm = (id: string, expiresAt: string) =>
    `{"rate": {"id": ${id}, "expires_at": ${expiresAt}, "price": "1.05", "sell_amount": "100.00", "buy_amount": "94.2900", "fee": {"total": "1.00", "asset": "iso4217:USD"}}}`;

  it.each([
    ['a numeric id', firm('1234', '"2026-06-02T12:00:00Z"'), '1234', '2026-06-02T12:00:00Z'],
    ['an empty id', firm('""', '"2026-06-02T12:00:00Z"'), '', '2026-06-02T12:00:00Z'],
    ['lower-case t and z', firm('"q-1"', '"2026-06-02t12:00:00z"'), 'q-1', '2026-06-02T12:00:00Z'],
    ['24:00 with an offset', firm('"q-2"', '"2026-06-02T24:00:00+02:00"'), 'q-2', '2026-06-02T22:00:00Z'],
    ['a leap second', firm('"q-3"', '"2026-06-30T23:59:60.250Z"'), 'q-3', '2026-06-30T23:59:59.250Z'],
    ['a year past 9999', firm('"q-4"', '"+12026-01-01T00:00:00Z"'), 'q-4', '+12026-01-01T00:00:00Z'],
    ['a one-element list', firm('"q-5"', '["2026-06-02T12:00:00Z"]'), 'q-5', '2026-06-02T12:00:00Z'],
  ])('%s', async (_title, text, id, expiresAt) => {
    const { platform, errors } = await platformBefore(text);
    const { status, body } = await answer('postQuote', await postQuote(platform.url, QUERY));
    expect(status).toBe(201);
    // The amounts as Sep38Service stores them: rounded to their asset's decimals, no trailing zeros.
    expect(body).toMatchObject({ id, expires_at: expiresAt, sell_amount: '100', buy_amount: '94.29' });
    expect(errors).toEqual([]);
  });
});
