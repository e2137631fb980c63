/**
 * The Anchor Platform's checks of an anchor's `GET /rate` answer
 * (RestRateIntegration.validateRateResponse, AP 2.11 and later). The platform
 * stops at the first failure and answers 502; here every violated rule is
 * listed, and a failure the platform turns into a 500 (non-numeric price,
 * unconfigured sell asset) is reported as a violation too.
 *
 * Two deliberate choices for "≈" (|actual − expected| < 10^-d, strict):
 * - d is the SELL asset's significant_decimals for every formula, even when the
 *   fee is in the buy asset. That is what the platform does; a stricter or
 *   looser check here would pass answers the platform rejects, or the reverse.
 * - The difference is computed and compared exactly in decimal. The platform
 *   converts it to a double first; the outcomes differ only when the
 *   difference is within one ulp of 10^-d.
 *
 * A fee in any asset other than the request's sell_asset (the buy asset, or
 * another configured asset) is checked with the buy-asset formula
 * sell_amount ≈ price × (buy_amount + fee.total), as the platform does.
 *
 * Where the contract says string, JSON numbers are violations (the platform's
 * JSON reader would coerce them).
 */
import Big from 'big.js';
import { type AssetConfig, defaultAssetConfig, significantDecimals } from './asset-config.js';
import { decimalPlaces, formatDecimal, parseDecimal, unitInLastPlace } from './decimal.js';
import type { components, operations } from './generated/types.js';

/** The query of the platform's GET /rate call. */
export type RateRequest = operations['getRate']['parameters']['query'];
export type RateFeeDetail = components['schemas']['RateFeeDetail'];
export type RateFee = components['schemas']['RateFee'];
export type Rate = components['schemas']['Rate'];
export type RateResponse = components['schemas']['RateResponse'];

export const RATE_RULES = [
  { id: 'rate.present', description: 'The body is an object with an object member `rate`.' },
  {
    id: 'rate.price.required',
    description: '`rate.price` is present (the platform checks nothing else about it).',
  },
  {
    id: 'rate.price.numeric',
    description: '`rate.price` is a decimal string (otherwise the platform fails with a 500).',
  },
  { id: 'rate.firm.id-required', description: 'For type=firm, `rate.id` is a non-empty string.' },
  { id: 'rate.firm.expires-at-required', description: 'For type=firm, `rate.expires_at` is present.' },
  {
    id: 'rate.firm.expires-at-format',
    description:
      '`rate.expires_at`, when present, is an ISO-8601 instant (RFC 3339 with Z or an offset). The platform parses it for every rate type.',
  },
  {
    id: 'rate.firm.expires-in-future',
    description:
      'Only with checkExpiry: for type=firm, `rate.expires_at` is later than now. The platform does not check this.',
  },
  {
    id: 'rate.firm.honours-expire-after',
    description:
      'Only with checkExpiry: for type=firm with `expire_after` in the request, `rate.expires_at` >= expire_after. The platform does not check this.',
  },
  { id: 'rate.sell-amount.positive', description: '`rate.sell_amount` is a decimal string greater than 0.' },
  { id: 'rate.buy-amount.positive', description: '`rate.buy_amount` is a decimal string greater than 0.' },
  {
    id: 'rate.sell-amount.decimals',
    description:
      "`rate.sell_amount` has at most the sell asset's significant_decimals digits after the point, trailing zeros ignored. Skipped when the asset is not configured.",
  },
  {
    id: 'rate.buy-amount.decimals',
    description:
      "`rate.buy_amount` has at most the buy asset's significant_decimals digits after the point, trailing zeros ignored. Skipped when the asset is not configured.",
  },
  {
    id: 'rate.sell-amount.matches-request',
    description:
      'When the request gave `sell_amount`, `rate.sell_amount` equals it numerically ("100" equals "100.00").',
  },
  {
    id: 'rate.buy-amount.matches-request',
    description:
      'When the request gave `buy_amount`, `rate.buy_amount` equals it numerically ("100" equals "100.00").',
  },
  {
    id: 'rate.sell-asset.configured',
    description:
      "The request's sell_asset is in the asset configuration: its significant_decimals set the formulas' tolerance (the platform fails with a 500 otherwise).",
  },
  { id: 'rate.fee.total-required', description: 'When `rate.fee` is present, `rate.fee.total` is present.' },
  { id: 'rate.fee.total-non-negative', description: '`rate.fee.total` is a decimal string >= 0.' },
  {
    id: 'rate.fee.zero-total-without-details',
    description: 'When `rate.fee.total` is 0, `rate.fee.details` is empty or absent.',
  },
  {
    id: 'rate.fee.asset-configured',
    description: '`rate.fee.asset` is an asset id in the asset configuration with significant_decimals > 0.',
  },
  {
    id: 'rate.fee.total-decimals',
    description:
      "`rate.fee.total` has at most the fee asset's significant_decimals digits after the point, trailing zeros ignored.",
  },
  {
    id: 'rate.fee.details.name-required',
    description: 'Each `rate.fee.details[].name` is a non-empty string.',
  },
  {
    id: 'rate.fee.details.amount-positive',
    description: 'Each `rate.fee.details[].amount` is a decimal string greater than 0.',
  },
  {
    id: 'rate.fee.details.amount-decimals',
    description:
      "Each `rate.fee.details[].amount` has at most the fee asset's significant_decimals digits after the point.",
  },
  {
    id: 'rate.fee.details.sum',
    description:
      '`rate.fee.details` is a list whose amounts sum to `rate.fee.total` exactly (an empty list with a non-zero total fails).',
  },
  {
    id: 'rate.formula.fee-in-sell-asset',
    description:
      "When `rate.fee.asset` is the request's sell_asset: sell_amount ≈ price × buy_amount + fee.total, within 10^-d (d = sell asset's significant_decimals, strict).",
  },
  {
    id: 'rate.formula.fee-in-buy-asset',
    description:
      "When `rate.fee.asset` is any other asset (the buy asset or another one): sell_amount ≈ price × (buy_amount + fee.total), within 10^-d (d = sell asset's significant_decimals, strict).",
  },
  {
    id: 'rate.formula.no-fee',
    description:
      "Without `rate.fee`: sell_amount ≈ price × buy_amount, within 10^-d (d = sell asset's significant_decimals, strict).",
  },
] as const satisfies readonly { id: string; description: string }[];

