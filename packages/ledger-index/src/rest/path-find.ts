/**
 * The two searches Horizon answers, over any source of venues (stellar/go
 * `exp/orderbook/graph.go` FindPaths and FindFixedPaths with their search states, and
 * sortAndFilterPaths): what they start from, where they may end, and how the ways found become
 * path records, sorted and cut as Horizon sorts and cuts them.
 */
import { fieldsOfCanonical } from '../derive/assets.js';
import { costThrough, type Found, searchPaths, type Venues, yieldThrough } from './path-search.js';

/** simplepath's maxAssetsPerPath: the paths kept for each source (or destination) asset. */
export const PATHS_PER_ASSET = 5;

export type VenuesOf = (asset: string) => Promise<readonly Venues[]>;

export interface PathRecord {
  source: string;
  sourceAmount: bigint;
  destination: string;
  destinationAmount: bigint;
  /** The intermediate assets, source to destination. */
  interior: string[];
}

/** An asset as Horizon's `Asset.String()` writes it, what it orders paths by. */
export function horizonAssetString(asset: string): string {
  const { asset_type, asset_code, asset_issuer } = fieldsOfCanonical(asset);
  return asset_type === 'native' ? 'native' : `${asset_type}/${asset_code}/${asset_issuer}`;
}

/**
 * sortAndFilterPaths: grouped by the varying asset, best amount first, then fewer conversions
 * (a stable sort where Go's is not), at most PATHS_PER_ASSET each.
 */
export function sortAndFilter(records: PathRecord[], by: 'source' | 'destination'): PathRecord[] {
  const amountOf = (record: PathRecord) =>
    by === 'source' ? record.sourceAmount : -record.destinationAmount;
  const keyed = records.map((record) => ({ record, key: horizonAssetString(record[by]) }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -1 : 1;
    const [x, y] = [amountOf(a.record), amountOf(b.record)];
    if (x !== y) return x < y ? -1 : 1;
    return a.record.interior.length - b.record.interior.length;
  });
  const kept: PathRecord[] = [];
  let count = 0;
  for (const [index, { record, key }] of keyed.entries()) {
    count = index > 0 && keyed[index - 1]?.key === key ? count + 1 : 1;
    if (count <= PATHS_PER_ASSET) kept.push(record);
  }
  return kept;
}

export interface StrictReceive {
  destination: string;
  destinationAmount: bigint;
  /** The source assets, with the balance a path may not cost more than when checked. */
  sources: ReadonlyMap<string, bigint | undefined>;
  /** The source account: its balances are checked and its own offers not used. */
  account?: string;
}

/** FindPaths: the selling search, from the destination back to the sources. */
export async function findStrictReceive(venues: VenuesOf, query: StrictReceive, maxLength: number) {
  const { sources, account } = query;
  const found = await searchPaths(
    {
      venues,
      convert: (edge, from, wanted) => costThrough(edge, from, wanted, account),
      better: (held, candidate) => held === 0n || (candidate !== 0n && candidate < held),
      terminal: (asset) => sources.has(asset),
      include: (asset, cost) => sources.has(asset) && (!account || (sources.get(asset) ?? 0n) >= cost),
    },
    query.destination,
    query.destinationAmount,
    maxLength,
  );
  const records = found.map(({ assets, amount }: Found) => ({
    source: assets.at(-1) as string,
    sourceAmount: amount,
    destination: query.destination,
    destinationAmount: query.destinationAmount,
    interior: assets.slice(1, -1).reverse(),
  }));
  return sortAndFilter(records, 'source');
}

export interface StrictSend {
  source: string;
  sourceAmount: bigint;
  destinations: ReadonlySet<string>;
}

/** FindFixedPaths: the buying search, from the source to the destinations. */
export async function findStrictSend(venues: VenuesOf, query: StrictSend, maxLength: number) {
  const { destinations } = query;
  const found = await searchPaths(
    {
      venues,
      convert: yieldThrough,
      better: (held, candidate) => candidate > held,
      terminal: (asset) => destinations.has(asset),
      include: (asset) => destinations.has(asset),
    },
    query.source,
    query.sourceAmount,
    maxLength,
  );
  const records = found.map(({ assets, amount }: Found) => ({
    source: query.source,
    sourceAmount: query.sourceAmount,
    destination: assets.at(-1) as string,
    destinationAmount: amount,
    interior: assets.slice(1, -1),
  }));
  return sortAndFilter(records, 'destination');
}
