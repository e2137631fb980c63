/**
 * GET /rate: indicative prices and firm quotes (SEP-38), answered so that the platform's
 * validation passes. Requests the anchor cannot price get 400 {error}, which the platform
 * passes on to the client.
 *
 * - Assets must be in the asset file, and the sell asset must list the buy asset in
 *   `sep38.exchangeable_assets`.
 * - The requested amount may have at most its asset's significant_decimals and must be within
 *   the asset's `min_amount`/`max_amount`.
 * - Delivery methods must be the asset's own (`sep38.sell_delivery_methods` /
 *   `buy_delivery_methods`); `country_code` must be one of an off-chain asset's `country_codes`.
 * - Fees follow the fee schedule of the client named by `client_id` when the anchor knows it,
 *   else the default schedule.
 * - `firm` needs a `client_id` the anchor knows (the platform sends it only for a client it
 *   authenticated). The quote is stored with its `id` and `expires_at`: now plus the quote
 *   validity (of the delivery method, else the default), or `expire_after` when that is later
 *   and within the longest validity; a later `expire_after` is answered 400.
 */
import { randomUUID } from 'node:crypto';
import type { components, operations } from '@starspec/callbacks';
import type { Store } from '../storage/store.js';
import type { AssetInfo, RatesConfig } from './config.js';
import { decimal, places } from './decimal.js';
import { PricingError, priceRate } from './pricing.js';

type RateQuery = operations['getRate']['parameters']['query'];
type Rate = components['schemas']['Rate'];

export type RateResult = { status: 200; body: { rate: Rate } } | { status: 400; body: { error: string } };

const bad = (error: string): RateResult => ({ status: 400, body: { error } });

/** Milliseconds since the epoch of an RFC 3339 date-time (as the contract's `date-time`), or undefined. */
export function parseDateTime(value: string): number | undefined {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):?(\d{2})?)$/.exec(
      value,
    );
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const date = new Date(0);
  date.setUTCFullYear(year ?? 0, (month ?? 1) - 1, day ?? 1);
  // A leap second (23:59:60) counts as the next second.
  date.setUTCHours(hour ?? 0, minute ?? 0, second ?? 0, Number(`0.${m[7] ?? '0'}`.slice(0, 5)) * 1000);
  let ms = date.getTime();
  if (m[8] !== undefined) ms -= (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0)) * 60_000;
  return Number.isFinite(ms) ? ms : undefined;
}

