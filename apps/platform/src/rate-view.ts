// Between the client's request, the anchor's GET /rate and the client's answer.
import {
  type AssetConfig,
  type PlatformAnswer,
  plainDecimal,
  type RateRequest,
  type RateViolation,
  significantDecimals,
} from '@starspec/callbacks';
import type { components, operations } from './generated/types.gen.js';

export type Fee = components['schemas']['Fee'];
type PriceQuery = operations['getPrice']['parameters']['query'];
type QuoteRequest = components['schemas']['QuoteRequest'];

/** A rate the platform accepted, numbers in plain notation. */
export interface CheckedRate {
  id?: string;
  expires_at?: string;
  price: string;
  total_price: string;
  sell_amount: string;
  buy_amount: string;
  fee: Fee;
}

/** The anchor's GET /rate query for a client request; absent values are left out. */
export function rateRequest(
  type: 'indicative' | 'firm',
  source: PriceQuery | QuoteRequest,
  clientId: string | undefined,
): RateRequest {
  const request: RateRequest = { type, sell_asset: source.sell_asset, buy_asset: source.buy_asset };
  if (clientId !== undefined) request.client_id = clientId;
  if (source.sell_amount !== undefined) request.sell_amount = source.sell_amount;
  if (source.buy_amount !== undefined) request.buy_amount = source.buy_amount;
  if (source.country_code !== undefined) request.country_code = source.country_code;
  if (source.sell_delivery_method !== undefined) request.sell_delivery_method = source.sell_delivery_method;
  if (source.buy_delivery_method !== undefined) request.buy_delivery_method = source.buy_delivery_method;
  if (type === 'firm' && 'expire_after' in source && source.expire_after !== undefined) {
    request.expire_after = source.expire_after;
  }
  return request;
}

/**
 * Why no anchor answer could pass the rules for this request, or undefined. An asset missing
 * from the configuration (the Anchor Platform refuses it too), or a requested amount with more
 * decimals than its asset allows (the anchor must echo it, and the echo would break the rule).
 */
export function checkRequest(request: RateRequest, assets: AssetConfig): string | undefined {
  const sides = [
    ['sell', request.sell_asset, request.sell_amount],
    ['buy', request.buy_asset, request.buy_amount],
  ] as const;
  for (const [side, asset, amount] of sides) {
    const decimals = significantDecimals(assets, asset);
    if (decimals === undefined) {
      return `${side}_asset ${asset} is not offered: it is not in the platform's asset configuration`;
    }
    if (amount === undefined) continue;
    const places = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
    if (places > decimals) {
      return `${side}_amount ${amount} has ${places} decimal places; ${asset} allows at most ${decimals}`;
    }
  }
  return undefined;
}

/** `"<rule id>: <message>"`, the body's `error` for a refused rate. */
export function violationMessage(violation: RateViolation): string {
  return `${violation.rule}: ${violation.message}`;
}

/**
 * The client's view of what the platform answers. The Anchor Platform passes the anchor's own
 * notation on ("1E+2", "+1.5"); our contract's numbers are plain, so they are written plain.
 */
export function checkedRate(answer: PlatformAnswer): CheckedRate {
  const plain = (text: string) => plainDecimal(text) ?? text;
  const fee: Fee = { total: plain(answer.fee.total), asset: answer.fee.asset };
  if (answer.fee.details !== undefined) {
    fee.details = answer.fee.details.map((item) => ({
      name: item.name,
      ...(item.description === undefined ? {} : { description: item.description }),
      amount: plain(item.amount),
    }));
  }
  const checked: CheckedRate = {
    price: plain(answer.price),
    total_price: answer.total_price,
    sell_amount: plain(answer.sell_amount),
    buy_amount: plain(answer.buy_amount),
    fee,
  };
  if (answer.id !== undefined) checked.id = answer.id;
  if (answer.expires_at !== undefined) checked.expires_at = answer.expires_at;
  return checked;
}
