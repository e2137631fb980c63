/**
 * `GET /trade_aggregations`: one pair's trades summed per time bucket (stellar-horizon
 * `actions/trade.go` TradeAggregationsQuery.Validate and GetTradeAggregationsHandler,
 * `db2/history/trade_aggregation.go` WithStartTime/WithEndTime). Only the ledgers the bucket
 * window covers are read, and at most `limit` buckets' trades, a chunk at a time.
 */
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import type { IndexStore } from '../store/index-store.js';
import { invalidField, NOT_FOUND, problemResult } from './problems.js';
import { HAL_JSON, requestUrl } from './request.js';
import { TradeBuckets } from './trade-buckets.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** history.AllowedResolutions. */
const RESOLUTIONS = new Set([MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, DAY, 7 * DAY]);
const RESOLUTION_REASON =
  'illegal or missing resolution. allowed resolutions are: 1 minute (60000), 5 minutes (300000), ' +
  '15 minutes (900000), 1 hour (3600000), 1 day (86400000) and 1 week (604800000)';
const OFFSET_REASON =
  'illegal or missing offset. offset must be a multiple of an hour, less than or equal to the resolution, ' +
  'and less than 24 hours';
const END_TIME_REASON =
  'illegal end time. adjusted end time must be greater than the offset and greater than the provided start time';
/** Trades read per query while bucketing. */
const CHUNK = 500;

type Query = HandlerRequest['query'];

interface PairAsset {
  /** `native` or `CODE:ISSUER`, as the trades table keys assets. */
  canonical: string;
  /** The trade_assets key (Horizon's history_assets row). */
  key: string;
}

/**
 * xdr.BuildAsset: an issued asset's type follows its code's length; undefined when no type is
 * given, a problem on `<prefix>_asset` when the code or issuer is missing.
 */
function pairAsset(query: Query, prefix: string): PairAsset | HandlerResult | undefined {
  const type = query[`${prefix}_asset_type`];
  if (type === undefined || type === '') return undefined;
  if (type === 'native') return { canonical: 'native', key: 'native' };
  const code = String(query[`${prefix}_asset_code`] ?? '');
  const issuer = String(query[`${prefix}_asset_issuer`] ?? '');
  const invalid = (reason: string) =>
    problemResult(invalidField(`${prefix}_asset`, `invalid ${prefix}_asset: ${reason}`));
  if (issuer === '') return invalid('decoded string is too short');
  if (code.length < 1 || code.length > 12) return invalid('Asset code length is invalid');
  const credit = code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12';
  return { canonical: `${code}:${issuer}`, key: `${credit}/${code}/${issuer}` };
}

const millis = (value: unknown) => (value === undefined ? 0 : Number(value));

/** Go's integer division (towards zero) rounding, as strtime.Millis RoundDown/RoundUp. */
const roundDown = (t: number, d: number) => Math.trunc(t / d) * d;
const roundUp = (t: number, d: number) => (t % d === 0 ? t : roundDown(t, d) + d);

interface Window {
  resolution: number;
  offset: number;
  /** Bucket-aligned; 0 when not given. */
  start: number;
  /** Bucket-aligned; 0 when not given (no upper bound). */
  end: number;
}

/** The request's bucket window, or the problem Horizon answers for it. */
function windowOf(query: Query): Window | HandlerResult {
  const resolution = millis(query.resolution);
  if (!RESOLUTIONS.has(resolution)) return problemResult(invalidField('resolution', RESOLUTION_REASON));
  const offset = millis(query.offset);
  if (offset % HOUR !== 0 || offset >= DAY || offset > resolution)
    return problemResult(invalidField('offset', OFFSET_REASON));
  let start = millis(query.start_time);
  if (start !== 0) start = start < offset ? offset : roundUp(start - offset, resolution) + offset;
  let end = millis(query.end_time);
  if (end !== 0) {
    if (end < offset) return problemResult(invalidField('end_time', END_TIME_REASON));
    end = roundDown(end - offset, resolution) + offset;
    if (end < start) return problemResult(invalidField('end_time', END_TIME_REASON));
  }
  return { resolution, offset, start, end };
}

const closeTimeMs = (ledger: unknown) => Date.parse(String((ledger as { closed_at?: string })?.closed_at));