/** Seconds-precision ISO instant, e.g. 2026-11-22T12:00:00Z. */
function instant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export class RateService {
  constructor(
    private readonly config: RatesConfig,
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  private asset(id: string, role: string): AssetInfo | string {
    return this.config.assets.get(id) ?? `${role} ${id} is not an asset of this anchor`;
  }

  private checkAmount(given: string | undefined, asset: AssetInfo, name: string): string | undefined {
    if (given === undefined) return undefined;
    const value = decimal(given, 64);
    if (value === undefined)
      return `${name} ${given.slice(0, 70)} is not a decimal amount this anchor can price`;
    if (places(value) > asset.decimals) {
      return `${name} ${given} has more than ${asset.decimals} decimal places, the precision of ${asset.id}`;
    }
    if (asset.minAmount && value.lt(asset.minAmount)) {
      return `${name} ${given} is below the minimum of ${asset.minAmount.toFixed()} ${asset.id}`;
    }
    if (asset.maxAmount && value.gt(asset.maxAmount)) {
      return `${name} ${given} is above the maximum of ${asset.maxAmount.toFixed()} ${asset.id}`;
    }
    return undefined;
  }

  private checkMethod(
    asset: AssetInfo,
    method: string | undefined,
    kind: 'sell' | 'buy',
  ): string | undefined {
    if (method === undefined) return undefined;
    const offered = kind === 'sell' ? asset.sellMethods : asset.buyMethods;
    if (offered.has(method)) return undefined;
    const list = [...offered.keys()];
    return list.length === 0
      ? `${kind}_delivery_method ${method}: ${asset.id} has no ${kind} delivery methods`
      : `${kind}_delivery_method ${method} is not offered for ${asset.id}; use one of: ${list.join(', ')}`;
  }

  async getRate(query: RateQuery): Promise<RateResult> {
    const sell = this.asset(query.sell_asset, 'sell_asset');
    if (typeof sell === 'string') return bad(sell);
    const buy = this.asset(query.buy_asset, 'buy_asset');
    if (typeof buy === 'string') return bad(buy);
    if (!sell.exchangeable.includes(buy.id)) return bad(`no rate for ${sell.id} -> ${buy.id}`);

    const problem =
      this.checkAmount(query.sell_amount, sell, 'sell_amount') ??
      this.checkAmount(query.buy_amount, buy, 'buy_amount') ??
      this.checkMethod(sell, query.sell_delivery_method, 'sell') ??
      this.checkMethod(buy, query.buy_delivery_method, 'buy');
    if (problem) return bad(problem);
    if (query.country_code !== undefined) {
      for (const asset of [sell, buy]) {
        if (asset.countryCodes.length > 0 && !asset.countryCodes.includes(query.country_code)) {
          return bad(
            `country_code ${query.country_code} is not served for ${asset.id}; use one of: ${asset.countryCodes.join(', ')}`,
          );
        }
      }
    }

    const client = query.client_id === undefined ? undefined : this.config.clientsById.get(query.client_id);
    const firm = query.type === 'firm';
    if (firm && query.client_id === undefined) {
      return bad('a firm quote needs client_id, the public key of the authenticated client');
    }
    if (firm && client === undefined) {
      return bad(`client_id ${query.client_id} is not a client known to this anchor`);
    }

    const now = this.now();
    let expiresAt: number | undefined;
    if (firm) {
      const method =
        (query.sell_delivery_method ? sell.sellMethods.get(query.sell_delivery_method) : undefined) ??
        (query.buy_delivery_method ? buy.buyMethods.get(query.buy_delivery_method) : undefined);
      expiresAt = now + (method?.quoteTtlSeconds ?? this.config.quoteTtlSeconds) * 1000;
      if (query.expire_after !== undefined) {
        const wanted = parseDateTime(query.expire_after);
        if (wanted === undefined) return bad(`expire_after ${query.expire_after} is not a date-time`);
        const longest = now + this.config.maxQuoteTtlSeconds * 1000;
        if (wanted > longest) {
          return bad(
            `expire_after ${query.expire_after} is later than the longest quote validity (${formatDuration(this.config.maxQuoteTtlSeconds)})`,
          );
        }
        // Whole seconds, never before the requested instant.
        expiresAt = Math.max(expiresAt, Math.ceil(wanted / 1000) * 1000);
      }
      expiresAt = Math.ceil(expiresAt / 1000) * 1000;
    }

    const schedule = this.config.schedules.get(client?.feeSchedule ?? this.config.defaultSchedule);
    if (!schedule) throw new Error('fee schedule vanished');
    let priced: ReturnType<typeof priceRate>;
    try {
      priced = priceRate(this.config, {
        sell,
        buy,
        ...(query.sell_amount !== undefined ? { sellAmount: decimal(query.sell_amount, 64) } : {}),
        ...(query.buy_amount !== undefined ? { buyAmount: decimal(query.buy_amount, 64) } : {}),
        ...(query.sell_delivery_method !== undefined ? { sellMethod: query.sell_delivery_method } : {}),
        ...(query.buy_delivery_method !== undefined ? { buyMethod: query.buy_delivery_method } : {}),
        schedule,
      });
    } catch (error) {
      if (error instanceof PricingError) return bad(error.message);
      throw error;
    }
    if (!firm || expiresAt === undefined || client === undefined || query.client_id === undefined) {
      return { status: 200, body: { rate: priced } };
    }

    const id = randomUUID();
    const expires = instant(expiresAt);
    await this.store.saveQuote({
      id,
      clientId: query.client_id,
      sellAsset: sell.id,
      buyAsset: buy.id,
      sellAmount: priced.sell_amount,
      buyAmount: priced.buy_amount,
      price: priced.price,
      fee: priced.fee ?? null,
      sellDeliveryMethod: query.sell_delivery_method ?? null,
      buyDeliveryMethod: query.buy_delivery_method ?? null,
      countryCode: query.country_code ?? null,
      expireAfter: query.expire_after ?? null,
      expiresAt: expires,
      createdAt: now,
    });
    return { status: 200, body: { rate: { id, expires_at: expires, ...priced } } };
  }
}

function formatDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