export type RuleId = (typeof RATE_RULES)[number]['id'];

export interface RateViolation {
  rule: RuleId;
  message: string;
  /** JSON pointer into the response, e.g. "/rate/fee/total". */
  path?: string;
}

export interface RateValidationResult {
  ok: boolean;
  violations: RateViolation[];
}

export interface ValidateRateOptions {
  /** Clock for checkExpiry; defaults to the current time. */
  now?: Date;
  /** Also check rate.firm.expires-in-future and rate.firm.honours-expire-after, which the platform does not. */
  checkExpiry?: boolean;
}

export interface ValidateRateInput extends ValidateRateOptions {
  request: RateRequest;
  /** The parsed JSON body; anything at all is tolerated. */
  response: unknown;
  /** Undefined: every well-formed asset id counts as configured with its scheme's default decimals. */
  assets?: AssetConfig;
}

export function validateRateResponse(input: ValidateRateInput): RateValidationResult {
  const { request, response } = input;
  const assets = input.assets ?? defaultAssetConfig();
  const violations: RateViolation[] = [];
  const fail = (rule: RuleId, message: string, path?: string): void => {
    violations.push(path === undefined ? { rule, message } : { rule, message, path });
  };
  const done = (): RateValidationResult => ({ ok: violations.length === 0, violations });

  if (!isRecord(response) || !isRecord(response.rate)) {
    const found = isRecord(response)
      ? `rate is ${describe(response.rate)}`
      : `the body is ${describe(response)}`;
    fail('rate.present', `expected a body {"rate": {...}}; ${found}`, '/rate');
    return done();
  }
  const rate = response.rate;

  // 1. price: the platform only checks presence; a non-decimal breaks its arithmetic.
  let price: Big | undefined;
  if (rate.price === undefined || rate.price === null) {
    fail('rate.price.required', `rate.price is required; found ${describe(rate.price)}`, '/rate/price');
  } else {
    price = parseDecimal(rate.price);
    if (price === undefined) {
      fail(
        'rate.price.numeric',
        `rate.price must be a decimal string; found ${describe(rate.price)}`,
        '/rate/price',
      );
    }
  }

  // 2. firm quotes need an id and an expiry; expires_at must parse whatever the type.
  const firm = request.type === 'firm';
  if (firm && (typeof rate.id !== 'string' || rate.id === '')) {
    fail(
      'rate.firm.id-required',
      `rate.id must be a non-empty string for a firm rate; found ${describe(rate.id)}`,
      '/rate/id',
    );
  }
  let expiresAt: bigint | undefined;
  if (rate.expires_at === undefined || rate.expires_at === null) {
    if (firm) {
      fail(
        'rate.firm.expires-at-required',
        `rate.expires_at is required for a firm rate; found ${describe(rate.expires_at)}`,
        '/rate/expires_at',
      );
    }
  } else {
    expiresAt = typeof rate.expires_at === 'string' ? parseInstant(rate.expires_at) : undefined;
    if (expiresAt === undefined) {
      fail(
        'rate.firm.expires-at-format',
        `rate.expires_at must be an ISO-8601 instant such as "2026-05-05T12:00:00Z" or with an offset; found ${describe(rate.expires_at)}`,
        '/rate/expires_at',
      );
    }
  }
  if (input.checkExpiry === true && firm && expiresAt !== undefined) {
    checkExpiry(input, request, expiresAt, fail);
  }

  // 3-5. amounts: positive, within the asset's decimals, echoing the request.
  const sellDecimals = significantDecimals(assets, request.sell_asset);
  const buyDecimals = significantDecimals(assets, request.buy_asset);
  const sell = positiveDecimal(
    rate.sell_amount,
    'rate.sell-amount.positive',
    'rate.sell_amount',
    '/rate/sell_amount',
    fail,
  );
  const buy = positiveDecimal(
    rate.buy_amount,
    'rate.buy-amount.positive',
    'rate.buy_amount',
    '/rate/buy_amount',
    fail,
  );
  if (sell !== undefined) {
    checkDecimals(
      sell,
      sellDecimals,
      request.sell_asset,
      'rate.sell-amount.decimals',
      'rate.sell_amount',
      '/rate/sell_amount',
      fail,
    );
    checkEcho(sell, request.sell_amount, 'rate.sell-amount.matches-request', 'sell_amount', fail);
  }
  if (buy !== undefined) {
    checkDecimals(
      buy,
      buyDecimals,
      request.buy_asset,
      'rate.buy-amount.decimals',
      'rate.buy_amount',
      '/rate/buy_amount',
      fail,
    );
    checkEcho(buy, request.buy_amount, 'rate.buy-amount.matches-request', 'buy_amount', fail);
  }
  if (sellDecimals === undefined) {
    fail(
      'rate.sell-asset.configured',
      `the request's sell_asset ${JSON.stringify(request.sell_asset)} is not in the asset configuration, so the rounding tolerance (10^-significant_decimals) is unknown`,
    );
  }

  // 6-7. fee and formulas.
  const formula = (rule: RuleId, expected: Big, shown: string): void => {
    if (sell === undefined || sellDecimals === undefined) return;
    const tolerance = unitInLastPlace(sellDecimals);
    const difference = sell.minus(expected).abs();
    if (!difference.lt(tolerance)) {
      fail(
        rule,
        `rate.sell_amount ${formatDecimal(sell)} must be within ${formatDecimal(tolerance)} (10^-${sellDecimals}, from sell asset ${request.sell_asset}) of ${shown} = ${formatDecimal(expected)}; the difference is ${formatDecimal(difference)}`,
        '/rate/sell_amount',
      );
    }
  };

  if (rate.fee === undefined || rate.fee === null) {
    if (price !== undefined && buy !== undefined) {
      formula(
        'rate.formula.no-fee',
        price.times(buy),
        `price × buy_amount = ${formatDecimal(price)} × ${formatDecimal(buy)}`,
      );
    }
    return done();
  }

  // A fee that is not an object has none of its members.
  const fee: Record<string, unknown> = isRecord(rate.fee) ? rate.fee : {};
  const feeNote = isRecord(rate.fee) ? '' : ` (rate.fee is ${describe(rate.fee)})`;

  let total: Big | undefined;
  if (fee.total === undefined || fee.total === null) {
    fail(
      'rate.fee.total-required',
      `rate.fee.total is required when rate.fee is present; found ${describe(fee.total)}${feeNote}`,
      '/rate/fee/total',
    );
  } else {
    total = parseDecimal(fee.total);
    if (total === undefined || total.lt(0)) {
      fail(
        'rate.fee.total-non-negative',
        `rate.fee.total must be a decimal string >= 0; found ${describe(fee.total)}`,
        '/rate/fee/total',
      );
    }
  }

  const feeAsset = typeof fee.asset === 'string' ? fee.asset : undefined;
  const feeDecimals = feeAsset === undefined ? undefined : significantDecimals(assets, feeAsset);
  if (feeAsset === undefined) {
    fail(
      'rate.fee.asset-configured',
      `rate.fee.asset must be a configured asset id; found ${describe(fee.asset)}${feeNote}`,
      '/rate/fee/asset',
    );
  } else if (feeDecimals === undefined) {
    fail(
      'rate.fee.asset-configured',
      `rate.fee.asset ${JSON.stringify(feeAsset)} is not in the asset configuration`,
      '/rate/fee/asset',
    );
  } else if (feeDecimals <= 0) {
    fail(
      'rate.fee.asset-configured',
      `rate.fee.asset ${JSON.stringify(feeAsset)} must have significant_decimals > 0 in the asset configuration; it has ${feeDecimals}`,
      '/rate/fee/asset',
    );
  }
  if (total !== undefined) {
    checkDecimals(
      total,
      feeDecimals,
      feeAsset ?? '',
      'rate.fee.total-decimals',
      'rate.fee.total',
      '/rate/fee/total',
      fail,
    );
  }

  if (price !== undefined && buy !== undefined && total !== undefined && feeAsset !== undefined) {
    if (feeAsset === request.sell_asset) {
      formula(
        'rate.formula.fee-in-sell-asset',
        price.times(buy).plus(total),
        `price × buy_amount + fee.total = ${formatDecimal(price)} × ${formatDecimal(buy)} + ${formatDecimal(total)}`,
      );
    } else {
      formula(
        'rate.formula.fee-in-buy-asset',
        price.times(buy.plus(total)),
        `price × (buy_amount + fee.total) = ${formatDecimal(price)} × (${formatDecimal(buy)} + ${formatDecimal(total)})`,
      );
    }
  }

  if (fee.details !== undefined && fee.details !== null) {
    checkDetails(fee.details, total, feeDecimals, feeAsset ?? '', fail);
  }
  return done();
}

