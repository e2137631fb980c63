// rate.fee: its total and its asset.
import { contractDecimal, placesOf, plain } from '../contract-values.js';
import { strippedScale } from '../java-decimal.js';
import { AP, defineRule, describe, VALIDATE } from '../types.js';

const source = (how: string) => `${AP}: ${VALIDATE} (${how})`;

export const feeTotalRequired = defineRule({
  id: 'rate.fee.total-required',
  path: '/rate/fee/total',
  description: 'When `rate.fee` is present, `rate.fee.total` is present and not null.',
  appliesWhen: '`rate.fee` is present',
  applies: (f) => f.fee,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: source('NumberHelper.isNonNegativeNumber(null) is false'),
  },
  contract: 'callbacks contract: RateFee requires total',
  schema: { path: /^\/rate\/fee\/total$/, required: true },
  checkPlatform: ({ rate }) =>
    rate.fee !== null && rate.fee.total === null
      ? 'rate.fee.total is required when rate.fee is present; found nothing or null'
      : undefined,
});

export const feeTotalNonNegative = defineRule({
  id: 'rate.fee.total-non-negative',
  path: '/rate/fee/total',
  description: '`rate.fee.total` is a decimal string >= 0.',
  appliesWhen: '`rate.fee` is present',
  applies: (f) => f.fee,
  platform: { outcome: '502', stage: 'validate', source: source('NumberHelper.isNonNegativeNumber') },
  contract: 'callbacks contract: RateFee.total is a Decimal (non-negative, plain)',
  schema: { path: /^\/rate\/fee\/total$/, required: false },
  checkPlatform: ({ rate, decimal }) => {
    if (rate.fee === null || rate.fee.total === null) return undefined;
    const total = decimal(rate.fee.total);
    return total !== undefined && total.sign >= 0
      ? undefined
      : `rate.fee.total must be a number >= 0; found ${describe(rate.fee.total)}`;
  },
});

export const feeZeroTotalWithoutDetails = defineRule({
  id: 'rate.fee.zero-total-without-details',
  path: '/rate/fee/details',
  description: 'When `rate.fee.total` is 0, `rate.fee.details` is empty or absent.',
  appliesWhen: '`rate.fee.total` is 0',
  applies: (f) => f.feeTotalZero,
  platform: { outcome: '502', stage: 'validate', source: source('total == 0 with details') },
  contract: 'callbacks contract: RateFee.details is empty or absent when total is zero',
  checkPlatform: ({ rate, decimal }) => {
    const details = rate.fee?.details;
    const total = decimal(rate.fee?.total ?? null);
    if (total?.sign !== 0 || details === null || details === undefined || details.length === 0)
      return undefined;
    return `rate.fee.details must be empty or absent when rate.fee.total is 0; found ${details.length} item(s)`;
  },
  checkContract: ({ fee }) => {
    const details = fee?.details;
    if (!contractDecimal(fee?.total)?.eq(0) || !Array.isArray(details) || details.length === 0) return [];
    return [
      {
        message: `rate.fee.details must be empty or absent when rate.fee.total is 0; found ${details.length} item(s)`,
        path: '/rate/fee/details',
      },
    ];
  },
});

export const feeAssetConfigured = defineRule({
  id: 'rate.fee.asset-configured',
  path: '/rate/fee/asset',
  description: '`rate.fee.asset` is an asset id in the asset configuration with significant_decimals > 0.',
  appliesWhen: '`rate.fee` is present',
  applies: (f) => f.fee,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: source('AssetService.getAssetById, then isPositiveNumber(significantDecimals)'),
  },
  contract: 'callbacks contract: RateFee.asset is an AssetId; SEP-38 assets are those the platform offers',
  schema: { path: /^\/rate\/fee\/asset$/ },
  checkPlatform: ({ rate, decimalsOf }) => {
    if (rate.fee === null) return undefined;
    const decimals = decimalsOf(rate.fee.asset);
    if (decimals === undefined) {
      return `rate.fee.asset must be an asset of the asset configuration; found ${describe(rate.fee.asset)}`;
    }
    return decimals > 0
      ? undefined
      : `rate.fee.asset ${rate.fee.asset} must have significant_decimals > 0 in the asset configuration; it has ${decimals}`;
  },
  checkContract: ({ fee, decimalsOf }) => {
    if (typeof fee?.asset !== 'string') return [];
    const decimals = decimalsOf(fee.asset);
    const path = '/rate/fee/asset';
    if (decimals === undefined) {
      return [
        { message: `rate.fee.asset ${JSON.stringify(fee.asset)} is not in the asset configuration`, path },
      ];
    }
    return decimals > 0
      ? []
      : [
          {
            message: `rate.fee.asset ${fee.asset} must have significant_decimals > 0; it has ${decimals}`,
            path,
          },
        ];
  },
});

export const feeTotalDecimals = defineRule({
  id: 'rate.fee.total-decimals',
  path: '/rate/fee/total',
  description:
    "`rate.fee.total` has at most the fee asset's significant_decimals digits after the point, trailing zeros ignored.",
  appliesWhen: '`rate.fee` is present',
  applies: (f) => f.fee,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: source('NumberHelper.hasProperSignificantDecimals'),
  },
  contract: "SEP-38: amounts within the asset's significant_decimals",
  checkPlatform: ({ rate, decimal, decimalsOf }) => {
    const max = decimalsOf(rate.fee?.asset);
    const total = decimal(rate.fee?.total ?? null);
    if (max === undefined || total === undefined) return undefined;
    const places = Math.max(0, strippedScale(total));
    return places > max
      ? `rate.fee.total may have at most ${max} decimal places (significant_decimals of ${rate.fee?.asset}); found ${rate.fee?.total} with ${places}`
      : undefined;
  },
  checkContract: ({ fee, decimalsOf }) => {
    const max = decimalsOf(fee?.asset);
    const total = contractDecimal(fee?.total);
    if (max === undefined || total === undefined || placesOf(total) <= max) return [];
    return [
      {
        message: `rate.fee.total may have at most ${max} decimal places (significant_decimals of ${fee?.asset}); found ${plain(total)} with ${placesOf(total)}`,
        path: '/rate/fee/total',
      },
    ];
  },
});
