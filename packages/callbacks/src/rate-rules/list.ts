/**
 * Every rule, in the order the Anchor Platform meets them: Gson reading the body, then
 * RestRateIntegration.validateRateResponse (the fee branch or the no-fee branch, then the fee
 * details item by item), then Sep38Service (total_price, and saving a firm quote). The platform
 * stops at the first broken rule; the contract is checked against all of them. Last come the
 * rules only our contract has.
 */
import { buyAmount, sellAmount } from './rules/amounts.js';
import {
  bodyJson,
  bodyPresent,
  expiresAtFormat,
  numbersBounded,
  numbersInRange,
  priceRequired,
  ratePresent,
} from './rules/body.js';
import {
  detailAmountDecimals,
  detailAmountPositive,
  detailNameRequired,
  detailPresent,
  detailsSum,
} from './rules/details.js';
import {
  feeAssetConfigured,
  feeTotalDecimals,
  feeTotalNonNegative,
  feeTotalRequired,
  feeZeroTotalWithoutDetails,
} from './rules/fee.js';
import {
  firmExpiresAtRequired,
  firmExpiresInFuture,
  firmHonoursExpireAfter,
  firmIdRequired,
} from './rules/firm.js';
import {
  formulaFeeInBuyAsset,
  formulaFeeInSellAsset,
  formulaNoFee,
  priceNumeric,
  sellAssetConfigured,
} from './rules/formula.js';
import { firmIdLength, firmQuoteStorable, totalPriceComputable } from './rules/sep38.js';

export const RATE_RULES = [
  bodyPresent,
  bodyJson,
  expiresAtFormat,
  ratePresent,
  priceRequired,
  firmIdRequired,
  firmExpiresAtRequired,
  sellAmount.positive,
  buyAmount.positive,
  sellAmount.decimals,
  buyAmount.decimals,
  sellAmount.matches,
  buyAmount.matches,
  feeTotalRequired,
  feeTotalNonNegative,
  feeZeroTotalWithoutDetails,
  feeAssetConfigured,
  feeTotalDecimals,
  priceNumeric,
  formulaFeeInSellAsset,
  formulaFeeInBuyAsset,
  formulaNoFee,
  sellAssetConfigured,
  detailPresent,
  detailAmountPositive,
  detailAmountDecimals,
  detailNameRequired,
  detailsSum,
  totalPriceComputable,
  firmIdLength,
  firmQuoteStorable,
  numbersInRange,
  numbersBounded,
  firmExpiresInFuture,
  firmHonoursExpireAfter,
] as const;

export type RuleId = (typeof RATE_RULES)[number]['id'];

const BY_ID: ReadonlyMap<string, (typeof RATE_RULES)[number]> = new Map(
  RATE_RULES.map((rule) => [rule.id, rule]),
);

/** The rule with this id; throws for an unknown id (a programming error). */
export function rateRule(id: RuleId | string): (typeof RATE_RULES)[number] {
  const rule = BY_ID.get(id);
  if (rule === undefined) throw new RangeError(`no rate rule ${id}`);
  return rule;
}
