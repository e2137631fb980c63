// The body as a whole: present, readable, with a rate and a price; and Java's number limits.
import { MAX_EXACT_DIGITS } from '../java-decimal.js';
import { AP, defineRule, describe, VALIDATE } from '../types.js';

const always = () => true;

export const bodyPresent = defineRule({
  id: 'rate.body.present',
  description: 'The body is a JSON object, not empty and not `null`.',
  appliesWhen: 'always',
  applies: always,
  platform: {
    outcome: '500',
    stage: 'parse',
    source: `${AP}: Gson.fromJson answers null for an empty body or \`null\`; ${VALIDATE} then fails on it (NullPointerException)`,
  },
  contract: 'callbacks contract: getRate 200 has a RateResponse body',
});

export const bodyJson = defineRule({
  id: 'rate.body.json',
  description:
    "The body is JSON (RFC 8259) shaped as the contract's RateResponse: `rate` and `rate.fee` objects, `fee.details` a list, every member of the type the schema gives.",
  appliesWhen: 'always',
  applies: always,
  platform: {
    outcome: '502',
    stage: 'parse',
    source: `${AP}: RestRateIntegration.getRate turns any Gson failure into ServerErrorException. Gson reads lenient JSON (comments, unquoted or single-quoted strings, \`;\` separators, empty list slots) and takes a number or boolean where a string is expected, but not an object or a list, nor anything after the value`,
  },
  contract: 'callbacks contract: RateResponse schema',
});

export const expiresAtFormat = defineRule({
  id: 'rate.firm.expires-at-format',
  path: '/rate/expires_at',
  description:
    "`rate.expires_at`, when present, is an RFC 3339 date-time string (the contract); the platform reads any rate type's `expires_at` with DateTimeFormatter.ISO_INSTANT.",
  appliesWhen: '`rate.expires_at` is present and not null',
  applies: (f) => f.expiresAt,
  platform: {
    outcome: '502',
    stage: 'parse',
    source: `${AP}: GsonUtils' InstantConverter (ISO_INSTANT.parse of JsonElement.getAsString()), inside Gson.fromJson`,
  },
  contract: 'callbacks contract: Rate.expires_at is a string, format date-time',
  schema: { path: /^\/rate\/expires_at$/ },
});

export const ratePresent = defineRule({
  id: 'rate.present',
  path: '/rate',
  description: 'The body is an object with an object member `rate`.',
  appliesWhen: 'always',
  applies: always,
  platform: { outcome: '502', stage: 'validate', source: `${AP}: ${VALIDATE} (rate == null)` },
  contract: 'callbacks contract: RateResponse requires rate, an object',
  schema: { path: /^(\/rate)?$/ },
});

export const priceRequired = defineRule({
  id: 'rate.price.required',
  path: '/rate/price',
  description: '`rate.price` is present and not null.',
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: { outcome: '502', stage: 'validate', source: `${AP}: ${VALIDATE} (rate.getPrice() == null)` },
  contract: 'callbacks contract: Rate requires price',
  schema: { path: /^\/rate\/price$/, required: true },
  checkPlatform: ({ rate }) =>
    rate.price === null ? `rate.price is required; found ${describe(rate.price)}` : undefined,
});

export const numbersInRange = defineRule({
  id: 'rate.numbers.in-range',
  description:
    "The numbers stay within java.math.BigDecimal's 32-bit scale when the platform computes with them (an exponent such as 1e2147483647 does not).",
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: {
    outcome: '500',
    stage: 'validate',
    source: `${AP}: BigDecimal.stripTrailingZeros, add and multiply throw ArithmeticException past a 32-bit scale`,
  },
  contract: null,
});

export const numbersBounded = defineRule({
  id: 'rate.numbers.bounded',
  description: `The platform's arithmetic on the answer needs at most ${MAX_EXACT_DIGITS} digits (no operand longer, no exponents so far apart that aligning them adds more).`,
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: { outcome: '502', stage: 'validate', source: 'this model of the platform (see deviation)' },
  contract: null,
  deviation: `Beyond ${MAX_EXACT_DIGITS} digits we refuse the answer (502) instead of computing: the Anchor Platform computes with java.math.BigDecimal for as long as it takes (an exponent of 1e9 costs minutes of CPU and hundreds of MB), and fails with a 500 once a power of ten passes BigInteger's range (about 5.4e8 digits). Real amounts have under 40 digits.`,
});
