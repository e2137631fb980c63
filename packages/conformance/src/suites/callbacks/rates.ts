/**
 * GET /rate: indicative and firm, by sell_amount and by buy_amount, with each delivery method of
 * the asset configuration; firm quotes (id, expiry, expire_after); and every validation rule the
 * platform applies to an answer (the rules code of @starspec/callbacks).
 */
import {
  RATE_RULES,
  type RateRequest,
  type RuleId,
  significantDecimals,
  validateRateResponse,
} from '@starspec/callbacks';
import { CheckFailure, type Evidence, evidenceOf, skip } from '../../model.js';
import type { CheckDefinition, Recorder } from '../../runner.js';
import { type Answer, type CallbacksState, call, isRecord, type Pair } from './state.js';

export interface RateAsk {
  type: 'indicative' | 'firm';
  /** Which amount the request gives. */
  side: 'sell' | 'buy';
  pair: Pair;
  method?: { kind: 'sell' | 'buy'; name: string };
  expireAfter?: string;
  /** Amounts to try in turn while the anchor declines (400); default: the suite's ladder. */
  amounts?: readonly string[];
}

export interface RateOutcome {
  ask: RateAsk;
  query: RateRequest;
  answer: Answer;
  /** Every request made, the last one being `answer`. */
  attempts: { query: RateRequest; answer: Answer }[];
  /** The anchor answered 200. */
  priced: boolean;
}

/** An off-chain asset available in two or more countries: the platform sends country_code. */
function countryCode(state: CallbacksState, pair: Pair): string | undefined {
  for (const id of [pair.sell, pair.buy]) {
    const codes = state.sep38.get(id)?.countryCodes ?? [];
    if (codes.length >= 2) return codes[0];
  }
  return undefined;
}

export function rateQuery(state: CallbacksState, ask: RateAsk, amount: string): RateRequest {
  const query: RateRequest = { type: ask.type, sell_asset: ask.pair.sell, buy_asset: ask.pair.buy };
  if (ask.side === 'sell') query.sell_amount = amount;
  else query.buy_amount = amount;
  if (ask.type === 'firm') query.client_id = state.clientId;
  const country = countryCode(state, ask.pair);
  if (country !== undefined) query.country_code = country;
  if (ask.method?.kind === 'sell') query.sell_delivery_method = ask.method.name;
  if (ask.method?.kind === 'buy') query.buy_delivery_method = ask.method.name;
  if (ask.expireAfter !== undefined) query.expire_after = ask.expireAfter;
  return query;
}

/** Asks for a rate, trying larger amounts while the anchor declines with 400. */
export async function askRate(state: CallbacksState, recorder: Recorder, ask: RateAsk): Promise<RateOutcome> {
  const attempts: RateOutcome['attempts'] = [];
  for (const amount of ask.amounts ?? state.amounts) {
    const query = rateQuery(state, ask, amount);
    const answer = await call(state, recorder, 'getRate', {
      path: '/rate',
      query: query as Record<string, string | undefined>,
    });
    attempts.push({ query, answer });
    if (answer.status !== 400) break;
  }
  const last = attempts[attempts.length - 1] as RateOutcome['attempts'][number];
  return { ask, query: last.query, answer: last.answer, attempts, priced: last.answer.status === 200 };
}

const probe = (state: CallbacksState, t: Recorder, key: string, ask: RateAsk) =>
  state.probes.use(t, `rate:${key}`, (r) => askRate(state, r, ask));

export const indicative = (state: CallbacksState, t: Recorder, side: 'sell' | 'buy') =>
  probe(state, t, `indicative:${side}`, { type: 'indicative', side, pair: state.pair });

export const firm = (state: CallbacksState, t: Recorder, side: 'sell' | 'buy') =>
  probe(state, t, `firm:${side}`, { type: 'firm', side, pair: state.pair });