/** One human string for the 502 body's `error`, naming every failed rule id. Empty for no violations. */
export function rateErrorMessage(violations: readonly RateViolation[]): string {
  if (violations.length === 0) return '';
  const rules = [...new Set(violations.map((v) => v.rule))];
  return `the anchor's GET /rate response failed validation (${rules.join(', ')}): ${violations.map((v) => v.message).join('; ')}`;
}

type Fail = (rule: RuleId, message: string, path?: string) => void;

const ZERO = new Big(0);

function positiveDecimal(
  value: unknown,
  rule: RuleId,
  name: string,
  path: string,
  fail: Fail,
): Big | undefined {
  const parsed = parseDecimal(value);
  if (parsed === undefined) {
    fail(rule, `${name} must be a decimal string greater than 0; found ${describe(value)}`, path);
  } else if (!parsed.gt(0)) {
    fail(rule, `${name} must be greater than 0; found ${describe(value)}`, path);
  }
  // Returned even when not positive: the later checks can still be evaluated.
  return parsed;
}

function checkDecimals(
  value: Big,
  maxPlaces: number | undefined,
  assetId: string,
  rule: RuleId,
  name: string,
  path: string,
  fail: Fail,
): void {
  if (maxPlaces === undefined) return; // asset not configured: the platform skips the check
  const places = decimalPlaces(value);
  if (places > maxPlaces) {
    fail(
      rule,
      `${name} may have at most ${maxPlaces} decimal places (significant_decimals of ${assetId}); found ${formatDecimal(value)} with ${places}`,
      path,
    );
  }
}

