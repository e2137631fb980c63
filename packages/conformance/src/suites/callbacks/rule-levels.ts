/**
 * The level of each rate rule's check, derived from the rule records of @starspec/callbacks:
 * `must` when the real Anchor Platform fails on an answer that breaks the rule (the record names
 * the 502 or 500 it answers), `should` when it copes. Two rules differ from that, for the reasons
 * given beside them.
 */
import { type RuleId, rateRule } from '@starspec/callbacks';
import type { CheckLevel } from '../../model.js';

const OVERRIDES: Partial<Record<RuleId, CheckLevel>> = {
  // Not checked by the platform, but it stores the quote with this expiry and hands it to the
  // wallet: a quote that has already expired cannot pay for a transaction.
  'rate.firm.expires-in-future': 'must',
  // The platform only asks for assets of its own configuration (Sep38Service looks them up
  // first), so it never meets an anchor pricing another one; only a suite run pointed at a pair
  // outside --assets does.
  'rate.sell-asset.configured': 'should',
};

/** The level of the check of one rate rule. */
export function ruleLevel(rule: RuleId): CheckLevel {
  return OVERRIDES[rule] ?? (rateRule(rule).platform === null ? 'should' : 'must');
}
