/**
 * The anchor's asset file: the Anchor Platform's asset configuration (a top-level `items` list of
 * SEP-38 assets with `significant_decimals` and a `sep38` block), which the platform can read
 * as is, plus keys only this anchor reads:
 *
 * - `items[].anchor`: the asset's reference value in USD (`usd_price`), amount limits, and per
 *   delivery method a fee and a quote validity;
 * - top-level `anchor`: the spread, fixed prices for some pairs, quote validity, fee schedules,
 *   and the clients the anchor knows (by SEP-10 public key) with the fee schedule of each.
 *
 * A pair can be priced when the sell asset lists the buy asset in `sep38.exchangeable_assets`.
 */
import { type AssetConfig, parseAssetConfig, significantDecimals } from '@starspec/callbacks';
import { isRecord } from '@starspec/runtime';
import { parse } from 'yaml';
import { isAccountId } from '../strkey.js';
import { Big, decimal } from './decimal.js';

export interface DeliveryMethod {
  name: string;
  description: string;
  /** Extra fee for this method, in USD, charged in the fee asset. */
  feeUsd?: Big;
  /** Validity of a firm quote using this method. */
  quoteTtlSeconds?: number;
}

export interface AssetInfo {
  id: string;
  scheme: 'stellar' | 'iso4217';
  decimals: number;
  usdPrice: Big;
  minAmount?: Big;
  maxAmount?: Big;
  exchangeable: readonly string[];
  countryCodes: readonly string[];
  sellMethods: ReadonlyMap<string, DeliveryMethod>;
  buyMethods: ReadonlyMap<string, DeliveryMethod>;
}

export interface FeeComponent {
  name: string;
  description?: string;
  /** Percentage of the exchanged amount, in the fee asset. */
  percent?: Big;
  /** A fixed amount in USD, converted to the fee asset. */
  fixedUsd?: Big;
}

export interface FeeSchedule {
  name: string;
  /** The asset fees are charged in; falls back to the other one when it has 0 significant decimals. */
  feeAsset: 'sell' | 'buy';
  components: readonly FeeComponent[];
  /** When nothing is charged: answer a fee of 0 (no details) instead of leaving the fee out. */
  showZeroFee: boolean;
}

export interface Client {
  name: string;
  clientIds: readonly string[];
  feeSchedule: string;
}

export interface RatesConfig {
  /** The platform's view of the file, for validateRateResponse. */
  platform: AssetConfig;
  assets: ReadonlyMap<string, AssetInfo>;
  spreadPercent: Big;
  /** Fixed prices (units of sell asset per unit of buy asset, before fees), by "sell buy". */
  prices: ReadonlyMap<string, Big>;
  quoteTtlSeconds: number;
  maxQuoteTtlSeconds: number;
  schedules: ReadonlyMap<string, FeeSchedule>;
  defaultSchedule: string;
  clients: readonly Client[];
  clientsById: ReadonlyMap<string, Client>;
}

export class AssetFileError extends Error {}

type Dict = Record<string, unknown>;
const isDict: (v: unknown) => v is Dict = isRecord;

function fail(where: string, message: string): never {
  throw new AssetFileError(`asset file: ${where}: ${message}`);
}

function dict(value: unknown, where: string): Dict {
  if (value === undefined || value === null) return {};
  if (!isDict(value)) fail(where, 'expected a mapping');
  return value;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(where, 'expected a list');
  return value;
}

function str(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') fail(where, 'expected a non-empty string');
  return value;
}

function amount(value: unknown, where: string): Big | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = decimal(typeof value === 'number' ? String(value) : value);
  if (parsed === undefined)
    fail(where, `expected a decimal string such as "1.5"; found ${JSON.stringify(value)}`);
  return parsed;
}

function seconds(value: unknown, where: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 365 * 86400) {
    fail(where, 'expected a whole number of seconds from 1 to 31536000');
  }
  return value;
}

function methods(value: unknown, extras: Dict, where: string): Map<string, DeliveryMethod> {
  const out = new Map<string, DeliveryMethod>();
  list(value, where).forEach((item, i) => {
    const at = `${where}[${i}]`;
    const m = dict(item, at);
    const name = str(m.name, `${at}.name`);
    const extra = dict(extras[name], `anchor.delivery_methods.${name}`);
    const method: DeliveryMethod = {
      name,
      description: typeof m.description === 'string' ? m.description : name,
    };
    const feeUsd = amount(extra.fee_usd, `anchor.delivery_methods.${name}.fee_usd`);
    if (feeUsd) method.feeUsd = feeUsd;
    if (extra.quote_ttl_seconds !== undefined) {
      method.quoteTtlSeconds = seconds(
        extra.quote_ttl_seconds,
        `anchor.delivery_methods.${name}.quote_ttl_seconds`,
        0,
      );
    }
    out.set(name, method);
  });
  return out;
}

