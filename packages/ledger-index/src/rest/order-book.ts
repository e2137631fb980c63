/**
 * `GET /order_book`: the open offers of one pair summed by price (stellar-horizon
 * `actions/orderbook.go` GetOrderbookHandler, `db2/history/orderbook.go` GetOrderBookSummary).
 * Offers only: Horizon does not fold liquidity pools into the book.
 */
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { StrKey } from '@stellar/stellar-sdk/base';
import type { AssetFields } from '../derive/assets.js';
import { amount, price } from '../derive/format.js';
import type { OfferBody } from '../derive/state/common.js';
import type { IndexStore } from '../store/index-store.js';
import { type Problem, problemResult } from './problems.js';
import { HAL_JSON } from './request.js';

const INVALID_ORDER_BOOK: Problem = {
  type: 'invalid_order_book',
  title: 'Invalid Order Book Parameters',
  status: 400,
  detail:
    'The parameters that specify what order book to view are invalid in some way. ' +
    'Please ensure that your type parameters (selling_asset_type and buying_asset_type) are one the ' +
    'following valid values: native, credit_alphanum4, credit_alphanum12.  Also ensure that you ' +
    "have specified selling_asset_code and selling_asset_issuer if selling_asset_type is not 'native', as well " +
    "as buying_asset_code and buying_asset_issuer if buying_asset_type is not 'native'",
};

const CODE_LENGTH = { credit_alphanum4: 4, credit_alphanum12: 12 } as const;
const DEFAULT_LEVELS = 20;
const MAX_LEVELS = 200;

const text = (value: unknown): string => (value === undefined ? '' : String(value));

/**
 * Horizon's getAsset: the type decides, an issued asset needs a valid issuer and a code no longer
 * than its type allows (an empty code is taken as it is); undefined when any of that fails.
 */
function assetArgument(query: HandlerRequest['query'], prefix: string): AssetFields | undefined {
  const type = text(query[`${prefix}_asset_type`]);
  if (type === 'native') return { asset_type: 'native' };
  if (type !== 'credit_alphanum4' && type !== 'credit_alphanum12') return undefined;
  const issuer = text(query[`${prefix}_asset_issuer`]);
  const code = text(query[`${prefix}_asset_code`]);
  if (!StrKey.isValidEd25519PublicKey(issuer) || Buffer.byteLength(code) > CODE_LENGTH[type])
    return undefined;
  return { asset_type: type, ...(code ? { asset_code: code } : {}), asset_issuer: issuer };
}

/** Horizon's getLimit with a default of 20 and a maximum of 200; undefined when out of range. */
function levelLimit(value: unknown): number | undefined {
  if (value === undefined || value === '') return DEFAULT_LEVELS;
  if (!/^[+-]?[0-9]{1,19}$/.test(String(value))) return undefined;
  const limit = Number(value);
  return limit >= 1 && limit <= MAX_LEVELS ? limit : undefined;
}

const canonical = (asset: AssetFields) =>
  asset.asset_type === 'native' ? 'native' : `${asset.asset_code ?? ''}:${asset.asset_issuer}`;

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** `price_r` reduced (big.Rat), `price` with 7 decimals; a bid's is the inverse of its offers' price. */
function level(n: number, d: number, stroops: bigint, bid: boolean) {
  const [num, den] = bid ? [BigInt(d), BigInt(n)] : [BigInt(n), BigInt(d)];
  const divisor = gcd(num, den);
  return {
    price_r: { n: Number(num / divisor), d: Number(den / divisor) },
    price: price(num, den),
    amount: amount(stroops),
  };
}

const stroopsOf = (value: string) => BigInt(value.replace('.', ''));

/** Offers (cheapest first) summed per distinct price; the level keeps the first offer's fraction. */
function levels(offers: OfferBody[], bid: boolean) {
  const byPrice = new Map<number, { n: number; d: number; stroops: bigint }>();
  for (const offer of offers) {
    const key = offer.price_r.n / offer.price_r.d;
    const held = byPrice.get(key);
    if (held) held.stroops += stroopsOf(offer.amount);
    else byPrice.set(key, { ...offer.price_r, stroops: stroopsOf(offer.amount) });
  }
  return [...byPrice.values()].map((l) => level(l.n, l.d, l.stroops, bid));
}

export async function orderBook(store: IndexStore, request: HandlerRequest): Promise<HandlerResult> {
  const base = assetArgument(request.query, 'selling');
  const counter = assetArgument(request.query, 'buying');
  const limit = levelLimit(request.query.limit);
  if (!base || !counter || limit === undefined) return problemResult(INVALID_ORDER_BOOK);
  const [asks, bids] = await Promise.all([
    store.state.offersAtBestPrices(canonical(base), canonical(counter), limit),
    store.state.offersAtBestPrices(canonical(counter), canonical(base), limit),
  ]);
  return {
    status: 200,
    headers: HAL_JSON,
    body: { bids: levels(bids, true), asks: levels(asks, false), base, counter },
  };
}