function checkEcho(actual: Big, requested: string | undefined, rule: RuleId, name: string, fail: Fail): void {
  // A request amount that is not a decimal is the caller's bug, not the anchor's: nothing to compare.
  const wanted = parseDecimal(requested);
  if (wanted === undefined || actual.eq(wanted)) return;
  fail(
    rule,
    `rate.${name} must equal the requested ${name} ${requested}; found ${formatDecimal(actual)}`,
    `/rate/${name}`,
  );
}

function checkDetails(
  details: unknown,
  total: Big | undefined,
  feeDecimals: number | undefined,
  feeAsset: string,
  fail: Fail,
): void {
  if (!Array.isArray(details)) {
    fail(
      'rate.fee.details.sum',
      `rate.fee.details must be a list of {name, amount}; found ${describe(details)}`,
      '/rate/fee/details',
    );
    return;
  }
  if (total?.eq(0) && details.length > 0) {
    fail(
      'rate.fee.zero-total-without-details',
      `rate.fee.details must be empty or absent when rate.fee.total is 0; found ${details.length} item(s)`,
      '/rate/fee/details',
    );
  }
  let sum: Big | undefined = ZERO;
  for (const [index, item] of details.entries()) {
    const entry: Record<string, unknown> = isRecord(item) ? item : {};
    const at = `/rate/fee/details/${index}`;
    const name = `rate.fee.details[${index}]`;
    if (typeof entry.name !== 'string' || entry.name === '') {
      fail(
        'rate.fee.details.name-required',
        `${name}.name must be a non-empty string; found ${describe(entry.name)}`,
        `${at}/name`,
      );
    }
    const amount = positiveDecimal(
      entry.amount,
      'rate.fee.details.amount-positive',
      `${name}.amount`,
      `${at}/amount`,
      fail,
    );
    if (amount === undefined) {
      sum = undefined; // one unreadable amount makes the sum meaningless
      continue;
    }
    checkDecimals(
      amount,
      feeDecimals,
      feeAsset,
      'rate.fee.details.amount-decimals',
      `${name}.amount`,
      `${at}/amount`,
      fail,
    );
    sum = sum?.plus(amount);
  }
  if (sum !== undefined && total !== undefined && !sum.eq(total)) {
    fail(
      'rate.fee.details.sum',
      `the amounts of rate.fee.details must sum to rate.fee.total ${formatDecimal(total)}; they sum to ${formatDecimal(sum)}`,
      '/rate/fee/details',
    );
  }
}

