import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GsonReader } from '../../src/rate-rules/gson-reader.js';
import {
  applicableRules,
  plainDecimal,
  RATE_RULES,
  type RateRequest,
  rateErrorMessage,
  rateRule,
  readErrorResponse,
  validateRateResponse,
} from '../../src/rate-rules/index.js';
import { loadVerdictCases } from './verdict-table.js';

/** Whether some object of the JSON text names a member twice (JSON.parse keeps only the last). */
function repeatsMembers(text: string): boolean {
  const reader = new GsonReader(text);
  const open: Set<string>[] = [];
  for (let token = reader.peek(); token !== 'END_DOCUMENT'; token = reader.peek()) {
    if (token === 'BEGIN_OBJECT') {
      reader.beginObject();
      open.push(new Set());
    } else if (token === 'END_OBJECT') {
      reader.endObject();
      open.pop();
    } else if (token === 'NAME') {
      const name = reader.nextName();
      const names = open.at(-1);
      if (names?.has(name)) return true;
      names?.add(name);
    } else if (token === 'BEGIN_ARRAY') reader.beginArray();
    else if (token === 'END_ARRAY') reader.endArray();
    else if (token === 'BOOLEAN') reader.nextBoolean();
    else if (token === 'NULL') reader.nextNull();
    else reader.nextString();
  }
  return false;
}

const USD = 'iso4217:USD';
const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const sell100: RateRequest = { type: 'indicative', sell_asset: USD, buy_asset: USDC, sell_amount: '100' };
const firm: RateRequest = { ...sell100, type: 'firm', expire_after: '2026-06-02T00:00:00Z' };
const example = () => ({
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

describe('RATE_RULES', () => {
  it('are records with unique ids, a description, when they apply, and who checks them', () => {
    expect(new Set(RATE_RULES.map((r) => r.id)).size).toBe(RATE_RULES.length);
    for (const rule of RATE_RULES) {
      expect(rule.id).toMatch(/^rate(\.[a-z-]+)+$/);
      expect(rule.description.length).toBeGreaterThan(10);
      expect(rule.appliesWhen.length).toBeGreaterThan(4);
      expect(rule.platform !== null || rule.contract !== null, rule.id).toBe(true);
      if (rule.platform !== null) expect(rule.platform.source.length).toBeGreaterThan(10);
      expect(rateRule(rule.id)).toBe(rule);
    }
    expect(() => rateRule('rate.nothing')).toThrow(RangeError);
  });

  it('check every rule the platform meets: with its own check, while reading, or in the runner', () => {
    // rate.present is the runner's, when Gson gives no rate; the others are raised by a check.
    const raised = [
      'rate.present',
      'rate.sell-asset.configured',
      'rate.numbers.in-range',
      'rate.numbers.bounded',
    ];
    for (const rule of RATE_RULES.filter((r) => r.platform !== null)) {
      const how = 'checkPlatform' in rule && rule.checkPlatform ? 'check' : rule.platform?.stage;
      expect(how === 'check' || how === 'parse' || raised.includes(rule.id), rule.id).toBe(true);
    }
  });

  it('are listed in the README with the platform outcome and whether the contract requires them', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const rule of RATE_RULES) {
      const platform = rule.platform ? `${rule.platform.outcome} (${rule.platform.stage})` : '—';
      const cells = [`\`${rule.id}\``, platform, rule.contract ? 'yes' : '—'];
      const row = cells.map((cell) => cell.replace(/[.()]/g, '\\$&')).join(' *\\| *');
      expect(readme).toMatch(new RegExp(`\\| *${row} *\\|`));
    }
  });

  it('mark only bounded arithmetic as a deviation', () => {
    expect(RATE_RULES.filter((r) => 'deviation' in r && r.deviation).map((r) => r.id)).toEqual([
      'rate.numbers.bounded',
    ]);
  });
});

