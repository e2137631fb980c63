/**
 * `GET /paths/strict-receive` (and Horizon's older `/paths`) and `GET /paths/strict-send`:
 * stellar-horizon `actions/path.go` FindPathsHandler and FindFixedPathsHandler (with
 * `simplepath/inmemory.go`'s bounds and `resourceadapter/path.go` PopulatePath), searching the
 * offers and pools the index holds.
 */
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { canonicalOfFields, fieldsOfCanonical } from '../derive/assets.js';
import { amount } from '../derive/format.js';
import type { IndexStore } from '../store/index-store.js';
import { findStrictReceive, findStrictSend, type PathRecord } from './path-find.js';
import { MAX_PATH_LENGTH, type PathQuery, strictReceiveQuery, strictSendQuery } from './path-query.js';
import { type VenueBounds, VenueReader } from './path-venues.js';
import { problemResult, STILL_INGESTING } from './problems.js';
import { HAL_JSON } from './request.js';

/** What one search reads at most (the index's own bounds; Horizon holds its whole book in memory). */
export const PATH_VENUE_BOUNDS: VenueBounds = { offersPerPair: 200, assets: 1_000, offers: 20_000 };

const assetFields = (asset: string, prefix: string) =>
  Object.fromEntries(
    Object.entries(fieldsOfCanonical(asset)).map(([key, value]) => [`${prefix}${key}`, value]),
  );

/** PopulatePath, fields in horizon.Path's order. */
function render(record: PathRecord) {
  return {
    ...assetFields(record.source, 'source_'),
    source_amount: amount(record.sourceAmount),
    ...assetFields(record.destination, 'destination_'),
    destination_amount: amount(record.destinationAmount),
    path: record.interior.map((asset) => assetFields(asset, '')),
  };
}

/** renderPaths: a page with records and no links. */
const page = (records: PathRecord[]): HandlerResult => ({
  status: 200,
  headers: HAL_JSON,
  body: { _embedded: { records: records.map(render) } },
});

const stroops = (value: string) => BigInt(value.replace('.', ''));

/** assetsForAddress: the account's trust line assets (not pool shares) and lumens, with balances. */
async function holdings(store: IndexStore, account: string): Promise<Map<string, bigint>> {
  const body = await store.state.account(account);
  const held = new Map<string, bigint>();
  for (const balance of (body?.balances ?? []) as Record<string, string>[]) {
    if (balance.asset_type === 'liquidity_pool_shares' || balance.balance === undefined) continue;
    held.set(canonicalOfFields(balance as { asset_type: string }), stroops(balance.balance));
  }
  return held;
}

/**
 * Searches unless Horizon would not: no assets to end at (an empty list), no offer or pool at
 * all (its book not loaded: still ingesting), a start no offer or pool holds (an empty list).
 */
async function searched(
  store: IndexStore,
  query: PathQuery,
  ends: number,
  walk: 'selling' | 'buying',
  find: (reader: VenueReader) => Promise<PathRecord[]>,
): Promise<HandlerResult> {
  if (ends === 0) return page([]);
  if (!(await store.state.hasMarket())) return problemResult(STILL_INGESTING);
  if (!(await store.state.hasMarket(query.asset))) return page([]);
  return page(await find(new VenueReader(store.state, walk, PATH_VENUE_BOUNDS)));
}

export async function strictReceivePaths(store: IndexStore, request: HandlerRequest): Promise<HandlerResult> {
  const query = strictReceiveQuery(request.query);
  if (!('asset' in query)) return problemResult(query);
  const { account } = query;
  const sources: Map<string, bigint | undefined> = account
    ? await holdings(store, account)
    : new Map(query.assets.map((asset) => [asset, undefined]));
  return searched(store, query, sources.size, 'selling', (reader) =>
    findStrictReceive(
      (asset) => reader.venues(asset),
      { destination: query.asset, destinationAmount: query.amount, sources, ...(account ? { account } : {}) },
      MAX_PATH_LENGTH,
    ),
  );
}

export async function strictSendPaths(store: IndexStore, request: HandlerRequest): Promise<HandlerResult> {
  const query = strictSendQuery(request.query);
  if (!('asset' in query)) return problemResult(query);
  const destinations = new Set(query.account ? (await holdings(store, query.account)).keys() : query.assets);
  return searched(store, query, destinations.size, 'buying', (reader) =>
    findStrictSend(
      (asset) => reader.venues(asset),
      { source: query.asset, sourceAmount: query.amount, destinations },
      MAX_PATH_LENGTH,
    ),
  );
}