function checkExpiry(
  options: ValidateRateOptions,
  request: RateRequest,
  expiresAt: bigint,
  fail: Fail,
): void {
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('validateRateResponse: `now` is an invalid Date');
  if (expiresAt <= BigInt(nowMs) * 1_000_000n) {
    fail(
      'rate.firm.expires-in-future',
      `rate.expires_at must be later than now (${now.toISOString()})`,
      '/rate/expires_at',
    );
  }
  // An unreadable expire_after is the caller's problem: nothing to compare.
  const wanted = typeof request.expire_after === 'string' ? parseInstant(request.expire_after) : undefined;
  if (wanted !== undefined && expiresAt < wanted) {
    fail(
      'rate.firm.honours-expire-after',
      `rate.expires_at must be on or after the requested expire_after ${request.expire_after}`,
      '/rate/expires_at',
    );
  }
}

// RFC 3339 date-time with Z or a ±hh:mm offset, as java.time's ISO_INSTANT reads it (upper-case T and Z, up to 9 fraction digits).
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Nanoseconds since the epoch, or undefined when not an instant. */
function parseInstant(text: string): bigint | undefined {
  const m = INSTANT.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetSeconds = 0;
  if (m[8] !== undefined) {
    const offsetHours = Number(m[9]);
    const offsetMinutes = Number(m[10]);
    if (offsetHours > 18 || offsetMinutes > 59 || offsetHours * 60 + offsetMinutes > 18 * 60)
      return undefined;
    offsetSeconds = (m[8] === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const nanos = BigInt((m[7] ?? '').padEnd(9, '0'));
  return (BigInt(date.getTime()) - BigInt(offsetSeconds) * 1000n) * 1_000_000n + nanos;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Short description of a found value for messages; long strings are cut. */
function describe(value: unknown): string {
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
