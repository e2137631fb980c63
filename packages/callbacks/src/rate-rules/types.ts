import type { components, operations } from '../generated/types.gen.js';
import type { PlatformFeeDetail, PlatformRate } from './gson-binding.js';
import type { JavaDecimal } from './java-decimal.js';

/** The query of the platform's GET /rate call. */
export type RateRequest = operations['getRate']['parameters']['query'];
export type RateFeeDetail = components['schemas']['RateFeeDetail'];
export type RateFee = components['schemas']['RateFee'];
export type Rate = components['schemas']['Rate'];
export type RateResponse = components['schemas']['RateResponse'];

/**
 * Where the Anchor Platform meets the rule: Gson reading the body (RestRateIntegration.getRate),
 * RestRateIntegration.validateRateResponse, Sep38Service computing the price, or the
 * exchange_quote row a firm quote is saved in.
 */
export type PlatformStage = 'parse' | 'validate' | 'price' | 'store';

/** What the Anchor Platform answers the client: the rate, or 502 or 500. */
export type PlatformOutcome = 'accept' | '502' | '500';

/** What the answer and the request say, for deciding which rules apply. */
export interface RateFacts {
  readonly firm: boolean;
  readonly requestedSellAmount: boolean;
  readonly requestedBuyAmount: boolean;
  readonly requestedExpireAfter: boolean;
  readonly sellAssetConfigured: boolean;
  readonly buyAssetConfigured: boolean;
  /** The body has a `rate` object. */
  readonly rate: boolean;
  readonly expiresAt: boolean;
  readonly fee: boolean;
  readonly feeInSellAsset: boolean;
  readonly feeTotalZero: boolean;
  /** How many fee details are listed; undefined without a list. */
  readonly details: number | undefined;
  /** checkExpiry was asked for. */
  readonly checkExpiry: boolean;
}

/** A broken rule: `message` for a person, `path` a JSON pointer into the body. */
export interface Finding {
  message: string;
  path?: string;
}

/** The platform's view of one answer (after Gson), with the Java number reader shared by the checks. */
export interface PlatformContext {
  readonly request: RateRequest;
  readonly firm: boolean;
  readonly rate: PlatformRate;
  /** significant_decimals of a configured asset (AssetService.getAssetById), else undefined. */
  decimalsOf(assetId: string | null | undefined): number | undefined;
  /** `new BigDecimal(text)`, or undefined where Java throws NumberFormatException. */
  decimal(text: string | null): JavaDecimal | undefined;
}

/** Our contract's view of one answer: the JSON value as sent. */
export interface ContractContext {
  readonly request: RateRequest;
  readonly firm: boolean;
  readonly rate: Record<string, unknown>;
  readonly fee: Record<string, unknown> | undefined;
  decimalsOf(assetId: unknown): number | undefined;
  readonly checkExpiry: boolean;
  readonly now: Date;
}

/** Which errors of the contract's RateResponse schema report this rule. */
export interface SchemaOwnership {
  readonly path: RegExp;
  /** Only `required` errors (true), only the others (false), or both (absent). */
  readonly required?: boolean;
}

export interface PlatformBehaviour {
  readonly outcome: '502' | '500';
  readonly stage: PlatformStage;
  /** Where in the Anchor Platform's code, e.g. `RestRateIntegration.validateRateResponse`. */
  readonly source: string;
}

/** One rule: what it requires, when it applies, how the platform and the contract treat it. */
export interface RateRule<Id extends string = string> {
  readonly id: Id;
  /** What the rule requires of the anchor's answer. */
  readonly description: string;
  /** The JSON pointer a finding points at (for a fee-detail rule, the part after the item). */
  readonly path?: string;
  /** When the rule says anything about an answer (otherwise it holds vacuously). */
  readonly appliesWhen: string;
  readonly applies: (facts: RateFacts) => boolean;
  /** What the real Anchor Platform answers when the rule is broken; null where it does not check. */
  readonly platform: PlatformBehaviour | null;
  /** Where our contract or SEP-38 require it; null where only the platform does. */
  readonly contract: string | null;
  /** How our model of the platform differs from the real one for this rule, and why. */
  readonly deviation?: string;
  /** `detail`: checked for each fee detail in turn, as the platform's loop does. */
  readonly scope?: 'detail';
  /**
   * The platform's check, in its order; a message when broken, undefined when it holds or does not
   * apply. A `detail` rule is called for each item, then once more without one.
   */
  readonly checkPlatform?: (
    context: PlatformContext,
    detail?: { value: PlatformFeeDetail | null; index: number },
  ) => string | undefined;
  /** Our contract's check beyond the schema: every finding. */
  readonly checkContract?: (context: ContractContext) => Finding[];
  readonly schema?: SchemaOwnership;
}

/** Typed helper that keeps the literal id. */
export function defineRule<const Id extends string>(rule: RateRule<Id>): RateRule<Id> {
  return rule;
}

/**
 * Thrown by a platform check where the platform fails with a Java runtime exception (a
 * NullPointerException or NumberFormatException on the way): the named rule is reported, with
 * its outcome.
 */
export class PlatformFault extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

export { isRecord } from '@starspec/runtime';

/** Short description of a found value for messages; long strings are cut. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

// The code the platform's verdicts are read from.
export const AP = 'stellar/java-stellar-anchor-sdk 3.0 (49f9cbc8)';
export const VALIDATE = 'RestRateIntegration.validateRateResponse';
