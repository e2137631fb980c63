/**
 * The GET /rate requests of the rate checks, as the platform makes them: indicative and firm, by
 * sell_amount and by buy_amount, with each delivery method of the asset configuration, and firm
 * quotes with expire_after. Each is made once per run and shared by the checks that look at it.
 */
import type { RateRequest } from '@starspec/callbacks';
import { CheckFailure, evidenceOf, skip } from '../../model.js';
import type { Recorder } from '../../runner.js';
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

export async function deliveryMethods(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const out: RateOutcome[] = [];
  for (const ask of deliveryMethodAsks(state)) out.push(await probe(state, t, methodKey(ask), ask));
  return out;
}

/** An ISO 8601 instant with second precision. */
const instant = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** Firm quotes with expire_after an hour and 400 days ahead, once a firm quote was priced. */
export async function expireAfter(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
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

export function describeAsk(ask: RateAsk): string {
  const method = ask.method ? ` with ${ask.method.kind}_delivery_method=${ask.method.name}` : '';
  return `${ask.type === 'firm' ? 'a firm quote' : 'an indicative rate'} for ${ask.pair.sell} → ${ask.pair.buy} by ${ask.side}_amount${method}`;
}

export function answerText(answer: Answer): string {
  const error =
    isRecord(answer.body) && typeof answer.body.error === 'string' ? `: ${answer.body.error}` : '';
  return `${answer.status}${error}`;
}

/** Fails (or, for a firm quote without --client-id, skips) unless the anchor priced the request. */
export function requirePriced(state: CallbacksState, outcome: RateOutcome): void {
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

export function rateOf(body: unknown): Record<string, unknown> | undefined {
  return isRecord(body) && isRecord(body.rate) ? body.rate : undefined;
}

/** The firm quotes priced: by sell and by buy amount, and with expire_after. Skips when none was. */
export async function firmQuotes(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
  const bySell = await firm(state, t, 'sell');
  if (!bySell.priced) {
    skip(`no firm quote was priced (${answerText(bySell.answer)}; see rate.firm.by-sell-amount)`);
  }
  const byBuy = await firm(state, t, 'buy');
  return [bySell, ...(byBuy.priced ? [byBuy] : []), ...(await expireAfter(state, t)).filter((o) => o.priced)];
}

/** Every rate the anchor priced during the run. */
export async function everyPricedRate(state: CallbacksState, t: Recorder): Promise<RateOutcome[]> {
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
