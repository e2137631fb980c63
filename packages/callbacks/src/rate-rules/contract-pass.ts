/**
 * Our contract's verdict on one answer: the body is strict JSON, matches the callbacks contract's
 * RateResponse schema (each schema error reported under the rule that owns its place), and
 * meets every rule's further requirement. Every violation is listed.
 */
import { validate } from '../generated/validate.gen.js';
import { RATE_RULES, type RuleId } from './list.js';
import type { RateViolation } from './platform-pass.js';
import { type ContractContext, describe, isRecord, type RateRequest } from './types.js';

export interface ContractVerdict {
  ok: boolean;
  violations: RateViolation[];
}

export interface ContractInput {
  request: RateRequest;
  /** The body as received, when known; else `value`. */
  text?: string;
  value?: unknown;
  decimalsOf(assetId: unknown): number | undefined;
  checkExpiry: boolean;
  now: Date;
}

/** "/rate/fee/details/0/amount" → "rate.fee.details[0].amount". */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : `${i === 0 ? '' : '.'}${part}`))
    .join('');
}

function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The rule an error of the schema belongs to; a null counts as missing. */
function ownerOf(path: string, keyword: string, value: unknown): RuleId {
  const missing = keyword === 'required' || value === null;
  for (const rule of RATE_RULES) {
    const schema = 'schema' in rule ? rule.schema : undefined;
    if (schema === undefined || !schema.path.test(path)) continue;
    if (schema.required === undefined || schema.required === missing) return rule.id;
  }
  return 'rate.body.json';
}

/** The body as a JSON value, or the violation that stops the contract check there. */
function bodyOf(input: ContractInput): { body: unknown } | RateViolation {
  if (input.text === undefined) {
    if (input.value === undefined || input.value === null) {
      return {
        rule: 'rate.body.present',
        message: `a JSON object body is required; found ${describe(input.value)}`,
      };
    }
    return { body: input.value };
  }
  if (/^[ \t\r\n]*$/.test(input.text))
    return { rule: 'rate.body.present', message: 'a JSON object body is required; the body is empty' };
  try {
    const body: unknown = JSON.parse(input.text);
    return body === null
      ? { rule: 'rate.body.present', message: 'a JSON object body is required; found null' }
      : { body };
  } catch (error) {
    return {
      rule: 'rate.body.json',
      message: `the body is not JSON (RFC 8259): ${(error as Error).message}`,
    };
  }
}

export function contractVerdict(input: ContractInput): ContractVerdict {
  const read = bodyOf(input);
  if ('rule' in read) return { ok: false, violations: [read] };
  const { body } = read;
  const violations: RateViolation[] = validate.schema('RateResponse', body).errors.map((error) => {
    const value = valueAt(body, error.path);
    const found = error.keyword === 'required' ? '' : `; found ${describe(value)}`;
    const where = error.path === '' ? 'the body' : dotted(error.path);
    return {
      rule: ownerOf(error.path, error.keyword, value),
      message: `${where} ${error.message}${found}`,
      path: error.path,
    };
  });
  if (isRecord(body) && isRecord(body.rate)) {
    const rate = body.rate;
    const context: ContractContext = {
      request: input.request,
      firm: input.request.type === 'firm',
      rate,
      fee: isRecord(rate.fee) ? rate.fee : undefined,
      decimalsOf: input.decimalsOf,
      checkExpiry: input.checkExpiry,
      now: input.now,
    };
    for (const rule of RATE_RULES) {
      if (!('checkContract' in rule) || rule.checkContract === undefined) continue;
      for (const finding of rule.checkContract(context)) violations.push({ rule: rule.id, ...finding });
    }
  }
  return { ok: violations.length === 0, violations };
}
