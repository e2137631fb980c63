// sell_amount and buy_amount: positive, within their asset's decimals, echoing the request.
import { contractDecimal, placesOf, plain } from '../contract-values.js';
import { compareJava, strippedScale } from '../java-decimal.js';
import { AP, defineRule, describe, VALIDATE } from '../types.js';

function amountRules<const Side extends 'sell' | 'buy'>(side: Side) {
  const name = `${side}_amount` as const;
  const asset = `${side}_asset` as const;
  const member = side === 'sell' ? 'sellAmount' : 'buyAmount';
  const path = `/rate/${name}`;
  const requested = side === 'sell' ? 'requestedSellAmount' : 'requestedBuyAmount';
  const configured = side === 'sell' ? 'sellAssetConfigured' : 'buyAssetConfigured';

  const positive = defineRule({
    id: `rate.${side}-amount.positive`,
    path,
    description: `\`rate.${name}\` is a decimal string greater than 0.`,
    appliesWhen: 'the body has a rate',
    applies: (f) => f.rate,
    platform: {
      outcome: '502',
      stage: 'validate',
      source: `${AP}: ${VALIDATE} (NumberHelper.isPositiveNumber: new BigDecimal(...) > 0)`,
    },
    contract: `callbacks contract: Rate.${name} is a Decimal; the platform contract's Amount is above zero`,
    schema: { path: new RegExp(`^${path}$`) },
    checkPlatform: ({ rate, decimal }) => {
      const value = decimal(rate[member]);
      if (value !== undefined && value.sign > 0) return undefined;
      return `rate.${name} must be a number greater than 0; found ${describe(rate[member])}`;
    },
    checkContract: ({ rate }) =>
      contractDecimal(rate[name])?.eq(0)
        ? [{ message: `rate.${name} must be greater than 0; found ${describe(rate[name])}`, path }]
        : [],
  });

  const decimals = defineRule({
    id: `rate.${side}-amount.decimals`,
    path,
    description: `\`rate.${name}\` has at most the ${side} asset's significant_decimals digits after the point, trailing zeros ignored.`,
    appliesWhen: `the ${side} asset is in the asset configuration`,
    applies: (f) => f[configured],
    platform: {
      outcome: '502',
      stage: 'validate',
      source: `${AP}: ${VALIDATE} (NumberHelper.hasProperSignificantDecimals; skipped for an asset missing from the configuration)`,
    },
    contract: `SEP-38: amounts within the asset's significant_decimals (platform asset configuration)`,
    checkPlatform: ({ rate, request, decimal, decimalsOf }) => {
      const max = decimalsOf(request[asset]);
      const value = decimal(rate[member]);
      if (max === undefined || value === undefined) return undefined;
      const places = Math.max(0, strippedScale(value));
      return places > max
        ? `rate.${name} may have at most ${max} decimal places (significant_decimals of ${request[asset]}); found ${describe(rate[member])} with ${places}`
        : undefined;
    },
    checkContract: ({ rate, request, decimalsOf }) => {
      const max = decimalsOf(request[asset]);
      const value = contractDecimal(rate[name]);
      if (max === undefined || value === undefined || placesOf(value) <= max) return [];
      return [
        {
          message: `rate.${name} may have at most ${max} decimal places (significant_decimals of ${request[asset]}); found ${plain(value)} with ${placesOf(value)}`,
          path,
        },
      ];
    },
  });

  const matches = defineRule({
    id: `rate.${side}-amount.matches-request`,
    path,
    description: `When the request gave \`${name}\`, \`rate.${name}\` equals it numerically ("100" equals "100.00").`,
    appliesWhen: `the request gave ${name}`,
    applies: (f) => f[requested],
    platform: {
      outcome: '502',
      stage: 'validate',
      source: `${AP}: ${VALIDATE} (BigDecimal.compareTo)`,
    },
    contract: `callbacks contract: Rate.${name} equals a requested ${name}`,
    checkPlatform: ({ rate, request, decimal }) => {
      // A request amount that is not a decimal is the caller's bug (Sep38Service refuses it first).
      const wanted = decimal(request[name] ?? null);
      const value = decimal(rate[member]);
      if (wanted === undefined || value === undefined || compareJava(wanted, value) === 0) return undefined;
      return `rate.${name} must equal the requested ${name} ${request[name]}; found ${describe(rate[member])}`;
    },
    checkContract: ({ rate, request }) => {
      const wanted = contractDecimal(request[name]);
      const value = contractDecimal(rate[name]);
      if (wanted === undefined || value === undefined || wanted.eq(value)) return [];
      return [
        {
          message: `rate.${name} must equal the requested ${name} ${request[name]}; found ${plain(value)}`,
          path,
        },
      ];
    },
  });

  return { positive, decimals, matches };
}

export const sellAmount = amountRules('sell');
export const buyAmount = amountRules('buy');
