/**
 * What Sep38Service makes of a rate RestRateIntegration accepted: GET /price answers the anchor's
 * strings with `total_price` added; POST /quote stores a quote with the amounts rounded to their
 * asset's decimals (MathHelper.formatAmount) and `expires_at` written back by ISO_INSTANT.
 */
import type { PlatformFee, PlatformRate } from './gson-binding.js';
import { formatIsoInstant } from './iso-instant.js';
import { divideFloorJava, formatAmountJava, type JavaDecimal, setScaleJava } from './java-decimal.js';
import type { PlatformContext } from './types.js';

/** Sep38Service's answer, every number as the platform writes it (the anchor's own notation where it keeps it). */
export interface PlatformAnswer {
  price: string;
  /** sell_amount / buy_amount, 10 places rounded down (Sep38Service.getTotalPrice). */
  total_price: string;
  sell_amount: string;
  buy_amount: string;
  /** The anchor's fee, or a fee of 0 in the sell asset when it gave none. */
  fee: { total: string; asset: string; details?: { name: string; description?: string; amount: string }[] };
  id?: string;
  expires_at?: string;
}

const PRICE_PRECISION = 10;

/** Sep38Service.getTotalPrice(decimal(sell, 10), decimal(buy, 10)); Java throws on a zero divisor. */
export function totalPrice(sell: JavaDecimal, buy: JavaDecimal): string {
  const quotient = divideFloorJava(
    setScaleJava(sell, PRICE_PRECISION, 'HALF_DOWN'),
    setScaleJava(buy, PRICE_PRECISION, 'HALF_DOWN'),
    PRICE_PRECISION,
  );
  return formatAmountJava(quotient, PRICE_PRECISION);
}

/** RestRateIntegration.getRate gives a rate without a fee `new FeeDetails("0", sellAsset)`. */
export function feeOf(rate: PlatformRate, sellAsset: string): PlatformFee {
  return rate.fee ?? { total: '0', asset: sellAsset, details: null };
}

/** The answer Sep38Service gives for an accepted rate (a quote's when the request was firm). */
export function sep38Answer(context: PlatformContext): PlatformAnswer {
  const { rate, request, decimal, decimalsOf, firm } = context;
  const sell = decimal(rate.sellAmount) as JavaDecimal;
  const buy = decimal(rate.buyAmount) as JavaDecimal;
  const fee = feeOf(rate, request.sell_asset);
  const answer: PlatformAnswer = {
    price: rate.price ?? '',
    total_price: totalPrice(sell, buy),
    sell_amount: rate.sellAmount ?? '',
    buy_amount: rate.buyAmount ?? '',
    fee: { total: fee.total ?? '', asset: fee.asset ?? '' },
  };
  if (fee.details !== null) {
    answer.fee.details = fee.details.flatMap((item) =>
      item === null
        ? []
        : [
            {
              name: item.name ?? '',
              ...(item.description === null ? {} : { description: item.description }),
              amount: item.amount ?? '',
            },
          ],
    );
  }
  if (!firm) return answer;
  // The quote's amounts, rounded to their asset's decimals (the assets Sep38Service checked exist).
  const format = (value: JavaDecimal, raw: string, decimals: number | undefined) =>
    decimals === undefined ? raw : formatAmountJava(value, decimals);
  answer.sell_amount = format(sell, answer.sell_amount, decimalsOf(request.sell_asset));
  answer.buy_amount = format(buy, answer.buy_amount, decimalsOf(request.buy_asset));
  if (rate.id !== null) answer.id = rate.id;
  if (rate.expiresAt !== null) answer.expires_at = formatIsoInstant(rate.expiresAt);
  return answer;
}

// Gson's JsonWriter with HTML escaping off: quotes, backslashes, control characters, U+2028/9.
function gsonString(text: string): string {
  const short: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\t': '\\t',
    '\b': '\\b',
    '\n': '\\n',
    '\r': '\\r',
    '\f': '\\f',
  };
  let out = '"';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (short[ch] !== undefined) out += short[ch];
    else if (code < 0x20 || code === 0x2028 || code === 0x2029)
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** `gson.toJson(fee)` as RateFeeConverter stores it in exchange_quote.fee (null members left out). */
export function feeColumn(fee: PlatformFee): string {
  const members = (pairs: [string, string | null][]) =>
    pairs.flatMap(([name, value]) => (value === null ? [] : [`"${name}":${gsonString(value)}`]));
  const parts = members([
    ['total', fee.total],
    ['asset', fee.asset],
  ]);
  if (fee.details !== null) {
    const items = fee.details.map((item) =>
      item === null
        ? 'null'
        : `{${members([
            ['name', item.name],
            ['description', item.description],
            ['amount', item.amount],
          ]).join(',')}}`,
    );
    parts.push(`"details":[${items.join(',')}]`);
  }
  return `{${parts.join(',')}}`;
}
