import { readFileSync } from 'node:fs';
import { parseAssetConfig, RATE_RULES, type RuleId } from '@starspec/callbacks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validate } from '../../src/index.js';
import { type StubAnchor, startAnchor } from '../support/anchors.js';
import { getPrice, postQuote, type RunningPlatform, startPlatform } from '../support/platform.js';

interface BrokenAnchor {
  rule: RuleId;
  status?: 500 | 502;
  checkExpiry?: boolean;
  unreachable?: string;
  ask: 'price' | 'quote';
  request: Record<string, string>;
  assets?: unknown;
  answer: unknown;
}

const { cases } = parse(readFileSync(new URL('./broken-anchors.yaml', import.meta.url), 'utf8'), {
  merge: true,
}) as { cases: BrokenAnchor[] };

const RULE_IDS = RATE_RULES.map((r) => r.id);

/** The answer with every {{cxN}} in its strings written out. */
function expand(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(/\{\{(.)x(\d+)\}\}/g, (_m, c: string, n: string) => c.repeat(Number(n)));
  if (Array.isArray(value)) return value.map(expand);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
}

// One anchor, answering whatever the current case says.
let answer: unknown;
let anchor: StubAnchor;
beforeAll(async () => {
  anchor = await startAnchor(() => ({ status: 200, body: answer }) as never);
});
afterAll(() => anchor.close());

async function ask(platform: RunningPlatform, c: BrokenAnchor) {
  const response =
    c.ask === 'price' ? await getPrice(platform.url, c.request) : await postQuote(platform.url, c.request);
  return { status: response.status, body: (await response.json()) as { error: string } };
}

const assetsOf = (c: BrokenAnchor) => (c.assets === undefined ? {} : { assets: parseAssetConfig(c.assets) });

describe('broken-anchors.yaml', () => {
  it('has exactly one case per rate rule', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual([...RULE_IDS].sort());
  });
});

describe('an anchor rate that breaks a rule gives the client what the Anchor Platform gives, naming the rule', () => {
  const reachable = cases.filter((c) => c.unreachable === undefined);
  it.each(reachable)('$rule', async (c) => {
    answer = expand(c.answer);
    const errors: unknown[] = [];
    const platform = await startPlatform(
      { anchorUrl: anchor.url, checkExpiry: c.checkExpiry === true, ...assetsOf(c) },
      errors,
    );
    try {
      const before = anchor.requests.length;
      const { status, body } = await ask(platform, c);
      expect(status).toBe(c.status ?? 502);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.startsWith(`${c.rule}: `), body.error).toBe(true);
      // The platform stops at the first broken rule: no other rule is named.
      for (const id of RULE_IDS) {
        if (id !== c.rule) expect(body.error.includes(`${id}: `), `${id} in ${body.error}`).toBe(false);
      }
      const operationId = c.ask === 'price' ? 'getPrice' : 'postQuote';
      expect(validate.response(operationId, status, body).ok).toBe(true);
      // The anchor was asked exactly once, for the right type.
      expect(anchor.requests.length).toBe(before + 1);
      expect(anchor.requests.at(-1)?.type).toBe(c.ask === 'price' ? 'indicative' : 'firm');
      expect(anchor.refused).toEqual([]);
      expect(errors).toEqual([]);
      // Without RATE_CHECK_EXPIRY the expiry rules let the rate through, as the Anchor Platform does.
      if (c.checkExpiry) {
        const lenient = await startPlatform({ anchorUrl: anchor.url, ...assetsOf(c) });
        try {
          expect((await ask(lenient, c)).status).toBe(c.ask === 'price' ? 200 : 201);
        } finally {
          await lenient.close();
        }
      }
    } finally {
      await platform.close();
    }
  });
});

describe('rules no anchor can break through the platform', () => {
  const unreachable = cases.filter((c) => c.unreachable !== undefined);
  it.each(unreachable)('$rule: the request is refused with 400 before the anchor is called', async (c) => {
    answer = c.answer;
    const platform = await startPlatform({
      anchorUrl: anchor.url,
      ...assetsOf(c),
    });
    try {
      const before = anchor.requests.length;
      const { status, body } = await ask(platform, c);
      expect(status).toBe(400);
      expect(body.error).toMatch(/not in the platform's asset configuration/);
      expect(anchor.requests.length).toBe(before);
    } finally {
      await platform.close();
    }
  });
});