/** Every configured delivery method, each with a pair it can be used on. */
export function deliveryMethodAsks(state: CallbacksState): RateAsk[] {
  const asks: RateAsk[] = [];
  const assets = [...state.sep38.values()];
  for (const asset of assets) {
    const partner = asset.exchangeable[0];
    if (partner === undefined) continue;
    for (const name of asset.sellMethods) {
      asks.push({
        type: 'indicative',
        side: 'sell',
        pair: { sell: asset.id, buy: partner },
        method: { kind: 'sell', name },
      });
    }
  }
  for (const asset of assets) {
    const seller = assets.find((a) => a.id !== asset.id && a.exchangeable.includes(asset.id))?.id;
    const sell = seller ?? asset.exchangeable[0];
    if (sell === undefined) continue;
    for (const name of asset.buyMethods) {
      asks.push({
        type: 'indicative',
        side: 'sell',
        pair: { sell, buy: asset.id },
        method: { kind: 'buy', name },
      });
    }
  }
  return asks;
}

const methodKey = (ask: RateAsk) =>
  `method:${ask.method?.kind}:${ask.method?.name}:${ask.pair.sell}:${ask.pair.buy}`;

async function deliveryMethods(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const out: RateOutcome[] = [];
  for (const ask of deliveryMethodAsks(state)) out.push(await probe(state, t, methodKey(ask), ask));
  return out;
}

/** An ISO 8601 instant with second precision. */
const instant = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** Firm quotes with expire_after an hour and 400 days ahead, once a firm quote was priced. */
async function expireAfter(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const base = await firm(state, t, 'sell');
  if (!base.priced) return [];
  const amount = base.query.sell_amount as string;
  const out: RateOutcome[] = [];
  for (const [key, ahead] of [
    ['hour', 3600_000],
    ['400-days', 400 * 86_400_000],
  ] as const) {
    out.push(
      await state.probes.use(t, `rate:firm:expire-after:${key}`, (r) =>
        askRate(state, r, {
          type: 'firm',
          side: 'sell',
          pair: state.pair,
          expireAfter: instant(Date.now() + ahead),
          amounts: [amount],
        }),
      ),
    );
  }
  return out;
}

function describeAsk(ask: RateAsk): string {
  const method = ask.method ? ` with ${ask.method.kind}_delivery_method=${ask.method.name}` : '';
  return `${ask.type === 'firm' ? 'a firm quote' : 'an indicative rate'} for ${ask.pair.sell} → ${ask.pair.buy} by ${ask.side}_amount${method}`;
}

function answerText(answer: Answer): string {
  const error =
    isRecord(answer.body) && typeof answer.body.error === 'string' ? `: ${answer.body.error}` : '';
  return `${answer.status}${error}`;
}

/** Fails (or, for a firm quote without --client-id, skips) unless the anchor priced the request. */
function requirePriced(state: CallbacksState, outcome: RateOutcome): void {
  if (outcome.priced) return;
  const { ask, attempts } = outcome;
  const declined = attempts.every((a) => a.answer.status === 400);
  if (declined && ask.type === 'firm' && !state.clientIdGiven) {
    skip(
      `the anchor declined a firm quote for the placeholder client_id ${state.clientId} (${answerText(outcome.answer)}); give --client-id of a client it knows to check firm quotes`,
    );
  }
  const pairNote = state.assetsGiven
    ? 'the pair is exchangeable in the asset configuration'
    : 'the pair is the suite’s default (name one with --assets, or --sell-asset and --buy-asset)';
  const expected = `200 with a rate: ${pairNote}; the amounts ${attempts
    .map((a) => a.query.sell_amount ?? a.query.buy_amount)
    .join(', ')} were tried (another can be given with --amount)`;
  throw new CheckFailure(
    `the anchor did not price ${describeAsk(ask)}`,
    attempts.map((a) => evidenceOf(a.answer.exchange, expected, answerText(a.answer))),
  );
}

function rateOf(body: unknown): Record<string, unknown> | undefined {
  return isRecord(body) && isRecord(body.rate) ? body.rate : undefined;
}

/** The firm quotes priced: by sell and by buy amount, and with expire_after. Skips when none was. */
async function firmQuotes(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const bySell = await firm(state, t, 'sell');
  if (!bySell.priced) {
    skip(`no firm quote was priced (${answerText(bySell.answer)}; see rate.firm.by-sell-amount)`);
  }
  const byBuy = await firm(state, t, 'buy');
  return [bySell, ...(byBuy.priced ? [byBuy] : []), ...(await expireAfter(state, t)).filter((o) => o.priced)];
}

