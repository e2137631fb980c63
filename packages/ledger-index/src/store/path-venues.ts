/**
 * What the path search reads of one asset (stellar/go `exp/orderbook` keeps all of it in memory;
 * the index reads it per asset and request): the offers on one side of it, at most `perPair`
 * cheapest for each asset on the other side, and the pools that hold it.
 */
import type { LiquidityPoolBody, OfferBody } from '../derive/state/common.js';
import type { SqlDriver } from './driver.js';

type Db = Pick<SqlDriver, 'query'>;

export interface VenueRows {
  offers: OfferBody[];
  pools: LiquidityPoolBody[];
}

export interface VenueQuery {
  /** Canonical asset. */
  asset: string;
  /** `selling`: the offers selling the asset (grouped by what they buy); `buying`: the other way. */
  side: 'selling' | 'buying';
  /** The cheapest offers read for each pair. */
  perPair: number;
  /** The offers read at most, whatever the pairs (each pair's cheapest first). */
  limit: number;
}

export async function venueRows(db: Db, query: VenueQuery): Promise<VenueRows> {
  const other = query.side === 'selling' ? 'buying' : 'selling';
  const [offers, pools] = await Promise.all([
    db.query(
      `SELECT body FROM (
         SELECT body, ROW_NUMBER() OVER (PARTITION BY ${other} ORDER BY price, id) AS place
         FROM offers WHERE ${query.side} = ?) ranked
       WHERE place <= ? ORDER BY place LIMIT ?`,
      [query.asset, query.perPair, query.limit],
    ),
    db.query('SELECT body FROM liquidity_pools WHERE asset_a = ? OR asset_b = ? ORDER BY id', [
      query.asset,
      query.asset,
    ]),
  ]);
  return {
    offers: offers.map((row) => JSON.parse(String(row.body)) as OfferBody),
    pools: pools.map((row) => JSON.parse(String(row.body)) as LiquidityPoolBody),
  };
}

/** Whether the state holds any offer or pool: Horizon's path finder answers nothing before it does. */
export async function hasMarket(db: Db): Promise<boolean> {
  const [offer] = await db.query('SELECT id FROM offers LIMIT 1');
  if (offer) return true;
  const [pool] = await db.query('SELECT id FROM liquidity_pools LIMIT 1');
  return pool !== undefined;
}

/** Whether an asset is in any offer or pool: Horizon's order book graph knows only those assets. */
export async function inMarket(db: Db, asset: string): Promise<boolean> {
  const [offer] = await db.query('SELECT id FROM offers WHERE selling = ? OR buying = ? LIMIT 1', [
    asset,
    asset,
  ]);
  if (offer) return true;
  const [pool] = await db.query('SELECT id FROM liquidity_pools WHERE asset_a = ? OR asset_b = ? LIMIT 1', [
    asset,
    asset,
  ]);
  return pool !== undefined;
}
