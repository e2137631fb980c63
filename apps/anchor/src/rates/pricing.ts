/**
 * Prices an exchange so that the platform's checks hold by construction.
 *
 * The amount the client gave is echoed unchanged; the other amount is rounded to its asset's
 * significant_decimals in the anchor's favour (the buy amount down, the sell amount up); fees
 * are rounded up to the fee asset's decimals, component by component, and `total` is their
 * sum. The `price` answered is then derived from the rounded amounts,
 *
 *   fee in the sell asset:  price = (sell_amount − fee) / buy_amount
 *   fee in the buy asset:   price = sell_amount / (buy_amount + fee)
 *   no fee:                 price = sell_amount / buy_amount
 *
 * written with enough decimals (sell decimals + digits of the divisor + 2) that
 * |sell_amount − formula| stays below 10^-(sell decimals + 2), well inside the platform's
 * tolerance of 10^-(sell decimals).
 */
import type { AssetInfo, FeeSchedule, RatesConfig } from './config.js';
import { Big, integerDigits, roundDown, roundUp, text } from './decimal.js';

export interface RateFeeOut {
  total: string;
  asset: string;
  details?: { name: string; description?: string; amount: string }[];
}

export interface PricedRate {
  price: string;
  sell_amount: string;
  buy_amount: string;
  fee?: RateFeeOut;
}

export interface PriceRequest {
  sell: AssetInfo;
  buy: AssetInfo;
  sellAmount?: Big;
  buyAmount?: Big;
  sellMethod?: string;
  buyMethod?: string;
  schedule: FeeSchedule;
}

export class PricingError extends Error {}

const HUNDRED = new Big(100);

/** Units of the sell asset per unit of the buy asset, fees excluded, before rounding. */
export function referencePrice(config: RatesConfig, sell: AssetInfo, buy: AssetInfo): Big {
  const fixed = config.prices.get(`${sell.id} ${buy.id}`);
  if (fixed) return fixed;
  return buy.usdPrice.div(sell.usdPrice).times(HUNDRED.plus(config.spreadPercent).div(HUNDRED));
}

/** The asset fees are charged in for a pair: the schedule's choice unless it has no decimals. */
export function feeAssetOf(schedule: FeeSchedule, sell: AssetInfo, buy: AssetInfo): AssetInfo {
  const preferred = schedule.feeAsset === 'sell' ? sell : buy;
  const other = preferred === sell ? buy : sell;
  return preferred.decimals > 0 ? preferred : other;
}

function fees(
  request: PriceRequest,
  feeAsset: AssetInfo,
  base: Big,
): { total: Big; details: RateFeeOut['details'] } {
  const details: RateFeeOut['details'] = [];
  const add = (name: string, description: string | undefined, raw: Big) => {
    const amount = roundUp(raw, feeAsset.decimals);
    if (amount.lte(0)) return;
    details.push({ name, ...(description ? { description } : {}), amount: text(amount) });
  };
  for (const c of request.schedule.components) {
    let raw = new Big(0);
    if (c.percent) raw = raw.plus(base.times(c.percent).div(HUNDRED));
    if (c.fixedUsd) raw = raw.plus(c.fixedUsd.div(feeAsset.usdPrice));
    add(c.name, c.description, raw);
  }
  const method =
    (request.sellMethod ? request.sell.sellMethods.get(request.sellMethod) : undefined) ??
    (request.buyMethod ? request.buy.buyMethods.get(request.buyMethod) : undefined);
  if (method?.feeUsd) add(`${method.name} fee`, method.description, method.feeUsd.div(feeAsset.usdPrice));
  const total = details.reduce((sum, d) => sum.plus(d.amount), new Big(0));
  return { total, details };
}

function priceText(numerator: Big, divisor: Big, sellDecimals: number): string {
  return text(numerator.div(divisor).round(sellDecimals + integerDigits(divisor) + 2, 1));
}

export function priceRate(config: RatesConfig, request: PriceRequest): PricedRate {
  const { sell, buy } = request;
  const p0 = referencePrice(config, sell, buy);
  const feeAsset = feeAssetOf(request.schedule, sell, buy);
  const inSell = feeAsset === sell;
  const tooSmall = (what: string) =>
    new PricingError(`${what} is too small for ${sell.id} -> ${buy.id} once fees and rounding are applied`);

  let sellAmount: Big;
  let buyAmount: Big;
  let fee: { total: Big; details: RateFeeOut['details'] };
  let price: string;

  if (request.sellAmount !== undefined) {
    sellAmount = request.sellAmount;
    if (inSell) {
      fee = fees(request, feeAsset, sellAmount);
      const net = sellAmount.minus(fee.total);
      if (net.lte(0)) throw tooSmall('sell_amount');
      buyAmount = roundDown(net.div(p0), buy.decimals);
      if (buyAmount.lte(0)) throw tooSmall('sell_amount');
      price = priceText(net, buyAmount, sell.decimals);
    } else {
      const gross = sellAmount.div(p0);
      fee = fees(request, feeAsset, gross);
      buyAmount = roundDown(gross.minus(fee.total), buy.decimals);
      if (buyAmount.lte(0)) throw tooSmall('sell_amount');
      price = priceText(sellAmount, buyAmount.plus(fee.total), sell.decimals);
    }
  } else if (request.buyAmount !== undefined) {
    buyAmount = request.buyAmount;
    if (inSell) {
      fee = fees(request, feeAsset, p0.times(buyAmount));
      sellAmount = roundUp(p0.times(buyAmount).plus(fee.total), sell.decimals);
      price = priceText(sellAmount.minus(fee.total), buyAmount, sell.decimals);
    } else {
      fee = fees(request, feeAsset, buyAmount);
      const divisor = buyAmount.plus(fee.total);
      sellAmount = roundUp(p0.times(divisor), sell.decimals);
      price = priceText(sellAmount, divisor, sell.decimals);
    }
  } else {
    throw new PricingError('give sell_amount or buy_amount');
  }

  const rate: PricedRate = { price, sell_amount: text(sellAmount), buy_amount: text(buyAmount) };
  if (fee.total.gt(0)) rate.fee = { total: text(fee.total), asset: feeAsset.id, details: fee.details };
  else if (request.schedule.showZeroFee) rate.fee = { total: '0', asset: feeAsset.id };
  return rate;
}
