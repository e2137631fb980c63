/**
 * The level of each rate rule's check: `must` when an answer that breaks the rule makes the
 * platform fail (RestRateIntegration.validateRateResponse throws, and the wallet gets an error)
 * or hand the wallet a quote it cannot use; `should` when the platform copes.
 *
 * This table is kept by hand for now. Once the rule records of @starspec/callbacks say which
 * rules are the platform's own verdict, `ruleLevel` derives the level from them instead.
 */
import type { RuleId } from '@starspec/callbacks';
import type { CheckLevel } from '../../model.js';

const RULE_LEVELS: Record<RuleId, CheckLevel> = {
  // validateRateResponse: a missing `rate` or `rate.price` throws ServerErrorException.
  'rate.present': 'must',
  'rate.price.required': 'must',
  // `new BigDecimal(price)` in the formula checks throws: the platform answers 500.
  'rate.price.numeric': 'must',
  // A firm rate without `id` or `expires_at` throws. An empty id passes the platform, but the
  // quote is then stored and handed to the wallet under "" (Sep38Service).
  'rate.firm.id-required': 'must',
  'rate.firm.expires-at-required': 'must',
  // Gson reads `expires_at` into an Instant for every rate type: a value it cannot parse fails
  // the whole answer.
  'rate.firm.expires-at-format': 'must',
  // Not checked by the platform, but it stores the quote with this expiry and hands it to the
  // wallet: a quote that has already expired cannot pay for a transaction.
  'rate.firm.expires-in-future': 'must',
  // Not checked by the platform; SEP-38 says the anchor should keep a quote until expire_after
  // (the client's wish), and the wallet still gets a quote with its true expiry.
  'rate.firm.honours-expire-after': 'should',
  // Checked by validateRateResponse: each breach throws ServerErrorException.
  'rate.sell-amount.positive': 'must',
  'rate.buy-amount.positive': 'must',
  'rate.sell-amount.decimals': 'must',
  'rate.buy-amount.decimals': 'must',
  'rate.sell-amount.matches-request': 'must',
  'rate.buy-amount.matches-request': 'must',
  // The platform only asks for assets of its own configuration (Sep38Service looks them up
  // first), so it never meets an anchor pricing another one; only a suite run pointed at a pair
  // outside --assets does.
  'rate.sell-asset.configured': 'should',
  'rate.fee.total-required': 'must',
  'rate.fee.total-non-negative': 'must',
  'rate.fee.zero-total-without-details': 'must',
  'rate.fee.asset-configured': 'must',
  'rate.fee.total-decimals': 'must',
  // The platform throws for a detail without `name`; an empty name passes it (the rule is
  // stricter there).
  'rate.fee.details.name-required': 'must',
  'rate.fee.details.amount-positive': 'must',
  'rate.fee.details.amount-decimals': 'must',
  'rate.fee.details.sum': 'must',
  // withinRoundingError on the formula throws ServerErrorException.
  'rate.formula.fee-in-sell-asset': 'must',
  'rate.formula.fee-in-buy-asset': 'must',
  'rate.formula.no-fee': 'must',
};

/** The level of the check of one rate rule. */
export function ruleLevel(rule: RuleId): CheckLevel {
  return RULE_LEVELS[rule];
}
