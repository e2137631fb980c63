// A firm rate's id and expiry; the expiry checks only our contract makes (with checkExpiry).
import { contractInstant } from '../contract-values.js';
import { AP, defineRule, describe, VALIDATE } from '../types.js';

export const firmIdRequired = defineRule({
  id: 'rate.firm.id-required',
  path: '/rate/id',
  description:
    'For type=firm, `rate.id` is present: a non-empty string (the contract); the platform refuses only a missing or null id.',
  appliesWhen: 'the request was type=firm (and, for the contract, whenever `rate.id` is present)',
  applies: (f) => f.firm,
  platform: { outcome: '502', stage: 'validate', source: `${AP}: ${VALIDATE} (rate.getId() == null)` },
  contract: 'callbacks contract: Rate.id is a string, minLength 1, required for firm',
  schema: { path: /^\/rate\/id$/ },
  checkPlatform: ({ firm, rate }) =>
    firm && rate.id === null ? 'rate.id is required for a firm rate; found nothing or null' : undefined,
  checkContract: ({ firm, rate }) =>
    firm && rate.id === undefined
      ? [{ message: 'rate.id is required for a firm rate; found nothing', path: '/rate/id' }]
      : [],
});

export const firmExpiresAtRequired = defineRule({
  id: 'rate.firm.expires-at-required',
  path: '/rate/expires_at',
  description: 'For type=firm, `rate.expires_at` is present and not null.',
  appliesWhen: 'the request was type=firm',
  applies: (f) => f.firm,
  platform: {
    outcome: '502',
    stage: 'validate',
    source: `${AP}: ${VALIDATE} (rate.getExpiresAt() == null)`,
  },
  contract: 'callbacks contract: Rate.expires_at is required for firm',
  checkPlatform: ({ firm, rate }) =>
    firm && rate.expiresAt === null
      ? 'rate.expires_at is required for a firm rate; found nothing or null'
      : undefined,
  checkContract: ({ firm, rate }) =>
    firm && (rate.expires_at === undefined || rate.expires_at === null)
      ? [
          {
            message: `rate.expires_at is required for a firm rate; found ${describe(rate.expires_at)}`,
            path: '/rate/expires_at',
          },
        ]
      : [],
});

export const firmExpiresInFuture = defineRule({
  id: 'rate.firm.expires-in-future',
  description:
    'Only with checkExpiry: for type=firm, `rate.expires_at` is later than now. The platform does not check this.',
  appliesWhen: 'checkExpiry, type=firm, and `rate.expires_at` names an instant',
  applies: (f) => f.checkExpiry && f.firm && f.expiresAt,
  platform: null,
  contract: 'SEP-38: a firm quote is honoured until expires_at, so it must not be over already',
  checkContract: ({ checkExpiry, firm, rate, now }) => {
    const expires = contractInstant(rate.expires_at);
    if (!checkExpiry || !firm || expires === undefined) return [];
    const nowNanos = BigInt(now.getTime()) * 1_000_000n;
    return expires > nowNanos
      ? []
      : [
          {
            message: `rate.expires_at must be later than now (${now.toISOString()})`,
            path: '/rate/expires_at',
          },
        ];
  },
});

export const firmHonoursExpireAfter = defineRule({
  id: 'rate.firm.honours-expire-after',
  description:
    'Only with checkExpiry: for type=firm with `expire_after` in the request, `rate.expires_at` >= expire_after. The platform does not check this.',
  appliesWhen: 'checkExpiry, type=firm, `expire_after` requested, and `rate.expires_at` names an instant',
  applies: (f) => f.checkExpiry && f.firm && f.requestedExpireAfter && f.expiresAt,
  platform: null,
  contract: 'SEP-38 POST /quote: expires_at is on or after the requested expire_after',
  checkContract: ({ checkExpiry, firm, rate, request }) => {
    const expires = contractInstant(rate.expires_at);
    // An unreadable expire_after is the caller's problem: nothing to compare.
    const wanted = contractInstant(request.expire_after);
    if (!checkExpiry || !firm || expires === undefined || wanted === undefined || expires >= wanted)
      return [];
    return [
      {
        message: `rate.expires_at must be on or after the requested expire_after ${request.expire_after}`,
        path: '/rate/expires_at',
      },
    ];
  },
});
