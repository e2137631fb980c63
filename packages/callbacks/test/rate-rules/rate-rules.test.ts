import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultAssetConfig, parseAssetConfig } from '../../src/asset-config.js';
import { decimalPlaces, parseDecimal } from '../../src/decimal.js';
import {
  RATE_RULES,
  type RateRequest,
  type RuleId,
  rateErrorMessage,
  type ValidateRateInput,
  validateRateResponse,
} from '../../src/rate-rules.js';

interface Case {
  name: string;
  request: RateRequest;
  response: unknown;
  assets?: unknown;
  options?: { checkExpiry?: boolean; now?: string };
  paths?: string[];
  expect: RuleId[];
}

const RULE_IDS: ReadonlySet<string> = new Set(RATE_RULES.map((r) => r.id));

function loadCases(): Case[] {
  const text = readFileSync(new URL('./cases.yaml', import.meta.url), 'utf8');
  // Merge keys keep the table short; the aliases are ours, so no alias limit.
  const doc: unknown = parse(text, { merge: true, maxAliasCount: -1 });
  const cases = (doc as { cases?: unknown }).cases;
  if (!Array.isArray(cases)) throw new Error('cases.yaml: expected a "cases" list');
  for (const c of cases as Case[]) {
    if (typeof c.name !== 'string' || !Array.isArray(c.expect) || typeof c.request !== 'object') {
      throw new Error(`cases.yaml: malformed case ${JSON.stringify(c.name)}`);
    }
  }
  return cases as Case[];
}

const cases = loadCases();

function inputOf(c: Case): ValidateRateInput {
  const input: ValidateRateInput = { request: c.request, response: structuredClone(c.response) };
  if (c.assets !== undefined) input.assets = parseAssetConfig(c.assets);
  if (c.options?.checkExpiry !== undefined) input.checkExpiry = c.options.checkExpiry;
  if (c.options?.now !== undefined) input.now = new Date(c.options.now);
  return input;
}

const sorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