export function parseRatesConfig(yamlText: string): RatesConfig {
  let doc: unknown;
  try {
    doc = parse(yamlText);
  } catch (error) {
    throw new AssetFileError(`asset file: not valid YAML: ${(error as Error).message}`);
  }
  let platform: AssetConfig;
  try {
    platform = parseAssetConfig(doc);
  } catch (error) {
    throw new AssetFileError((error as Error).message);
  }
  const root = dict(doc, '(top level)');
  const items = list(root.items, 'items');

  const assets = new Map<string, AssetInfo>();
  items.forEach((raw, i) => {
    const where = `items[${i}]`;
    const item = dict(raw, where);
    const id = str(item.id, `${where}.id`);
    const scheme = id.startsWith('stellar:') ? 'stellar' : 'iso4217';
    const sep38 = dict(item.sep38, `${where}.sep38`);
    const extra = dict(item.anchor, `${where}.anchor`);
    const usdPrice = amount(extra.usd_price, `${where}.anchor.usd_price`);
    if (usdPrice === undefined || usdPrice.lte(0))
      fail(`${where}.anchor.usd_price`, 'a price above 0 is required');
    const delivery = dict(extra.delivery_methods, `${where}.anchor.delivery_methods`);
    const info: AssetInfo = {
      id,
      scheme,
      decimals: significantDecimals(platform, id) ?? 0,
      usdPrice,
      exchangeable: list(sep38.exchangeable_assets, `${where}.sep38.exchangeable_assets`).map((a, j) =>
        str(a, `${where}.sep38.exchangeable_assets[${j}]`),
      ),
      countryCodes: list(sep38.country_codes, `${where}.sep38.country_codes`).map((c, j) =>
        str(c, `${where}.sep38.country_codes[${j}]`),
      ),
      sellMethods: methods(sep38.sell_delivery_methods, delivery, `${where}.sep38.sell_delivery_methods`),
      buyMethods: methods(sep38.buy_delivery_methods, delivery, `${where}.sep38.buy_delivery_methods`),
    };
    const min = amount(extra.min_amount, `${where}.anchor.min_amount`);
    const max = amount(extra.max_amount, `${where}.anchor.max_amount`);
    if (min) info.minAmount = min;
    if (max) info.maxAmount = max;
    if (scheme === 'stellar' && (info.sellMethods.size > 0 || info.buyMethods.size > 0)) {
      fail(where, 'delivery methods are only for off-chain (iso4217) assets');
    }
    assets.set(id, info);
  });
  for (const asset of assets.values()) {
    for (const other of asset.exchangeable) {
      if (!assets.has(other)) fail(`${asset.id} sep38.exchangeable_assets`, `${other} is not in items`);
      if (other === asset.id)
        fail(`${asset.id} sep38.exchangeable_assets`, 'an asset cannot be exchanged for itself');
    }
  }

  const anchor = dict(root.anchor, 'anchor');
  const spreadPercent = amount(anchor.spread_percent, 'anchor.spread_percent') ?? new Big(0);
  if (spreadPercent.gte(100)) fail('anchor.spread_percent', 'must be below 100');

  const prices = new Map<string, Big>();
  list(anchor.prices, 'anchor.prices').forEach((raw, i) => {
    const where = `anchor.prices[${i}]`;
    const p = dict(raw, where);
    const sell = str(p.sell_asset, `${where}.sell_asset`);
    const buy = str(p.buy_asset, `${where}.buy_asset`);
    if (!assets.get(sell)?.exchangeable.includes(buy))
      fail(where, `${sell} -> ${buy} is not an exchangeable pair`);
    const price = amount(p.price, `${where}.price`);
    if (price === undefined || price.lte(0)) fail(`${where}.price`, 'a price above 0 is required');
    prices.set(`${sell} ${buy}`, price);
  });

  const quotes = dict(anchor.quotes, 'anchor.quotes');
  const quoteTtlSeconds = seconds(quotes.ttl_seconds, 'anchor.quotes.ttl_seconds', 300);
  const maxQuoteTtlSeconds = seconds(quotes.max_ttl_seconds, 'anchor.quotes.max_ttl_seconds', 86400);
  if (maxQuoteTtlSeconds < quoteTtlSeconds) fail('anchor.quotes', 'max_ttl_seconds is below ttl_seconds');
  for (const asset of assets.values()) {
    for (const m of [...asset.sellMethods.values(), ...asset.buyMethods.values()]) {
      if ((m.quoteTtlSeconds ?? 0) > maxQuoteTtlSeconds) {
        fail(
          `${asset.id} delivery method ${m.name}`,
          'quote_ttl_seconds is above anchor.quotes.max_ttl_seconds',
        );
      }
    }
  }

  const schedules = new Map<string, FeeSchedule>();
  for (const [name, raw] of Object.entries(dict(anchor.fee_schedules, 'anchor.fee_schedules'))) {
    const where = `anchor.fee_schedules.${name}`;
    const s = dict(raw, where);
    const feeAsset = s.fee_asset ?? 'sell';
    if (feeAsset !== 'sell' && feeAsset !== 'buy') fail(`${where}.fee_asset`, 'expected sell or buy');
    const components = list(s.components, `${where}.components`).map((c, i) => {
      const at = `${where}.components[${i}]`;
      const d = dict(c, at);
      const component: FeeComponent = { name: str(d.name, `${at}.name`) };
      if (typeof d.description === 'string') component.description = d.description;
      const percent = amount(d.percent, `${at}.percent`);
      const fixedUsd = amount(d.fixed_usd, `${at}.fixed_usd`);
      if (percent === undefined && fixedUsd === undefined) fail(at, 'give percent or fixed_usd');
      if (percent?.gte(100)) fail(`${at}.percent`, 'must be below 100');
      if (percent) component.percent = percent;
      if (fixedUsd) component.fixedUsd = fixedUsd;
      return component;
    });
    const showZeroFee = s.show_zero_fee ?? false;
    if (typeof showZeroFee !== 'boolean') fail(`${where}.show_zero_fee`, 'expected true or false');
    schedules.set(name, { name, feeAsset, components, showZeroFee });
  }
  if (schedules.size === 0)
    schedules.set('none', { name: 'none', feeAsset: 'sell', components: [], showZeroFee: false });
  const defaultSchedule =
    anchor.default_fee_schedule === undefined
      ? ([...schedules.keys()][0] ?? 'none')
      : str(anchor.default_fee_schedule, 'anchor.default_fee_schedule');
  if (!schedules.has(defaultSchedule))
    fail('anchor.default_fee_schedule', `no fee schedule ${defaultSchedule}`);

  const clients: Client[] = [];
  const clientsById = new Map<string, Client>();
  list(anchor.clients, 'anchor.clients').forEach((raw, i) => {
    const where = `anchor.clients[${i}]`;
    const c = dict(raw, where);
    const client: Client = {
      name: str(c.name, `${where}.name`),
      clientIds: list(c.client_ids, `${where}.client_ids`).map((k, j) => str(k, `${where}.client_ids[${j}]`)),
      feeSchedule:
        c.fee_schedule === undefined ? defaultSchedule : str(c.fee_schedule, `${where}.fee_schedule`),
    };
    if (!schedules.has(client.feeSchedule))
      fail(`${where}.fee_schedule`, `no fee schedule ${client.feeSchedule}`);
    for (const key of client.clientIds) {
      if (!isAccountId(key))
        fail(`${where}.client_ids`, `${key} is not a Stellar public key (G…, valid checksum)`);
      if (clientsById.has(key)) fail(`${where}.client_ids`, `${key} belongs to two clients`);
      clientsById.set(key, client);
    }
    clients.push(client);
  });

  // Every pair must be priceable with every schedule: a fee needs an asset with decimals > 0.
  for (const sell of assets.values()) {
    for (const buyId of sell.exchangeable) {
      const buy = assets.get(buyId);
      if (buy && sell.decimals === 0 && buy.decimals === 0) {
        const charging = [...schedules.values()].some((s) => s.components.length > 0);
        if (charging)
          fail(`${sell.id} -> ${buy.id}`, 'fees need one asset of the pair with significant_decimals > 0');
      }
    }
  }

  return {
    platform,
    assets,
    spreadPercent,
    prices,
    quoteTtlSeconds,
    maxQuoteTtlSeconds,
    schedules,
    defaultSchedule,
    clients,
    clientsById,
  };
}

/** Every exchangeable pair, as [sell, buy]. */
export function pairs(config: RatesConfig): [string, string][] {
  return [...config.assets.values()].flatMap((a) => a.exchangeable.map((b): [string, string] => [a.id, b]));
}

/** Value in USD of an amount of a configured asset, or undefined. */
export function usdValue(config: RatesConfig, asset: string, amountText: string): Big | undefined {
  const info = config.assets.get(asset);
  const value = decimal(amountText);
  return info && value ? value.times(info.usdPrice) : undefined;
}
