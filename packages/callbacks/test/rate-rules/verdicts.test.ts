// The verdict tables: every answer gets the Anchor Platform's verdict (read from its code, source per
// group) and our contract's, except the README's listed deviations.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RATE_RULES, validateRateResponse } from '../../src/rate-rules/index.js';
import { loadVerdictCases } from './verdict-table.js';

const cases = loadVerdictCases();
const RULE_IDS: ReadonlySet<string> = new Set(RATE_RULES.map((r) => r.id));
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

describe('the verdict tables', () => {
  it('have at least 150 answers, unique names, and only known rule ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(sorted(cases.map((c) => `${c.group}: ${c.name}`))).toHaveLength(cases.length);
    for (const c of cases) {
      const named = [c.platform, c.deviation?.ours ?? ''].flatMap((v) => v.split(' ').slice(1));
      for (const id of [...named, ...(c.contract ?? [])]) expect(RULE_IDS, `${c.name}: ${id}`).toContain(id);
    }
  });

  it('list every deviation in the README', () => {
    for (const c of cases.filter((x) => x.deviation !== undefined)) {
      expect(README, `${c.name}: deviation ${c.deviation?.id}`).toContain(`(deviation: ${c.deviation?.id})`);
    }
  });

  it('cover every rule the platform checks, on its failing side', () => {
    const failed = new Set(cases.map((c) => c.deviation?.ours ?? c.platform).map((v) => v.split(' ')[1]));
    const checked = RATE_RULES.filter((r) => r.platform !== null).map((r) => r.id);
    expect(checked.filter((id) => !failed.has(id))).toEqual([]);
  });
});

describe.each(cases.map((c) => [`${c.group}: ${c.name}`, c] as const))('%s', (_title, c) => {
  const verdict = validateRateResponse({ request: c.request, body: c.body, assets: c.assets });

  it(c.deviation ? `deviates (${c.deviation.id}) as listed` : 'gets the platform verdict', () => {
    const [stopped] = verdict.platform.violations;
    const found =
      stopped === undefined ? verdict.platform.outcome : `${verdict.platform.outcome} ${stopped.rule}`;
    expect(found, JSON.stringify(verdict.platform.violations)).toBe(c.deviation?.ours ?? c.platform);
    expect(verdict.platform.violations.length).toBe(verdict.platform.outcome === 'accept' ? 0 : 1);
  });

  it.skipIf(c.contract === undefined)('gets the contract verdict', () => {
    expect(
      sorted(verdict.contract.violations.map((v) => v.rule)),
      JSON.stringify(verdict.contract.violations),
    ).toEqual(sorted(c.contract ?? []));
    expect(verdict.contract.ok).toBe(c.contract?.length === 0);
    expect(verdict.ok).toBe(verdict.platform.outcome === 'accept' && verdict.contract.ok);
  });
});
