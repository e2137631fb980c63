/**
 * The price formulas. The platform computes `sell_amount - expected` exactly (BigDecimal), turns it
 * into a double and compares it with Math.pow(10, -d), d being the SELL asset's
 * significant_decimals for every formula; the contract compares the exact difference.
 */
import type Big from 'big.js';
import { contractDecimal, plain } from '../contract-values.js';
import {
  addJava,
  type JavaDecimal,
  multiplyJava,
  subtractJava,
  toDoubleJava,
  toPlainJava,
} from '../java-decimal.js';
import {
  AP,
  type ContractContext,
  defineRule,
  describe,
  type PlatformContext,
  PlatformFault,
  VALIDATE,
} from '../types.js';

type Which = 'fee-in-sell-asset' | 'fee-in-buy-asset' | 'no-fee';

const SHOWN: Record<Which, string> = {
  'fee-in-sell-asset': 'price × buy_amount + fee.total',
  'fee-in-buy-asset': 'price × (buy_amount + fee.total)',
  'no-fee': 'price × buy_amount',
};

/** Which formula an answer takes: by whether there is a fee, and whether its asset is the sell asset. */
function formulaOf(fee: { asset?: unknown } | null | undefined, sellAsset: string): Which {
  if (fee === null || fee === undefined) return 'no-fee';
  return fee.asset === sellAsset ? 'fee-in-sell-asset' : 'fee-in-buy-asset';
}

// Math.pow(10, -d) as Java computes it: the double nearest to 10^-d.
const tolerance = (decimals: number) => Number(`1e-${decimals}`);

function platformCheck(which: Which) {
  return ({ rate, request, decimal, decimalsOf }: PlatformContext): string | undefined => {
    if (formulaOf(rate.fee, request.sell_asset) !== which) return undefined;
    const price = decimal(rate.price) as JavaDecimal;
    const buy = decimal(rate.buyAmount) as JavaDecimal;
    const sell = decimal(rate.sellAmount) as JavaDecimal;
    const total = decimal(rate.fee?.total ?? null);
    let expected: JavaDecimal;
    if (which === 'no-fee' || total === undefined) expected = multiplyJava(price, buy);
    else if (which === 'fee-in-sell-asset') expected = addJava(multiplyJava(price, buy), total);
    else expected = multiplyJava(price, addJava(buy, total));
    const decimals = decimalsOf(request.sell_asset);
    if (decimals === undefined) {
      throw new PlatformFault(
        'rate.sell-asset.configured',
        `the request's sell_asset ${request.sell_asset} is not in the asset configuration, so the formula has no tolerance`,
      );
    }
    const difference = Math.abs(toDoubleJava(subtractJava(sell, expected)));
    if (difference < tolerance(decimals)) return undefined;
    return `rate.sell_amount ${rate.sellAmount} must be within 10^-${decimals} (sell asset ${request.sell_asset}) of ${SHOWN[which]} = ${toPlainJava(expected)}; the difference is ${difference}`;
  };
}

function contractCheck(which: Which) {
  return ({ rate, fee, request, decimalsOf }: ContractContext) => {
    if (
      formulaOf(fee ?? (rate.fee === undefined || rate.fee === null ? null : {}), request.sell_asset) !==
      which
    )
      return [];
    const price = contractDecimal(rate.price);
    const buy = contractDecimal(rate.buy_amount);
    const sell = contractDecimal(rate.sell_amount);
    const total = contractDecimal(fee?.total);
    const decimals = decimalsOf(request.sell_asset);
    if (price === undefined || buy === undefined || sell === undefined || decimals === undefined) return [];
    let expected: Big;
    if (which === 'no-fee') expected = price.times(buy);
    else if (total === undefined) return [];
    else if (which === 'fee-in-sell-asset') expected = price.times(buy).plus(total);
    else expected = price.times(buy.plus(total));
    const difference = sell.minus(expected).abs();
    if (difference.lt(`1e-${decimals}`)) return [];
    return [
      {
        message: `rate.sell_amount ${plain(sell)} must be within 10^-${decimals} (sell asset ${request.sell_asset}) of ${SHOWN[which]} = ${plain(expected)}; the difference is ${plain(difference)}`,
        path: '/rate/sell_amount',
      },
    ];
  };
}

function formulaRule<const W extends Which>(which: W, when: string) {
  return defineRule({
    id: `rate.formula.${which}`,
    path: '/rate/sell_amount',
    description: `${when}: sell_amount ≈ ${SHOWN[which]}, within 10^-d (d = the sell asset's significant_decimals, strict).`,
    appliesWhen: when,
    applies: (f) =>
      which === 'no-fee' ? !f.fee : f.fee && (which === 'fee-in-sell-asset') === f.feeInSellAsset,
    platform: {
      outcome: '502',
      stage: 'validate',
      source: `${AP}: ${VALIDATE} (withinRoundingError: |sell - expected| as a double < Math.pow(10, -d))`,
    },
    contract:
      'SEP-38 GET /price: sell_amount = price × buy_amount with fees, within the sell asset rounding; compared exactly',
    checkPlatform: platformCheck(which),
    checkContract: contractCheck(which),
  });
}

export const priceNumeric = defineRule({
  id: 'rate.price.numeric',
  path: '/rate/price',
  description: '`rate.price` is a decimal string.',
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: {
    outcome: '500',
    stage: 'validate',
    source: `${AP}: ${VALIDATE} (new BigDecimal(rate.getPrice()) in the formula throws NumberFormatException)`,
  },
  contract: 'callbacks contract: Rate.price is a Decimal',
  schema: { path: /^\/rate\/price$/, required: false },
  checkPlatform: ({ rate, decimal }) =>
    decimal(rate.price) === undefined
      ? `rate.price must be a number; found ${describe(rate.price)}`
      : undefined,
});

export const formulaFeeInSellAsset = formulaRule(
  'fee-in-sell-asset',
  "When `rate.fee.asset` is the request's sell_asset",
);
export const formulaFeeInBuyAsset = formulaRule(
  'fee-in-buy-asset',
  'When `rate.fee.asset` is any other asset (the buy asset or another one)',
);
export const formulaNoFee = formulaRule('no-fee', 'Without `rate.fee`');

export const sellAssetConfigured = defineRule({
  id: 'rate.sell-asset.configured',
  description:
    "The request's sell_asset is in the asset configuration: its significant_decimals set the formulas' tolerance.",
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: {
    outcome: '500',
    stage: 'validate',
    source: `${AP}: ${VALIDATE} (sellAsset.getSignificantDecimals() on a null asset in the formula)`,
  },
  contract: 'SEP-38: the assets of a rate are those the platform offers',
  checkContract: ({ request, decimalsOf }) =>
    decimalsOf(request.sell_asset) === undefined
      ? [
          {
            message: `the request's sell_asset ${JSON.stringify(request.sell_asset)} is not in the asset configuration, so the rounding tolerance (10^-significant_decimals) is unknown`,
          },
        ]
      : [],
});
