// Every pair of assets.yaml, both directions, by sell_amount and by buy_amount, for each fee
// schedule (no client, the demo client, an unknown client) and each delivery method: the
// answer passes the platform's rate rules (validateRateResponse) and the contract's validator.
import { validate, validateRateResponse } from '@starspec/callbacks';
import { random as seeded } from '@starspec/http-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetInfo } from '../../src/rates/config.js';
import { pairs } from '../../src/rates/config.js';
import { Big, roundDown } from '../../src/rates/decimal.js';
import { DEMO_CLIENT, send, startAnchor, type TestAnchor } from '../support/anchor.js';

const UNKNOWN_CLIENT = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';

let t: TestAnchor;
beforeAll(async () => {
  t = await startAnchor();
});
afterAll(() => t.close());

/** A seeded generator, so a failure can be replayed. */
const random = (seed: number) => seeded(seed).next;

/** Amounts of an asset within its limits and decimals: the edges, round numbers, random ones. */
function amounts(asset: AssetInfo, next: () => number): string[] {
  const min = asset.minAmount ?? new Big('0.0000001');
  const max = asset.maxAmount ?? new Big('1000000');
  const step = new Big(1).div(new Big(10).pow(asset.decimals));
  const candidates = [
    min,
    min.plus(step),
    new Big(1),
    new Big(10),
    new Big('100.5'),
    new Big('1234.5678'),
    max,
  ];
  for (let i = 0; i < 4; i++) {
    const magnitude = 10 ** Math.floor(next() * 7);
    candidates.push(new Big(next()).times(magnitude));
  }
  const chosen = candidates
    .map((a) => roundDown(a, asset.decimals))
    .filter((a) => a.gte(min) && a.lte(max) && a.gt(0))
    .map((a) => a.toFixed());
  return [...new Set(chosen)];
}

interface Case {
  query: Record<string, string>;
}

function cases(): Case[] {
  const config = t.anchor.rates;
  const next = random(20261121);
  const out: Case[] = [];
  for (const [sellId, buyId] of pairs(config)) {
    const sell = config.assets.get(sellId) as AssetInfo;
    const buy = config.assets.get(buyId) as AssetInfo;
    const methods: Record<string, string>[] = [
      {},
      ...[...sell.sellMethods.keys()].map((m) => ({ sell_delivery_method: m })),
      ...[...buy.buyMethods.keys()].map((m) => ({ buy_delivery_method: m })),
    ];
    for (const kind of ['sell_amount', 'buy_amount'] as const) {
      const asset = kind === 'sell_amount' ? sell : buy;
      for (const amount of amounts(asset, next)) {
        for (const client of [undefined, DEMO_CLIENT, UNKNOWN_CLIENT]) {
          for (const method of methods) {
            for (const type of client === DEMO_CLIENT ? ['indicative', 'firm'] : ['indicative']) {
              out.push({
                query: {
                  type,
                  sell_asset: sellId,
                  buy_asset: buyId,
                  [kind]: amount,
                  ...(client ? { client_id: client } : {}),
                  ...method,
                },
              });
            }
          }
        }
      }
    }
  }
  return out;
}

describe('every pair, direction, amount kind, fee schedule and delivery method', () => {
  it('answers rates the platform accepts, within the contract', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(3000);
    const refused: string[] = [];
    const feeAssets = new Set<string>();
    let firm = 0;
    for (const { query } of all) {
      // As the adapter does: validate (and coerce) the request, then call the handler.
      const request = validate.request('getRate', { query: { ...query } });
      expect(request.errors).toEqual([]);
      const answer = await t.anchor.handlers.getRate({ query } as never);
      if (answer.status !== 200) {
        refused.push(`${JSON.stringify(query)} -> ${JSON.stringify(answer.body)}`);
        continue;
      }
      expect(validate.response('getRate', 200, answer.body).errors).toEqual([]);
      const verdict = validateRateResponse({
        request: query as never,
        response: answer.body,
        assets: t.anchor.rates.platform,
        checkExpiry: true,
        now: new Date(t.clock.now),
      });
      expect(verdict.violations, `${JSON.stringify(query)} -> ${JSON.stringify(answer.body)}`).toEqual([]);
      const rate = answer.body.rate;
      if (rate.fee) feeAssets.add(rate.fee.asset === query.sell_asset ? 'sell' : 'buy');
      if (query.type === 'firm') {
        firm++;
        expect(rate.id).toBeTruthy();
      } else {
        expect(rate.id).toBeUndefined();
      }
    }
    // Only amounts that fees swallow are refused, each with a 400 that says so.
    for (const line of refused)
      expect(line).toMatch(/is too small for .* once fees and rounding are applied/);
    expect(refused.length).toBeLessThan(all.length / 50);
    expect(feeAssets).toEqual(new Set(['sell', 'buy']));
    expect(firm).toBeGreaterThan(500);
  });
});

describe('over HTTP', () => {
  it('answers one rate per pair and direction through the server adapter', async () => {
    for (const [sell, buy] of pairs(t.anchor.rates)) {
      for (const kind of ['sell_amount', 'buy_amount']) {
        const query = {
          type: 'firm',
          sell_asset: sell,
          buy_asset: buy,
          [kind]: '5000',
          client_id: DEMO_CLIENT,
        };
        const a = await send(t.base, `/rate?${new URLSearchParams(query)}`);
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(validate.response('getRate', 200, a.body).errors).toEqual([]);
        const verdict = validateRateResponse({
          request: query as never,
          response: a.body,
          assets: t.anchor.rates.platform,
        });
        expect(verdict.violations).toEqual([]);
      }
    }
    expect(t.errors).toEqual([]);
  });
});
