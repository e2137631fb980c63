/**
 * Verdicts of the rate rules (`RATE_RULES` of @starspec/callbacks) over the answers the suite
 * received: which answers break a rule, and which ones a rule says anything about.
 */
import { type RuleId, significantDecimals, validateRateResponse } from '@starspec/callbacks';
import { type Evidence, evidenceOf } from '../../model.js';
import { type RateOutcome, rateOf } from './rate-asks.js';
import { type CallbacksState, isRecord } from './state.js';

/** Evidence of each violation of one rule, over the given answers. */
export function violations(
  state: CallbacksState,
  outcomes: readonly RateOutcome[],
  rule: RuleId,
  expected: string,
): { evidence: Evidence[]; applicable: number } {
  const evidence: Evidence[] = [];
  let applicable = 0;
  for (const outcome of outcomes) {
    const verdict = validateRateResponse({
      request: outcome.query,
      response: outcome.answer.body,
      assets: state.assets,
      checkExpiry: true,
      now: outcome.answer.at,
    });
    const hits = verdict.violations.filter((v) => v.rule === rule);
    for (const hit of hits) {
      evidence.push(
        evidenceOf(outcome.answer.exchange, expected, `${hit.message}${hit.path ? ` (at ${hit.path})` : ''}`),
      );
    }
    if (hits.length > 0 || applies(state, rule, outcome)) applicable += 1;
  }
  return { evidence, applicable };
}

function isZero(value: unknown): boolean {
  return typeof value === 'string' && /^0*(\.0*)?$/.test(value) && /\d/.test(value);
}

/** Whether a rule says anything about an answer (else it holds vacuously there). */
function applies(state: CallbacksState, rule: RuleId, outcome: RateOutcome): boolean {
  const rate = rateOf(outcome.answer.body);
  if (!rate) return rule === 'rate.present';
  const { query } = outcome;
  const fee = rate.fee === undefined || rate.fee === null ? undefined : isRecord(rate.fee) ? rate.fee : {};
  const details = fee && Array.isArray(fee.details) ? fee.details : undefined;
  switch (rule) {
    case 'rate.firm.expires-at-format':
      return rate.expires_at !== undefined && rate.expires_at !== null;
    case 'rate.firm.id-required':
    case 'rate.firm.expires-at-required':
    case 'rate.firm.expires-in-future':
      return query.type === 'firm';
    case 'rate.firm.honours-expire-after':
      return query.type === 'firm' && query.expire_after !== undefined;
    case 'rate.sell-amount.decimals':
      return significantDecimals(state.assets, query.sell_asset) !== undefined;
    case 'rate.buy-amount.decimals':
      return significantDecimals(state.assets, query.buy_asset) !== undefined;
    case 'rate.sell-amount.matches-request':
      return query.sell_amount !== undefined;
    case 'rate.buy-amount.matches-request':
      return query.buy_amount !== undefined;
    case 'rate.fee.total-required':
    case 'rate.fee.total-non-negative':
    case 'rate.fee.asset-configured':
    case 'rate.fee.total-decimals':
      return fee !== undefined;
    case 'rate.fee.zero-total-without-details':
      return fee !== undefined && isZero(fee.total);
    case 'rate.fee.details.sum':
      return fee?.details !== undefined && fee.details !== null;
    case 'rate.fee.details.name-required':
    case 'rate.fee.details.amount-positive':
    case 'rate.fee.details.amount-decimals':
      return details !== undefined && details.length > 0;
    case 'rate.formula.fee-in-sell-asset':
      return fee !== undefined && fee.asset === query.sell_asset;
    case 'rate.formula.fee-in-buy-asset':
      return fee !== undefined && typeof fee.asset === 'string' && fee.asset !== query.sell_asset;
    case 'rate.formula.no-fee':
      return fee === undefined;
    default:
      return true;
  }
}

export const NOT_APPLICABLE: Partial<Record<RuleId, string>> = {
  'rate.firm.expires-at-format': 'no answer had `expires_at`',
  'rate.sell-amount.decimals': 'the sell asset is not in the asset configuration',
  'rate.buy-amount.decimals': 'the buy asset is not in the asset configuration',
  'rate.fee.total-required': 'no answer had a fee',
  'rate.fee.total-non-negative': 'no answer had a fee',
  'rate.fee.asset-configured': 'no answer had a fee',
  'rate.fee.total-decimals': 'no answer had a fee',
  'rate.fee.zero-total-without-details': 'no answer had a fee of 0',
  'rate.fee.details.sum': 'no answer listed fee details',
  'rate.fee.details.name-required': 'no answer listed fee details',
  'rate.fee.details.amount-positive': 'no answer listed fee details',
  'rate.fee.details.amount-decimals': 'no answer listed fee details',
  'rate.formula.fee-in-sell-asset': 'no answer charged its fee in the sell asset',
  'rate.formula.fee-in-buy-asset': 'no answer charged its fee in another asset than the sell asset',
  'rate.formula.no-fee': 'every answer had a fee',
};
