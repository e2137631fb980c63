/**
 * Two verdicts on an anchor's answer to GET /rate:
 * - `platform`: what the real Anchor Platform answers its client (accept, 502 or 500) and the
 *   rule it stopped at, from its own code (Gson, RestRateIntegration, Sep38Service);
 * - `contract`: every requirement of our contracts and SEP-38 the answer breaks.
 * An answer can pass the platform and still break the contract (a price sent as a JSON number,
 * an empty quote id); `ok` needs both.
 */
import { type AssetConfig, defaultAssetConfig, significantDecimals } from '../asset-config.js';
import { type ContractVerdict, contractVerdict } from './contract-pass.js';
import { contractDecimal } from './contract-values.js';
import { parseJavaDecimal, toPlainJava } from './java-decimal.js';
import { RATE_RULES, type RuleId } from './list.js';
import { type PlatformVerdict, platformVerdict, type RateViolation } from './platform-pass.js';
import { isRecord, type RateFacts, type RateRequest } from './types.js';

export type { ContractVerdict } from './contract-pass.js';
export { readErrorResponse } from './gson-binding.js';
export { RATE_RULES, type RuleId, rateRule } from './list.js';
export type { PlatformVerdict, RateViolation } from './platform-pass.js';
export { QUOTE_ID_MAX_LENGTH } from './rules/sep38.js';
export type { PlatformAnswer } from './sep38-answer.js';
export type {
  PlatformBehaviour,
  PlatformOutcome,
  PlatformStage,
  Rate,
  RateFacts,
  RateFee,
  RateFeeDetail,
  RateRequest,
  RateResponse,
  RateRule,
} from './types.js';

export interface ValidateRateOptions {
  /** Clock for checkExpiry; defaults to the current time. */
  now?: Date;
  /** Also check rate.firm.expires-in-future and rate.firm.honours-expire-after (contract only; the platform does not). */
  checkExpiry?: boolean;
}

export interface ValidateRateInput extends ValidateRateOptions {
  request: RateRequest;
  /**
   * The parsed JSON body; anything at all is tolerated. The platform's reader sees it as
   * JSON.stringify writes it (so a JSON number is read as its shortest decimal form).
   */
  response?: unknown;
  /**
   * The body exactly as the anchor sent it. When given, `response` is ignored: the platform reads
   * this text with Gson (lenient JSON, numbers as written) and the contract as strict JSON.
   */
  body?: string;
  /** Undefined: every well-formed asset id counts as configured with its scheme's default decimals. */
  assets?: AssetConfig;
}

export interface RateVerdict {
  /** The platform accepts the answer and it meets the contract. */
  ok: boolean;
  /** Every broken rule: the platform's first, then the contract's others. */
  violations: RateViolation[];
  platform: PlatformVerdict;
  contract: ContractVerdict;
}

/** @deprecated The former name of RateVerdict. */
export type RateValidationResult = RateVerdict;

function decimalsLookup(assets: AssetConfig) {
  return (assetId: unknown) =>
    typeof assetId === 'string' ? significantDecimals(assets, assetId) : undefined;
}

/** The body as text for the platform's reader: as received, or as JSON.stringify writes the value. */
function platformText(input: ValidateRateInput): string | undefined {
  if (typeof input.body === 'string') return input.body;
  try {
    return JSON.stringify(input.response) ?? '';
  } catch {
    return undefined; // a BigInt or a cycle: nothing the anchor could have sent
  }
}

export function validateRateResponse(input: ValidateRateInput): RateVerdict {
  const now = input.now ?? new Date();
  if (input.checkExpiry === true && Number.isNaN(now.getTime())) {
    throw new RangeError('validateRateResponse: `now` is an invalid Date');
  }
  const decimalsOf = decimalsLookup(input.assets ?? defaultAssetConfig());
  const text = platformText(input);
  const platform: PlatformVerdict =
    text === undefined
      ? {
          outcome: '502',
          violations: [{ rule: 'rate.body.json', message: 'the value cannot be written as JSON' }],
        }
      : platformVerdict({ request: input.request, text, decimalsOf });
  const contract = contractVerdict({
    request: input.request,
    ...(typeof input.body === 'string' ? { text: input.body } : { value: input.response }),
    decimalsOf,
    checkExpiry: input.checkExpiry === true,
    now,
  });
  const violations = [...platform.violations];
  for (const violation of contract.violations) {
    if (!violations.some((v) => v.rule === violation.rule && v.path === violation.path))
      violations.push(violation);
  }
  return { ok: platform.outcome === 'accept' && contract.ok, violations, platform, contract };
}

/** What the answer and the request say, for RateRule.applies. Reads the body as strict JSON. */
export function rateFacts(input: ValidateRateInput): RateFacts {
  let body = input.response;
  if (typeof input.body === 'string') {
    try {
      body = JSON.parse(input.body);
    } catch {
      body = undefined;
    }
  }
  const rate = isRecord(body) && isRecord(body.rate) ? body.rate : undefined;
  const fee = rate?.fee === undefined || rate.fee === null ? undefined : isRecord(rate.fee) ? rate.fee : {};
  const decimalsOf = decimalsLookup(input.assets ?? defaultAssetConfig());
  const { request } = input;
  return {
    firm: request.type === 'firm',
    requestedSellAmount: request.sell_amount !== undefined,
    requestedBuyAmount: request.buy_amount !== undefined,
    requestedExpireAfter: request.expire_after !== undefined,
    sellAssetConfigured: decimalsOf(request.sell_asset) !== undefined,
    buyAssetConfigured: decimalsOf(request.buy_asset) !== undefined,
    rate: rate !== undefined,
    expiresAt: rate?.expires_at !== undefined && rate.expires_at !== null,
    fee: fee !== undefined,
    feeInSellAsset: fee?.asset === request.sell_asset,
    feeTotalZero: contractDecimal(fee?.total)?.eq(0) === true,
    details: Array.isArray(fee?.details) ? fee.details.length : undefined,
    checkExpiry: input.checkExpiry === true,
  };
}

/** The rules that say anything about this answer, in the platform's order. */
export function applicableRules(input: ValidateRateInput): RuleId[] {
  const facts = rateFacts(input);
  return RATE_RULES.filter((rule) => rule.applies(facts)).map((rule) => rule.id);
}

/** One human string naming every failed rule id, with the messages. Empty for no violations. */
export function rateErrorMessage(violations: readonly RateViolation[]): string {
  if (violations.length === 0) return '';
  const rules = [...new Set(violations.map((v) => v.rule))];
  return `the anchor's GET /rate response failed validation (${rules.join(', ')}): ${violations.map((v) => v.message).join('; ')}`;
}

/**
 * A number the platform accepted, in plain notation (BigDecimal.toPlainString): "1e2" → "100",
 * "+1.50" → "1.50". Undefined when Java would not read it as a number.
 */
export function plainDecimal(text: string): string | undefined {
  const value = parseJavaDecimal(text);
  return value === undefined ? undefined : toPlainJava(value);
}
