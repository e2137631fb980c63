/**
 * Verdicts of the rate rules (`RATE_RULES` of @starspec/callbacks) over the answers the suite
 * received: which answers break a rule, and which ones a rule says anything about.
 */
import { type RuleId, rateFacts, rateRule, validateRateResponse } from '@starspec/callbacks';
import { type Evidence, evidenceOf } from '../../model.js';
import type { RateOutcome } from './rate-asks.js';
import type { CallbacksState } from './state.js';

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
    // The rule's own record says whether it speaks about this answer.
    const facts = rateFacts({
      request: outcome.query,
      response: outcome.answer.body,
      assets: state.assets,
      checkExpiry: true,
    });
    if (hits.length > 0 || rateRule(rule).applies(facts)) applicable += 1;
  }
  return { evidence, applicable };
}

/** Why a rule's check is skipped when it applied to no answer: its record's own condition. */
export function notApplicable(rule: RuleId): string {
  return `no answer where ${rateRule(rule).appliesWhen}`;
}