/** Evidence of each violation of one rule, over the given answers. */
function violations(
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

const NOT_APPLICABLE: Partial<Record<RuleId, string>> = {
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

/** Every rate the anchor priced during the run. */
async function everyPricedRate(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const outcomes = [
    await indicative(state, t, 'sell'),
    await indicative(state, t, 'buy'),
    await firm(state, t, 'sell'),
    await firm(state, t, 'buy'),
    ...(await deliveryMethods(state, t)),
    ...(await expireAfter(state, t)),
  ];
  return outcomes.filter((o) => o.priced);
}

const RULE_DESCRIPTION = new Map<string, string>(RATE_RULES.map((r) => [r.id, r.description]));

function firmRuleCheck(id: string, title: string, rule: RuleId): CheckDefinition<CallbacksState> {
  return {
    id,
    title,
    needsBehaviour: 'firm quotes computed for the request',
    async run(state, t) {
      const quotes = await firmQuotes(state, t);
      const { evidence, applicable } = violations(state, quotes, rule, RULE_DESCRIPTION.get(rule) ?? title);
      if (evidence.length > 0) throw new CheckFailure(evidence[0]?.found ?? title, evidence);
      if (applicable === 0) skip('no firm quote the rule applies to was priced');
      t.note(`held in ${applicable} firm quote(s)`);
    },
  };
}

// Rules of @starspec/callbacks this suite has no broken back-end for yet (whole-body reading,
// the platform's arithmetic limits and the quote table): they are not checks here.
const NOT_YET_CHECKED: ReadonlySet<RuleId> = new Set<RuleId>([
  'rate.body.present',
  'rate.body.json',
  'rate.fee.details.item-present',
  'rate.total-price.computable',
  'rate.firm.id-length',
  'rate.firm.quote-storable',
  'rate.numbers.in-range',
  'rate.numbers.bounded',
]);

const FIRM_RULES: readonly RuleId[] = [
  'rate.firm.id-required',
  'rate.firm.expires-at-required',
  'rate.firm.expires-in-future',
  'rate.firm.honours-expire-after',
];

function pricedCheck(
  id: string,
  title: string,
  get: (state: CallbacksState, t: Recorder) => Promise<RateOutcome>,
): CheckDefinition<CallbacksState> {
  return {
    id,
    title,
    async run(state, t) {
      const outcome = await get(state, t);
      requirePriced(state, outcome);
      t.note(`priced ${outcome.query.sell_amount ?? outcome.query.buy_amount}`);
    },
  };
}

export const rateChecks: CheckDefinition<CallbacksState>[] = [
  pricedCheck('rate.indicative.by-sell-amount', 'An indicative rate by sell_amount is priced (200)', (s, t) =>
    indicative(s, t, 'sell'),
  ),
  pricedCheck('rate.indicative.by-buy-amount', 'An indicative rate by buy_amount is priced (200)', (s, t) =>
    indicative(s, t, 'buy'),
  ),
  pricedCheck('rate.firm.by-sell-amount', 'A firm quote by sell_amount is priced (200)', (s, t) =>
    firm(s, t, 'sell'),
  ),
  pricedCheck('rate.firm.by-buy-amount', 'A firm quote by buy_amount is priced (200)', (s, t) =>
    firm(s, t, 'buy'),
  ),
  {
    id: 'rate.delivery-methods',
    title: 'A rate is priced with each delivery method of the asset configuration',
    async run(state, t) {
      const asks = deliveryMethodAsks(state);
      if (asks.length === 0) {
        skip(
          state.assetsGiven
            ? 'the asset configuration lists no sell_delivery_methods or buy_delivery_methods'
            : 'the delivery methods come from the asset configuration: give it with --assets',
        );
      }
      const outcomes = await deliveryMethods(state, t);
      for (const outcome of outcomes) requirePriced(state, outcome);
      t.note(`${outcomes.length} delivery method(s) priced`);
    },
  },
  firmRuleCheck('rate.firm.has-id', 'A firm quote has an `id`', 'rate.firm.id-required'),
  firmRuleCheck('rate.firm.has-expiry', 'A firm quote has an `expires_at`', 'rate.firm.expires-at-required'),
  firmRuleCheck(
    'rate.firm.expires-in-future',
    'A firm quote’s `expires_at` is in the future',
    'rate.firm.expires-in-future',
  ),
  {
    id: 'rate.firm.unique-ids',
    title: 'Every firm quote gets its own `id`',
    needsBehaviour: 'firm quotes computed for the request',
    async run(state, t) {
      const quotes = (await firmQuotes(state, t)).filter(
        (o) => typeof rateOf(o.answer.body)?.id === 'string',
      );
      if (quotes.length < 2) skip('fewer than two firm quotes with an id were priced');
      const seen = new Map<string, RateOutcome>();
      for (const quote of quotes) {
        const id = rateOf(quote.answer.body)?.id as string;
        const earlier = seen.get(id);
        if (earlier) {
          throw new CheckFailure(`two firm quotes have the id ${JSON.stringify(id)}`, [
            evidenceOf(
              earlier.answer.exchange,
              'a new id for every firm quote',
              `the id ${JSON.stringify(id)}`,
            ),
            evidenceOf(
              quote.answer.exchange,
              'a new id for every firm quote (the platform stores quotes by id: a repeated id overwrites the earlier quote)',
              `the same id ${JSON.stringify(id)} again`,
            ),
          ]);
        }
        seen.set(id, quote);
      }
      t.note(`${quotes.length} distinct ids`);
    },
  },
  {
    id: 'rate.firm.honours-expire-after',
    title: 'A firm quote asked with `expire_after` expires on or after it, or the anchor answers 400',
    needsBehaviour: 'firm quotes computed for the request',
    async run(state, t) {
      await firmQuotes(state, t);
      const asked = await expireAfter(state, t);
      const unexpected = asked.filter((o) => o.answer.status !== 200 && o.answer.status !== 400);
      if (unexpected.length > 0) {
        throw new CheckFailure(
          `a firm quote with expire_after was answered ${unexpected[0]?.answer.status}`,
          unexpected.map((o) =>
            evidenceOf(
              o.answer.exchange,
              'a firm quote expiring on or after expire_after, or 400 {error} when the anchor cannot keep it that long',
              answerText(o.answer),
            ),
          ),
        );
      }
      const priced = asked.filter((o) => o.priced);
      const { evidence } = violations(
        state,
        priced,
        'rate.firm.honours-expire-after',
        '`expires_at` on or after the requested `expire_after` (or 400 {error} when the anchor cannot keep the quote that long)',
      );
      if (evidence.length > 0)
        throw new CheckFailure(evidence[0]?.found ?? 'expire_after not honoured', evidence);
      t.note(
        asked
          .map((o) => `expire_after ${o.query.expire_after}: ${o.priced ? 'honoured' : 'declined (400)'}`)
          .join('; '),
      );
    },
  },
  ...RATE_RULES.filter((r) => !FIRM_RULES.includes(r.id) && !NOT_YET_CHECKED.has(r.id)).map(
    (rule): CheckDefinition<CallbacksState> => ({
      id: `platform.${rule.id}`,
      title: `Platform rule: ${rule.description}`,
      needsBehaviour: 'rates computed for the request',
      async run(state, t) {
        const priced = await everyPricedRate(state, t);
        if (priced.length === 0) skip('the anchor priced no rate (see rate.indicative.by-sell-amount)');
        const { evidence, applicable } = violations(
          state,
          priced,
          rule.id,
          `${rule.description} (${rule.id})`,
        );
        if (evidence.length > 0) {
          throw new CheckFailure(
            `${evidence.length} answer(s) break ${rule.id}: ${evidence[0]?.found}`,
            evidence,
          );
        }
        if (applicable === 0) skip(NOT_APPLICABLE[rule.id] ?? 'no answer to apply it to');
        t.note(`held in ${applicable} of ${priced.length} answers`);
      },
    }),
  ),
];
