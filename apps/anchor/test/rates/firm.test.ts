// Firm quotes (persisted with id and expires_at, expire_after), client fee schedules, refusals.
import { readFileSync } from 'node:fs';
import { validate, validateRateResponse } from '@starspec/callbacks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SqliteStore } from '../../src/storage/sqlite.js';
import { DEMO_CLIENT, expectContract, send, startAnchor, type TestAnchor, USDC } from '../support/anchor.js';

const refusals = parse(readFileSync(new URL('./refusals.yaml', import.meta.url), 'utf8')) as {
  name: string;
  query: Record<string, string>;
  error: string;
}[];

let t: TestAnchor;
beforeAll(async () => {
  t = await startAnchor();
});
afterEach(() => expect(t.errors).toEqual([]));
afterAll(() => t.close());

async function rate(query: Record<string, string>) {
  const a = await send(t.base, `/rate?${new URLSearchParams(query)}`);
  expectContract('getRate', a);
  return a;
}

const NOW = '2026-11-21T12:00:00Z';
const firmQuery = {
  type: 'firm',
  sell_asset: 'iso4217:USD',
  buy_asset: USDC,
  sell_amount: '100',
  client_id: DEMO_CLIENT,
};

describe('firm quotes', () => {
  it('carry an id and expires_at, and are stored as answered', async () => {
    const a = await rate(firmQuery);
    expect(a.status).toBe(200);
    const { rate: r } = a.body;
    expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.expires_at).toBe('2026-11-21T12:10:00Z'); // ttl_seconds 600
    const stored = await t.anchor.store.getQuote(r.id);
    expect(stored).toMatchObject({
      id: r.id,
      clientId: DEMO_CLIENT,
      sellAsset: 'iso4217:USD',
      buyAsset: USDC,
      sellAmount: r.sell_amount,
      buyAmount: r.buy_amount,
      price: r.price,
      fee: r.fee,
      expiresAt: r.expires_at,
      createdAt: Date.parse(NOW),
    });
    const second = await rate(firmQuery);
    expect(second.body.rate.id).not.toBe(r.id);
  });

  it('hold longer for a delivery method with its own validity', async () => {
    const wire = await rate({ ...firmQuery, sell_delivery_method: 'WIRE' });
    expect(wire.body.rate.expires_at).toBe('2026-11-22T12:00:00Z');
    expect(wire.body.rate.fee.details.map((d: { name: string }) => d.name)).toContain('WIRE fee');
    const ach = await rate({ ...firmQuery, sell_delivery_method: 'ACH' });
    expect(ach.body.rate.expires_at).toBe('2026-11-21T13:00:00Z');
  });

  it('honour expire_after: never expiring before it, up to the longest validity', async () => {
    const soon = await rate({ ...firmQuery, expire_after: '2026-11-21T12:01:00Z' });
    expect(soon.body.rate.expires_at).toBe('2026-11-21T12:10:00Z');
    const later = await rate({ ...firmQuery, expire_after: '2026-11-21T18:30:00.250+02:00' });
    expect(later.body.rate.expires_at).toBe('2026-11-21T16:30:01Z');
    const longest = await rate({ ...firmQuery, expire_after: '2026-11-22T12:00:00Z' });
    expect(longest.body.rate.expires_at).toBe('2026-11-22T12:00:00Z');
    const past = await rate({ ...firmQuery, expire_after: '2020-01-01T00:00:00Z' });
    expect(past.body.rate.expires_at).toBe('2026-11-21T12:10:00Z');
    for (const a of [soon, later, longest, past]) {
      const verdict = validateRateResponse({
        request: { ...firmQuery, expire_after: '2020-01-01T00:00:00Z' } as never,
        response: a.body,
        assets: t.anchor.rates.platform,
        checkExpiry: true,
        now: new Date(NOW),
      });
      expect(verdict.violations).toEqual([]);
    }
  });

  it('survive a restart of the store', async () => {
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp('/tmp/anchor-quotes-'));
    const own = await startAnchor({ databasePath: `${dir}/anchor.db` });
    const a = await send(own.base, `/rate?${new URLSearchParams(firmQuery)}`);
    await own.close();
    const reopened = new SqliteStore(`${dir}/anchor.db`);
    expect((await reopened.getQuote(a.body.rate.id))?.price).toBe(a.body.rate.price);
    await reopened.close();
  });
});

describe('fees per client', () => {
  const query = {
    type: 'indicative',
    sell_asset: 'iso4217:BRL',
    buy_asset: 'stellar:native',
    sell_amount: '1000',
  };

  it('charge the default schedule in the sell asset without a known client', async () => {
    for (const client of [undefined, 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX']) {
      const a = await rate({ ...query, ...(client ? { client_id: client } : {}) });
      expect(a.body.rate.fee.asset).toBe('iso4217:BRL');
      expect(a.body.rate.fee.details.map((d: { name: string }) => d.name)).toEqual([
        'Service fee',
        'Network fee',
      ]);
      expect(a.body.rate.fee.details[0].amount).toBe('5'); // 0.5% of 1000
    }
  });

  it("charge the demo client's partner schedule in the buy asset", async () => {
    const a = await rate({ ...query, client_id: DEMO_CLIENT });
    expect(a.body.rate.fee.asset).toBe('stellar:native');
    expect(a.body.rate.fee.details).toEqual([
      { name: 'Service fee', description: '0.2% of the amount exchanged', amount: a.body.rate.fee.total },
    ]);
  });

  it('charge fees on the other side when the preferred asset has no decimals', async () => {
    const request = { type: 'indicative', sell_asset: 'iso4217:JPY', buy_asset: USDC, sell_amount: '15000' };
    const a = await rate(request);
    expect(a.body.rate.fee.asset).toBe(USDC);
    const verdict = validateRateResponse({
      request: request as never,
      response: a.body,
      assets: t.anchor.rates.platform,
    });
    expect(verdict.violations).toEqual([]);
  });

  it('answer the fixed price of a pair when the asset file gives one', async () => {
    const a = await rate({
      type: 'indicative',
      sell_asset: 'iso4217:USD',
      buy_asset: USDC,
      buy_amount: '1000',
    });
    // 1000 USDC at 1.002 USD = 1002 USD, plus 0.5% of it and 0.25: 1002 + 5.01 + 0.25.
    expect(a.body.rate).toMatchObject({ sell_amount: '1007.26', buy_amount: '1000', price: '1.002' });
    expect(a.body.rate.fee.total).toBe('5.26');
  });
});

describe('requests the anchor cannot price', () => {
  it.each(refusals)('$name: 400 {error}', async ({ query, error }) => {
    const resolved = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, v === 'USDC' ? USDC : v === 'DEMO' ? DEMO_CLIENT : v]),
    );
    expect(validate.request('getRate', { query: { ...resolved } }).errors).toEqual([]);
    const a = await rate(resolved);
    expect(a.status).toBe(400);
    expect(Object.keys(a.body)).toEqual(['error']);
    expect(a.body.error).toContain(error);
  });
});