/** The first ledger of [low, high] closed at or after `time` (high + 1 when none): close times only grow. */
async function firstLedgerFrom(store: IndexStore, time: number, low: number, high: number): Promise<number> {
  let [lo, hi] = [low, high + 1];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const at = closeTimeMs(await store.ledger(mid));
    if (Number.isNaN(at) || at < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const stroops = (value: unknown) => BigInt(String(value).replace('.', ''));

/** The query string as Go's url.Values.Encode writes it: keys sorted, `name` set to `value`. */
function withParam(url: string, name: string, value: number): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, String(value));
  parsed.searchParams.sort();
  return parsed.toString();
}

export async function tradeAggregations(store: IndexStore, request: HandlerRequest): Promise<HandlerResult> {
  const { query } = request;
  // Validate's order: the base, the counter, then the resolution and the offset.
  const pair: PairAsset[] = [];
  for (const prefix of ['base', 'counter']) {
    const asset = pairAsset(query, prefix);
    if (asset === undefined)
      return problemResult(invalidField(`${prefix}_asset_type`, 'Missing required field'));
    if (!('key' in asset)) return asset;
    pair.push(asset);
  }
  const window = windowOf(query);
  if (!('resolution' in window)) return window;
  // GetAssetID: an asset no trade has shown is 404 on base_asset / counter_asset.
  const known = await store.tradeAssetIds();
  for (const [prefix, asset] of [
    ['base', pair[0]],
    ['counter', pair[1]],
  ] as const)
    if (!asset || !known.has(asset.key))
      return problemResult({
        ...NOT_FOUND,
        extras: { invalid_field: `${prefix}_asset`, reason: 'not found' },
      });
  const base = pair[0]?.canonical as string;
  const counter = pair[1]?.canonical as string;

  const order = query.order === 'desc' ? 'desc' : 'asc';
  const limit = Number(query.limit ?? 10);
  const buckets = new TradeBuckets({ ...window, order, limit });
  const [oldest, latest] = await Promise.all([store.oldestLedger(), store.latestLedger()]);
  if (oldest !== undefined && latest !== undefined) {
    const from = window.start ? await firstLedgerFrom(store, window.start, oldest, latest) : oldest;
    const to = window.end ? (await firstLedgerFrom(store, window.end, oldest, latest)) - 1 : latest;
    const where = [
      '((base_asset = ? AND counter_asset = ?) OR (base_asset = ? AND counter_asset = ?))',
      'ledger >= ?',
      'ledger <= ?',
    ];
    const params = [base, counter, counter, base, from, to];
    let after: bigint[] | undefined;
    scan: while (from <= to) {
      const rows = (await store.page({
        table: 'trades',
        where,
        params,
        order,
        limit: CHUNK,
        ...(after ? { after } : {}),
      })) as Record<string, unknown>[];
      for (const row of rows) {
        const turned =
          row.base_asset_type === 'native' ? 'native' : `${row.base_asset_code}:${row.base_asset_issuer}`;
        const preserved = turned === base;
        const priceOf = row.price as { n: string; d: string };
        const added = buckets.add({
          closeTimeMs: closeTimeMs({ closed_at: row.ledger_close_time }),
          baseStroops: stroops(preserved ? row.base_amount : row.counter_amount),
          counterStroops: stroops(preserved ? row.counter_amount : row.base_amount),
          n: BigInt(preserved ? priceOf.n : priceOf.d),
          d: BigInt(preserved ? priceOf.d : priceOf.n),
        });
        if (!added) break scan;
      }
      if (rows.length < CHUNK) break;
      const [operation, ord] = String(rows.at(-1)?.paging_token).split('-');
      after = [BigInt(operation ?? 0), BigInt(ord ?? 0)];
    }
  }
  const records = buckets.records();
  const self = requestUrl(request);
  return {
    status: 200,
    headers: HAL_JSON,
    body: {
      _links: {
        self: { href: self },
        next: { href: nextLink(self, records, window, order, query) },
        prev: { href: '' },
      },
      _embedded: { records },
    },
  };
}

/**
 * GetTradeAggregationsHandler.buildPage: after the last bucket, `start_time` moves past it
 * (asc) or `end_time` to it (desc), capped by the other bound as given (0 when not given, as
 * Horizon caps it); an empty page's next is itself.
 */
function nextLink(
  self: string,
  records: { timestamp: string }[],
  window: Window,
  order: string,
  query: Query,
): string {
  const last = records.at(-1);
  if (!last) return self;
  const timestamp = Number(last.timestamp);
  if (order === 'asc') {
    const end = millis(query.end_time);
    return withParam(self, 'start_time', Math.min(timestamp + window.resolution, end));
  }
  const start = millis(query.start_time);
  return withParam(self, 'end_time', Math.max(timestamp, start));
}
