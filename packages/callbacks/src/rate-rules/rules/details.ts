/**
 * rate.fee.details. The platform goes through the list once: for each item, the amount is
 * positive, within the fee asset's decimals, the name is not null, and the amount is added to the
 * sum; after the list, the sum equals fee.total. The first failure stops it.
 */
import Big from 'big.js';
import { contractDecimal, placesOf, plain } from '../contract-values.js';
import {
  addJava,
  compareJava,
  JAVA_ZERO,
  type JavaDecimal,
  strippedScale,
  toPlainJava,
} from '../java-decimal.js';
import { AP, defineRule, describe, isRecord, type PlatformContext, VALIDATE } from '../types.js';

const source = (how: string) => `${AP}: ${VALIDATE} (${how})`;
const listed = (f: { details: number | undefined }) => (f.details ?? 0) > 0;

/** The contract's view of each listed detail that is an object. */
function eachDetail(details: unknown): [Record<string, unknown>, number][] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item, index) =>
    isRecord(item) ? [[item, index] as [Record<string, unknown>, number]] : [],
  );
}

export const detailPresent = defineRule({
  id: 'rate.fee.details.item-present',
  path: '',
  description: 'Each item of `rate.fee.details` is an object (not null).',
  appliesWhen: '`rate.fee.details` lists items',
  applies: listed,
  platform: {
    outcome: '500',
    stage: 'validate',
    source: source('feeDescription.getAmount() on a null item: NullPointerException'),
  },
  contract: 'callbacks contract: RateFee.details items are RateFeeDetail objects',
  schema: { path: /^\/rate\/fee\/details\/\d+$/ },
  scope: 'detail',
  checkPlatform: (_context, detail) =>
    detail !== undefined && detail.value === null
      ? `rate.fee.details[${detail.index}] must be an object; found null`
      : undefined,
});

export const detailAmountPositive = defineRule({
  id: 'rate.fee.details.amount-positive',
  path: '/amount',
  description: 'Each `rate.fee.details[].amount` is a decimal string greater than 0.',
  appliesWhen: '`rate.fee.details` lists items',
  applies: listed,
  platform: { outcome: '502', stage: 'validate', source: source('NumberHelper.isPositiveNumber') },
  contract: 'callbacks contract: RateFeeDetail.amount is a Decimal; a component of a fee is above zero',
  schema: { path: /^\/rate\/fee\/details\/\d+\/amount$/ },
  scope: 'detail',
  checkPlatform: ({ decimal }, detail) => {
    if (detail === undefined) return undefined;
    const amount = decimal(detail.value?.amount ?? null);
    return amount !== undefined && amount.sign > 0
      ? undefined
      : `rate.fee.details[${detail.index}].amount must be a number greater than 0; found ${describe(detail.value?.amount)}`;
  },
  checkContract: ({ fee }) =>
    eachDetail(fee?.details)
      .filter(([item]) => contractDecimal(item.amount)?.eq(0))
      .map(([, index]) => ({
        message: `rate.fee.details[${index}].amount must be greater than 0; found "0"`,
        path: `/rate/fee/details/${index}/amount`,
      })),
});

export const detailAmountDecimals = defineRule({
  id: 'rate.fee.details.amount-decimals',
  path: '/amount',
  description:
    "Each `rate.fee.details[].amount` has at most the fee asset's significant_decimals digits after the point.",
  appliesWhen: '`rate.fee.details` lists items',
  applies: listed,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: source('NumberHelper.hasProperSignificantDecimals'),
  },
  contract: "SEP-38: amounts within the asset's significant_decimals",
  scope: 'detail',
  checkPlatform: ({ rate, decimal, decimalsOf }, detail) => {
    const max = decimalsOf(rate.fee?.asset);
    const amount = decimal(detail?.value?.amount ?? null);
    if (detail === undefined || max === undefined || amount === undefined) return undefined;
    const places = Math.max(0, strippedScale(amount));
    return places > max
      ? `rate.fee.details[${detail.index}].amount may have at most ${max} decimal places; found ${detail.value?.amount}`
      : undefined;
  },
  checkContract: ({ fee, decimalsOf }) => {
    const max = decimalsOf(fee?.asset);
    if (max === undefined) return [];
    return eachDetail(fee?.details).flatMap(([item, index]) => {
      const amount = contractDecimal(item.amount);
      if (amount === undefined || placesOf(amount) <= max) return [];
      return [
        {
          message: `rate.fee.details[${index}].amount may have at most ${max} decimal places (significant_decimals of ${fee?.asset}); found ${plain(amount)}`,
          path: `/rate/fee/details/${index}/amount`,
        },
      ];
    });
  },
});

export const detailNameRequired = defineRule({
  id: 'rate.fee.details.name-required',
  path: '/name',
  description:
    'Each `rate.fee.details[].name` is present: a string (the contract); the platform refuses only a missing or null name.',
  appliesWhen: '`rate.fee.details` lists items',
  applies: listed,
  platform: { outcome: '502', stage: 'validate', source: source('feeDescription.getName() == null') },
  contract: 'callbacks contract: RateFeeDetail requires name, a string',
  schema: { path: /^\/rate\/fee\/details\/\d+\/name$/ },
  scope: 'detail',
  checkPlatform: (_context, detail) =>
    detail?.value !== undefined && detail.value !== null && detail.value.name === null
      ? `rate.fee.details[${detail.index}].name is required; found nothing or null`
      : undefined,
});

// The running sum of the amounts, kept per platform run.
const sums = new WeakMap<PlatformContext, JavaDecimal>();

export const detailsSum = defineRule({
  id: 'rate.fee.details.sum',
  path: '/rate/fee/details',
  description:
    '`rate.fee.details` is a list whose amounts sum to `rate.fee.total` exactly (an empty list with a non-zero total fails).',
  appliesWhen: '`rate.fee.details` is present and not null',
  applies: (f) => f.details !== undefined,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: source('the sum of the amounts compareTo fee.total'),
  },
  contract: 'callbacks contract: RateFee.total equals the sum of details[].amount',
  schema: { path: /^\/rate\/fee\/details$/ },
  scope: 'detail',
  checkPlatform: (context, detail) => {
    const { rate, decimal } = context;
    const details = rate.fee?.details;
    const total = decimal(rate.fee?.total ?? null);
    if (details === null || details === undefined || total === undefined) return undefined;
    const sum = sums.get(context) ?? JAVA_ZERO;
    if (detail !== undefined) {
      // Each amount is added as its item is checked.
      sums.set(context, addJava(sum, decimal(detail.value?.amount ?? null) ?? JAVA_ZERO));
      return undefined;
    }
    return compareJava(sum, total) === 0
      ? undefined
      : `the amounts of rate.fee.details must sum to rate.fee.total ${rate.fee?.total}; they sum to ${toPlainJava(sum)}`;
  },
  checkContract: ({ fee }) => {
    const total = contractDecimal(fee?.total);
    if (total === undefined || !Array.isArray(fee?.details)) return [];
    let sum = new Big(0);
    for (const item of fee.details) {
      const amount = isRecord(item) ? contractDecimal(item.amount) : undefined;
      if (amount === undefined) return []; // one unreadable amount makes the sum meaningless
      sum = sum.plus(amount);
    }
    if (sum.eq(total)) return [];
    return [
      {
        message: `the amounts of rate.fee.details must sum to rate.fee.total ${plain(total)}; they sum to ${plain(sum)}`,
        path: '/rate/fee/details',
      },
    ];
  },
});