describe('validateRateResponse', () => {
  it('gives a parsed value the verdict of its JSON text', () => {
    for (const c of loadVerdictCases()) {
      let response: unknown;
      try {
        response = JSON.parse(c.body);
      } catch {
        continue; // not strict JSON: only the text form says what the platform reads
      }
      if (repeatsMembers(c.body)) continue; // JSON.parse drops the earlier member
      const fromText = validateRateResponse({ request: c.request, body: c.body, assets: c.assets });
      const fromValue = validateRateResponse({ request: c.request, response, assets: c.assets });
      expect(fromValue.platform.outcome, c.name).toBe(fromText.platform.outcome);
      expect(
        fromValue.contract.violations.map((v) => v.rule),
        c.name,
      ).toEqual(fromText.contract.violations.map((v) => v.rule));
    }
  });

  it('is ok only when the platform accepts and the contract holds', () => {
    expect(validateRateResponse({ request: sell100, response: example() })).toMatchObject({
      ok: true,
      violations: [],
      platform: { outcome: 'accept', violations: [] },
      contract: { ok: true, violations: [] },
    });
    const numeric = example() as { rate: Record<string, unknown> };
    numeric.rate.price = 1.05;
    const verdict = validateRateResponse({ request: sell100, response: numeric });
    expect(verdict.platform.outcome).toBe('accept');
    expect(verdict.ok).toBe(false);
    expect(verdict.violations).toEqual(verdict.contract.violations);
    expect(verdict.violations.map((v) => [v.rule, v.path])).toEqual([['rate.price.numeric', '/rate/price']]);
  });

  it('lists the platform violation first, then the contract ones without repeating it', () => {
    const response = example();
    response.rate.sell_amount = '0';
    const verdict = validateRateResponse({ request: sell100, response });
    expect(verdict.platform).toMatchObject({
      outcome: '502',
      violations: [{ rule: 'rate.sell-amount.positive' }],
    });
    expect(verdict.violations.map((v) => v.rule)).toEqual([
      'rate.sell-amount.positive',
      'rate.sell-amount.matches-request',
      'rate.formula.fee-in-sell-asset',
    ]);
  });

  it('names expected and found values in formula messages', () => {
    const response = example();
    response.rate.fee.total = '0.00';
    response.rate.fee.details = [];
    const verdict = validateRateResponse({ request: sell100, response });
    const [platform] = verdict.platform.violations;
    expect(platform).toMatchObject({ rule: 'rate.formula.fee-in-sell-asset', path: '/rate/sell_amount' });
    expect(platform?.message).toContain('99.0045');
    const [contract] = verdict.contract.violations;
    expect(contract?.message).toContain('0.9955');
  });

  it('gives what Sep38Service answers for an accepted rate', () => {
    const { answer } = validateRateResponse({ request: firm, response: example() }).platform;
    expect(answer).toEqual({
      id: 'q-1',
      expires_at: '2026-06-02T12:00:00Z',
      price: '1.05',
      total_price: '1.0605578534',
      sell_amount: '100',
      buy_amount: '94.29',
      fee: example().rate.fee,
    });
  });

  it('checks expiry against the current time when asked, and only then', () => {
    const past = example();
    past.rate.expires_at = new Date(Date.now() - 3_600_000).toISOString();
    const request = { ...firm, expire_after: new Date(Date.now() + 3_600_000).toISOString() };
    expect(validateRateResponse({ request, response: past }).ok).toBe(true);
    const checked = validateRateResponse({ request, response: past, checkExpiry: true });
    expect(checked.platform.outcome).toBe('accept');
    expect(checked.contract.violations.map((v) => v.rule)).toEqual([
      'rate.firm.expires-in-future',
      'rate.firm.honours-expire-after',
    ]);
    expect(() =>
      validateRateResponse({ request: firm, response: past, checkExpiry: true, now: new Date(Number.NaN) }),
    ).toThrow(RangeError);
  });

  it('does not change the response', () => {
    const response = example();
    const copy = structuredClone(response);
    validateRateResponse({ request: firm, response, checkExpiry: true });
    expect(response).toEqual(copy);
  });

  it('answers values JSON cannot hold as unreadable', () => {
    const verdict = validateRateResponse({ request: sell100, response: { rate: { price: 1n } } });
    expect(verdict.platform).toMatchObject({ outcome: '502', violations: [{ rule: 'rate.body.json' }] });
  });

  // Every prefix of a body, and the body with each character left out: never a throw.
  it('never throws on broken texts', () => {
    const text = JSON.stringify(example());
    const rules = new Set<string>(RATE_RULES.map((r) => r.id));
    for (let i = 0; i < text.length; i++) {
      for (const body of [text.slice(0, i), text.slice(0, i) + text.slice(i + 1)]) {
        for (const request of [sell100, firm]) {
          const verdict = validateRateResponse({ request, body, checkExpiry: true, now: new Date(0) });
          expect(['accept', '502', '500']).toContain(verdict.platform.outcome);
          for (const v of verdict.violations) expect(rules).toContain(v.rule);
        }
      }
    }
  });
});

describe('applicableRules', () => {
  it('follows the request and the answer', () => {
    const withFee = applicableRules({ request: sell100, response: example() });
    expect(withFee).toContain('rate.formula.fee-in-sell-asset');
    expect(withFee).toContain('rate.fee.details.name-required');
    expect(withFee).not.toContain('rate.formula.no-fee');
    expect(withFee).not.toContain('rate.firm.id-required');
    const { fee: _fee, ...noFee } = example().rate;
    const firmNoFee = applicableRules({ request: firm, response: { rate: noFee }, checkExpiry: true });
    expect(firmNoFee).toContain('rate.formula.no-fee');
    expect(firmNoFee).toContain('rate.firm.honours-expire-after');
    expect(firmNoFee).not.toContain('rate.fee.total-required');
  });
});

describe('rateErrorMessage', () => {
  it('names each failed rule once, with the messages', () => {
    const response = example();
    response.rate.fee.details = [
      { name: 'a', description: 'x', amount: '0' },
      { name: 'b', amount: '-1' },
    ];
    const { violations } = validateRateResponse({ request: sell100, response });
    const message = rateErrorMessage(violations);
    expect(message).toContain('(rate.fee.details.amount-positive)');
    expect(message.match(/rate\.fee\.details\.amount-positive/g)).toHaveLength(1);
    for (const v of violations) expect(message).toContain(v.message);
    expect(rateErrorMessage([])).toBe('');
  });
});

describe('helpers for the platform gateway', () => {
  it.each([
    ['1E+2', '100'],
    ['+1.50', '1.50'],
    ['١٠٠', '100'],
    ['.5', '0.5'],
    ['abc', undefined],
  ])('plainDecimal(%j) is %j', (text, plain) => {
    expect(plainDecimal(text)).toBe(plain);
  });

  it.each([
    ['{"error": "no rate"}', { kind: 'read', value: { error: 'no rate' } }],
    ['{"error": 42}', { kind: 'read', value: { error: '42' } }],
    ['{}', { kind: 'read', value: { error: null } }],
    ['', { kind: 'null' }],
    ['Bad Request', { kind: 'unreadable' }],
  ])('readErrorResponse(%j) reads as Gson does', (text, read) => {
    expect(readErrorResponse(text)).toMatchObject(read);
  });
});