describe('cases.yaml', () => {
  it('has unique names and only known, non-repeated rule ids', () => {
    expect(sorted(cases.map((c) => c.name))).toHaveLength(cases.length);
    for (const c of cases) {
      for (const id of c.expect) expect(RULE_IDS, `${c.name}: unknown rule ${id}`).toContain(id);
      expect(sorted(c.expect), c.name).toHaveLength(c.expect.length);
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = validateRateResponse(inputOf(c));
    expect(sorted(result.violations.map((v) => v.rule))).toEqual(sorted(c.expect));
    expect(result.ok).toBe(c.expect.length === 0);
    for (const v of result.violations) {
      expect(v.message.length).toBeGreaterThan(0);
      if (v.path !== undefined) expect(v.path).toMatch(/^\/rate(\/[^/]+)*$/);
    }
    const paths = result.violations.map((v) => v.path);
    for (const path of c.paths ?? []) expect(paths).toContain(path);
  });

  it('exercises every rule in RATE_RULES with at least one failing case', () => {
    const exercised = new Set(cases.flatMap((c) => c.expect));
    const missing = RATE_RULES.map((r) => r.id).filter((id) => !exercised.has(id));
    expect(missing).toEqual([]);
  });
});

describe('RATE_RULES', () => {
  it('has unique ids with descriptions', () => {
    expect(RULE_IDS.size).toBe(RATE_RULES.length);
    for (const rule of RATE_RULES) {
      expect(rule.id).toMatch(/^rate(\.[a-z-]+)+$/);
      expect(rule.description.length).toBeGreaterThan(10);
    }
  });
});

const USD = 'iso4217:USD';
const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const sell100: RateRequest = { type: 'indicative', sell_asset: USD, buy_asset: USDC, sell_amount: '100' };
const example1 = () => ({
  rate: {
    id: 'q-1',
    expires_at: '2026-06-02T12:00:00Z',
    price: '1.05',
    sell_amount: '100',
    buy_amount: '94.29',
    fee: {
      total: '1.00',
      asset: USD,
      details: [
        { name: 'Sell fee #1', description: 'd', amount: '0.70' },
        { name: 'Sell fee #2', amount: '0.30' },
      ],
    },
  },
});

describe('validateRateResponse', () => {
  it('uses the default asset configuration when assets is undefined', () => {
    for (const c of cases.filter((x) => x.assets === undefined)) {
      const input = inputOf(c);
      expect(validateRateResponse(input)).toEqual(
        validateRateResponse({ ...input, assets: defaultAssetConfig() }),
      );
    }
  });

  it('names expected and found values in formula messages', () => {
    const response = example1();
    response.rate.fee.total = '0.00';
    response.rate.fee.details = [];
    const [violation] = validateRateResponse({ request: sell100, response }).violations;
    expect(violation?.rule).toBe('rate.formula.fee-in-sell-asset');
    expect(violation?.path).toBe('/rate/sell_amount');
    expect(violation?.message).toContain('99.0045');
    expect(violation?.message).toContain('0.01');
    expect(violation?.message).toContain('0.9955');
  });

  it('checks expiry against the current time when now is not given', () => {
    const request: RateRequest = { ...sell100, type: 'firm' };
    const future = example1();
    future.rate.expires_at = new Date(Date.now() + 3_600_000).toISOString();
    expect(validateRateResponse({ request, response: future, checkExpiry: true }).ok).toBe(true);
    const past = example1();
    past.rate.expires_at = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      validateRateResponse({ request, response: past, checkExpiry: true }).violations.map((v) => v.rule),
    ).toEqual(['rate.firm.expires-in-future']);
  });

  it('does not mutate the response', () => {
    const response = example1();
    const copy = structuredClone(response);
    validateRateResponse({ request: sell100, response });
    expect(response).toEqual(copy);
  });

  // Every leaf of a valid body replaced by hostile values, or deleted: never throws.
  it('never throws on mutated bodies', () => {
    const hostile: unknown[] = [
      undefined,
      null,
      true,
      0,
      -1,
      1.5,
      Number.NaN,
      '',
      ' ',
      '-',
      '.',
      'abc',
      '1e999999999',
      '9'.repeat(5000),
      `0.${'0'.repeat(900)}1e-1000`,
      '2026-02-30T00:00:00Z',
      [],
      [null],
      {},
      { rate: null },
    ];
    const leafPaths = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
      if (value === null || typeof value !== 'object') return [prefix];
      const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
      return [
        prefix,
        ...keys.flatMap((k) => leafPaths((value as Record<string | number, unknown>)[k], [...prefix, k])),
      ];
    };
    const setAt = (root: unknown, path: (string | number)[], replacement: unknown): unknown => {
      if (path.length === 0) return replacement;
      const copy = structuredClone(root) as Record<string | number, unknown>;
      let node = copy;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
      const last = path[path.length - 1] as string | number;
      if (replacement === undefined) delete node[last];
      else node[last] = replacement;
      return copy;
    };
    const base = example1();
    let runs = 0;
    for (const path of leafPaths(base)) {
      for (const value of hostile) {
        for (const request of [sell100, { ...sell100, type: 'firm' as const }]) {
          const response = setAt(base, path, value);
          const result = validateRateResponse({ request, response, checkExpiry: true, now: new Date(0) });
          expect(typeof result.ok).toBe('boolean');
          for (const v of result.violations) expect(RULE_IDS).toContain(v.rule);
          runs++;
        }
      }
    }
    expect(runs).toBeGreaterThan(500);
  });
});

describe('rateErrorMessage', () => {
  it('names each failed rule once, with the messages', () => {
    const response = example1();
    response.rate.fee.details = [
      { name: 'a', description: 'x', amount: '0' },
      { name: 'b', amount: '-1' },
    ];
    const { violations } = validateRateResponse({ request: sell100, response });
    const message = rateErrorMessage(violations);
    expect(message).toContain('(rate.fee.details.amount-positive, rate.fee.details.sum)');
    expect(message.match(/rate\.fee\.details\.amount-positive/g)).toHaveLength(1);
    for (const v of violations) expect(message).toContain(v.message);
  });

  it('is empty when nothing failed', () => {
    expect(rateErrorMessage([])).toBe('');
  });
});

describe('decimal helpers', () => {
  it.each([
    ['100', 0],
    ['100.00', 0],
    ['1.50', 1],
    ['0.0000001', 7],
    ['1E+2', 0],
    ['1.5e-3', 4],
    ['-0.10', 1],
    ['0', 0],
  ])('%s has %i decimal places', (text, places) => {
    const value = parseDecimal(text);
    expect(value).toBeDefined();
    if (value !== undefined) expect(decimalPlaces(value)).toBe(places);
  });

  it.each(['', '+', '1.2.3', '1e', 'e5', ' 1', '1 ', '0x10', 'Infinity', 'NaN', '1e1001', '١٢'])(
    'rejects %j',
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );

  it('accepts BigDecimal syntax: sign, bare point and exponent', () => {
    expect(parseDecimal('+1.')?.toFixed()).toBe('1');
    expect(parseDecimal('.5')?.toFixed()).toBe('0.5');
    expect(parseDecimal('-2.5E-1')?.toFixed()).toBe('-0.25');
  });
});
