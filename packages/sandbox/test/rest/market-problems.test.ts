/**
 * Bad market-data requests get Horizon's problem (400, or 404 for an asset no trade has shown),
 * from both REST faces: `invalid_order_book` for every order book parameter failure
 * (actions/orderbook.go), the trade aggregations' field problems (actions/trade.go
 * TradeAggregationsQuery.Validate, db2/history/trade_aggregation.go), the assets' checks
 * (actions/asset.go validateAssetParams).
 */
import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { FACES, useFaces } from '../support/faces.js';

const faces = useFaces();

const ISSUER = Keypair.random().publicKey();
const USD = `credit_alphanum4&base_asset_code=USD&base_asset_issuer=${ISSUER}`;
const PAIR = `base_asset_type=native&counter_asset_type=credit_alphanum4&counter_asset_code=USD&counter_asset_issuer=${ISSUER}`;
const BOOK = `selling_asset_type=native&buying_asset_type=credit_alphanum4&buying_asset_code=USD&buying_asset_issuer=${ISSUER}`;
const RESOLUTION =
  'illegal or missing resolution. allowed resolutions are: 1 minute (60000), 5 minutes (300000), 15 minutes (900000), 1 hour (3600000), 1 day (86400000) and 1 week (604800000)';
const OFFSET =
  'illegal or missing offset. offset must be a multiple of an hour, less than or equal to the resolution, and less than 24 hours';
const END_TIME =
  'illegal end time. adjusted end time must be greater than the offset and greater than the provided start time';

/** Path, then the problem's type, field and reason (no field for `invalid_order_book`). */
const CASES: [string, string, string?, string?][] = [
  ['/order_book', 'invalid_order_book'],
  ['/order_book?selling_asset_type=native', 'invalid_order_book'],
  ['/order_book?selling_asset_type=gold&buying_asset_type=native', 'invalid_order_book'],
  [
    '/order_book?selling_asset_type=credit_alphanum4&selling_asset_code=USD&buying_asset_type=native',
    'invalid_order_book',
  ],
  [
    `/order_book?selling_asset_type=credit_alphanum4&selling_asset_code=TOOLONG&selling_asset_issuer=${ISSUER}&buying_asset_type=native`,
    'invalid_order_book',
  ],
  [`/order_book?${BOOK}&limit=0`, 'invalid_order_book'],
  [`/order_book?${BOOK}&limit=201`, 'invalid_order_book'],
  [`/order_book?${BOOK}&limit=ten`, 'invalid_order_book'],
  ['/trade_aggregations?resolution=60000', 'bad_request', 'base_asset_type', 'Missing required field'],
  [
    '/trade_aggregations?base_asset_type=native&resolution=60000',
    'bad_request',
    'counter_asset_type',
    'Missing required field',
  ],
  [`/trade_aggregations?${PAIR}`, 'bad_request', 'resolution', RESOLUTION],
  [`/trade_aggregations?${PAIR}&resolution=1000`, 'bad_request', 'resolution', RESOLUTION],
  [
    `/trade_aggregations?${PAIR}&resolution=hourly`,
    'bad_request',
    'resolution',
    'schema: error converting value for "resolution"',
  ],
  [`/trade_aggregations?${PAIR}&resolution=3600000&offset=1800000`, 'bad_request', 'offset', OFFSET],
  [`/trade_aggregations?${PAIR}&resolution=3600000&offset=7200000`, 'bad_request', 'offset', OFFSET],
  [`/trade_aggregations?${PAIR}&resolution=604800000&offset=86400000`, 'bad_request', 'offset', OFFSET],
  [
    `/trade_aggregations?${PAIR}&resolution=86400000&offset=3600000&end_time=1000`,
    'bad_request',
    'end_time',
    END_TIME,
  ],
  [
    `/trade_aggregations?${PAIR}&resolution=3600000&start_time=7200000&end_time=3600000`,
    'bad_request',
    'end_time',
    END_TIME,
  ],
  [
    `/trade_aggregations?base_asset_type=credit_alphanum4&base_asset_issuer=${ISSUER}&counter_asset_type=native&resolution=60000`,
    'bad_request',
    'base_asset',
    'invalid base_asset: Asset code length is invalid',
  ],
  [
    `/trade_aggregations?base_asset_type=${USD}&counter_asset_type=native&resolution=60000`,
    'not_found',
    'base_asset',
    'not found',
  ],
  ['/assets?asset_code=US$', 'bad_request', 'asset_code', 'US$ is not a valid asset code'],
  ['/assets?asset_issuer=GABC', 'bad_request', 'asset_issuer', 'GABC is not a valid asset issuer'],
  ['/assets?cursor=USD', 'bad_request', 'cursor', 'the cursor is not a valid paging_token'],
  [`/assets?cursor=USD_GABC_credit_alphanum4`, 'bad_request', 'cursor', 'GABC is not a valid asset issuer'],
  [`/assets?cursor=USD_${ISSUER}_gold`, 'bad_request', 'cursor', 'gold is not a valid asset type'],
  ['/assets?limit=0', 'bad_request', 'limit', 'invalid limit: non-positive value provided'],
];

describe.each(FACES)('bad market-data requests to the %s', (face) => {
  it.each(CASES)('%s is %s', async (path, type, field, reason) => {
    const origin = faces.url(face);
    const response = await fetch(`${origin}${path.replace('US$', 'US%24')}`);
    const problem = (await response.json()) as {
      type: string;
      status: number;
      extras?: Record<string, string>;
    };
    expect(response.status).toBe(type === 'not_found' ? 404 : 400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.type).toBe(`https://stellar.org/horizon-errors/${type}`);
    expect(problem.status).toBe(response.status);
    if (field) expect(problem.extras).toEqual({ invalid_field: field, reason });
    else expect(problem.extras).toBeUndefined();
  });
});
