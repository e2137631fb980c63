// What a hostile anchor can make the platform keep: quote ids are bounded by the contract (255
// characters, the Anchor Platform's exchange_quote.id), and the quote store by count and bytes.
import { randomUUID } from 'node:crypto';
import { listen } from '@starspec/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, createServer, type Quote, QuoteStore, validate } from '../../src/index.js';
import { closeServer, startAnchor } from '../support/anchors.js';
import { bearer, CLIENT_SECRET, postQuote, USD, USDC } from '../support/platform.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

const REQUEST = { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' };

/** A platform whose gateway the test can look into, before an anchor answering firm rates with `id()`. */
async function platformWithIds(id: () => string, options: { maxQuoteBytes?: number } = {}) {
  const anchor = await startAnchor(
    () =>
      ({
        status: 200,
        body: {
          rate: {
            id: id(),
            expires_at: '2099-01-01T00:00:00Z',
            price: '1',
            sell_amount: '100',
            buy_amount: '100',
          },
        },
      }) as never,
  );
  running.push(anchor);
  const gateway = createGateway({ anchorUrl: anchor.url, clientJwtSecret: CLIENT_SECRET, ...options });
  const server = createServer(gateway.handlers, { bodyLimitBytes: 16 * 1024 });
  const url = await listen(server);
  running.push({ close: () => closeServer(server) });
  return { gateway, url };
}

describe('quote ids from the anchor', () => {
  it('an id of 900 KB is refused with 500 (rate.firm.id-length) and nothing is kept', async () => {
    const { gateway, url } = await platformWithIds(() => `${randomUUID()}${'q'.repeat(900_000)}`);
    for (let i = 0; i < 5; i++) {
      const response = await postQuote(url, REQUEST);
      const body = (await response.json()) as { error: string };
      expect(response.status).toBe(500);
      expect(body.error).toMatch(/^rate\.firm\.id-length: rate\.id has 900036 characters/);
      expect(validate.response('postQuote', 500, body).ok).toBe(true);
    }
    expect(gateway.quotes.size).toBe(0);
    expect(gateway.quotes.bytes).toBe(0);
  });

  it('an id of 255 characters is kept and served', async () => {
    const { gateway, url } = await platformWithIds(() => 'q'.repeat(255));
    const created = await postQuote(url, REQUEST);
    expect(created.status).toBe(201);
    const quote = (await created.json()) as Quote;
    expect(validate.response('postQuote', 201, quote).errors).toEqual([]);
    expect(gateway.quotes.size).toBe(1);
    const fetched = await fetch(`${url}/quote/${quote.id}`, { headers: bearer() });
    expect(fetched.status).toBe(200);
  });

  it('many quotes stay within the byte bound, the oldest forgotten first', async () => {
    const { gateway, url } = await platformWithIds(() => `${randomUUID()}${'q'.repeat(200)}`, {
      maxQuoteBytes: 8 * 1024,
    });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(((await (await postQuote(url, REQUEST)).json()) as Quote).id);
    expect(gateway.quotes.bytes).toBeLessThanOrEqual(8 * 1024);
    expect(gateway.quotes.size).toBeGreaterThan(0);
    expect(gateway.quotes.size).toBeLessThan(30);
    const newest = await fetch(`${url}/quote/${ids.at(-1)}`, { headers: bearer() });
    const oldest = await fetch(`${url}/quote/${ids[0]}`, { headers: bearer() });
    expect([newest.status, oldest.status]).toEqual([200, 404]);
  });
});

describe('QuoteStore', () => {
  const quote = (id: string, name = 'fee'): Quote => ({
    id,
    expires_at: '2099-01-01T00:00:00Z',
    total_price: '1',
    price: '1',
    sell_asset: USD,
    sell_amount: '100',
    buy_asset: USDC,
    buy_amount: '100',
    fee: { total: '1', asset: USD, details: [{ name, amount: '1' }] },
  });

  it('counts the bytes of what it keeps and forgets the oldest past maxBytes', () => {
    const store = new QuoteStore(100, 3000);
    store.save('alice', quote('a', 'x'.repeat(600)));
    const one = store.bytes;
    expect(one).toBeGreaterThan(600);
    store.save('alice', quote('b', 'x'.repeat(600)));
    expect([store.size, store.bytes]).toEqual([2, 2 * one]);
    store.save('alice', quote('c', 'x'.repeat(600)));
    expect([store.size, store.bytes]).toEqual([2, 2 * one]);
    expect(store.find('alice', 'a')).toBeUndefined();
    expect(store.find('alice', 'c')?.id).toBe('c');
  });

  it('a quote larger than maxBytes on its own is not kept', () => {
    const store = new QuoteStore(100, 500);
    store.save('alice', quote('big', 'x'.repeat(1000)));
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });

  it('replacing an id replaces its bytes; maxQuotes still bounds the count', () => {
    const store = new QuoteStore(2, 1_000_000);
    store.save('alice', quote('a', 'x'.repeat(500)));
    const large = store.bytes;
    store.save('alice', quote('a'));
    const small = store.bytes;
    expect([store.size, large - small]).toEqual([1, 500 - 'fee'.length]);
    store.save('bob', quote('b'));
    store.save('bob', quote('c'));
    expect(store.size).toBe(2);
    expect(store.find('alice', 'a')).toBeUndefined();
    expect(store.bytes).toBe(2 * (small - Buffer.byteLength('alice') + Buffer.byteLength('bob')));
  });

  it.each([
    [0, 1],
    [1, 0],
    [1.5, 1],
  ])('refuses maxQuotes %d, maxBytes %d', (maxQuotes, maxBytes) => {
    expect(() => new QuoteStore(maxQuotes, maxBytes)).toThrow(RangeError);
  });
});
