// The Anchor Platform's verdict on one answer: the rules in its order, stopping at the first broken one.
import { type GsonRead, type PlatformRate, readRateResponse } from './gson-binding.js';
import {
  ExactArithmeticBound,
  JavaArithmeticError,
  type JavaDecimal,
  parseJavaDecimal,
} from './java-decimal.js';
import { RATE_RULES, type RuleId, rateRule } from './list.js';
import { type PlatformAnswer, sep38Answer } from './sep38-answer.js';
import { type PlatformContext, PlatformFault, type RateRequest } from './types.js';

export interface RateViolation {
  rule: RuleId;
  message: string;
  /** JSON pointer into the body, e.g. "/rate/fee/total". */
  path?: string;
}

export interface PlatformVerdict {
  /** What the Anchor Platform answers the client: the rate, or 502 or 500. */
  outcome: 'accept' | '502' | '500';
  /** The rule it stopped at, when it did not accept (at most one: it stops at the first). */
  violations: RateViolation[];
  /** When it accepts: what Sep38Service answers (GET /price, or the stored quote for a firm rate). */
  answer?: PlatformAnswer;
}

function refuse(rule: RuleId, message: string, path?: string): PlatformVerdict {
  const behaviour = rateRule(rule).platform;
  const violation: RateViolation = path === undefined ? { rule, message } : { rule, message, path };
  return { outcome: behaviour?.outcome ?? '502', violations: [violation] };
}

function fromRead(read: GsonRead<{ rate: PlatformRate | null }>): PlatformVerdict | PlatformRate {
  if (read.kind === 'null')
    return refuse('rate.body.present', 'the body is empty or null (Gson reads no object)');
  if (read.kind === 'unreadable') {
    const rule = read.instant ? 'rate.firm.expires-at-format' : 'rate.body.json';
    const where = read.path === '' ? '' : ` (at ${read.path})`;
    const message = read.instant
      ? `rate.expires_at cannot be read as an ISO-8601 instant: ${read.reason}`
      : `the body cannot be read as a GET /rate answer${where}: ${read.reason}`;
    return refuse(rule, message, read.path === '' ? undefined : read.path);
  }
  const { rate } = read.value;
  return rate ?? refuse('rate.present', 'the body has no rate (rate is missing or null)', '/rate');
}

export interface PlatformInput {
  request: RateRequest;
  /** The body text as received (JSON.stringify of a parsed value when only that is known). */
  text: string;
  decimalsOf(assetId: string | null | undefined): number | undefined;
}

export function platformVerdict(input: PlatformInput): PlatformVerdict {
  const rate = fromRead(readRateResponse(input.text));
  if ('outcome' in rate) return rate;
  const parsed = new Map<string, JavaDecimal | undefined>();
  const context: PlatformContext = {
    request: input.request,
    firm: input.request.type === 'firm',
    rate,
    decimalsOf: input.decimalsOf,
    decimal: (text) => {
      if (text === null) return undefined;
      if (!parsed.has(text)) parsed.set(text, parseJavaDecimal(text));
      return parsed.get(text);
    },
  };
  try {
    for (let i = 0; i < RATE_RULES.length; i++) {
      const rule = RATE_RULES[i] as (typeof RATE_RULES)[number];
      if (rule.platform === null || rule.checkPlatform === undefined) continue;
      if (rule.scope !== 'detail') {
        const message = rule.checkPlatform(context);
        if (message !== undefined) return refuse(rule.id, message, rule.path);
        continue;
      }
      // The fee details, item by item through the detail rules, then each once more after the list.
      let end = i;
      while (RATE_RULES[end]?.scope === 'detail') end++;
      const block = RATE_RULES.slice(i, end);
      i = end - 1;
      const details = rate.fee?.details;
      if (rate.fee === null || details === null || details === undefined) continue;
      for (const [index, value] of details.entries()) {
        for (const detailRule of block) {
          const message = detailRule.checkPlatform?.(context, { value, index });
          if (message !== undefined) {
            return refuse(detailRule.id, message, `/rate/fee/details/${index}${detailRule.path ?? ''}`);
          }
        }
      }
      for (const detailRule of block) {
        const message = detailRule.checkPlatform?.(context);
        if (message !== undefined) return refuse(detailRule.id, message, detailRule.path);
      }
    }
    return { outcome: 'accept', violations: [], answer: sep38Answer(context) };
  } catch (error) {
    if (error instanceof PlatformFault) return refuse(error.rule as RuleId, error.message);
    if (error instanceof JavaArithmeticError) {
      return refuse('rate.numbers.in-range', `java.math.BigDecimal fails on these numbers: ${error.message}`);
    }
    if (error instanceof ExactArithmeticBound) return refuse('rate.numbers.bounded', error.message);
    throw error;
  }
}
