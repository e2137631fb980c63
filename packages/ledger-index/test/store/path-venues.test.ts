/**
 * What the path search reads of an asset, on each engine: the offers on one side, the cheapest
 * `perPair` of each pair, the cheapest of every pair first when the request's budget cuts the
 * read, and the pools holding the asset; and whether any market exists.
 */
import { describe, expect, it } from 'vitest';
import type { SqlDriver } from '../../src/store/driver.js';
import { IndexStore } from '../../src/store/index-store.js';
import { ENGINES } from '../support/databases.js';

const [USD, EUR] = ['USD:GA', 'EUR:GA'];

async function withMarket(driver: SqlDriver): Promise<IndexStore> {
  const store = await IndexStore.open(driver, 'Test SDF Network ; September 2015');
  // Offers selling lumens: three for USD (prices 3, 1, 2), one for EUR.
  const offers: [number, string, number][] = [
    [1, USD, 3],
    [2, USD, 1],
    [3, USD, 2],
    [4, EUR, 5],
  ];
  await driver.transaction(async (tx) => {
    for (const [id, buying, n] of offers)
      await tx.run(
        'INSERT INTO offers (id, seller, selling, buying, body, price) VALUES (?, ?, ?, ?, ?, ?)',
        [id, 'GA', 'native', buying, JSON.stringify({ id: String(id), price_r: { n, d: 1 } }), n],
      );
    await tx.run('INSERT INTO liquidity_pools (id, asset_a, asset_b, body) VALUES (?, ?, ?, ?)', [
      'p1',
      'native',
      EUR,
      JSON.stringify({ id: 'p1' }),
    ]);
  });
  return store;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe.each(ENGINES)('the path venues on $name', (engine) => {
  it.skipIf(!engine.available)('reads the cheapest offers of each pair and the pools', async () => {
    const { driver } = await engine.open();
    const store = await withMarket(driver);
    const read = (perPair: number, limit: number) =>
      store.state.venues({ asset: 'native', side: 'selling', perPair, limit });

    const all = await read(10, 100);
    expect(ids(all.offers)).toEqual(['1', '2', '3', '4']);
    expect(ids(all.pools)).toEqual(['p1']);
    // The cheapest USD offer of the three (price 1), and the one EUR offer.
    expect(ids((await read(1, 100)).offers)).toEqual(['2', '4']);
    // A budget of two: each pair's cheapest before any pair's second.
    expect(ids((await read(10, 2)).offers)).toEqual(['2', '4']);
    // The other side: offers buying USD (none sell it here); the pool holds EUR.
    const usd = await store.state.venues({ asset: USD, side: 'buying', perPair: 10, limit: 100 });
    expect(ids(usd.offers)).toEqual(['1', '2', '3']);
    expect(usd.pools).toEqual([]);
    expect(await store.state.hasMarket()).toBe(true);
    expect(await store.state.hasMarket(EUR)).toBe(true);
    expect(await store.state.hasMarket('GBP:GA')).toBe(false);
    await driver.close();
  });

  it.skipIf(!engine.available)('knows of no market before an offer or a pool', async () => {
    const { driver } = await engine.open();
    const store = await IndexStore.open(driver, 'Test SDF Network ; September 2015');
    expect(await store.state.hasMarket()).toBe(false);
    await driver.close();
  });
});
