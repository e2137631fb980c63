// Every check has a broken back-end that it fails (broken.yaml), with evidence.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type CallbacksOptions, listChecks } from '../../src/index.js';
import { type AuthKind, outcomes, runAgainstServer } from './support.js';

interface Row {
  check: string;
  broken: string;
  break: string;
  options?: Partial<CallbacksOptions> & { auth?: AuthKind };
}

const rows = parse(readFileSync(new URL('./broken.yaml', import.meta.url), 'utf8')) as Row[];

describe('broken.yaml', () => {
  it('has a broken back-end for every check of the suite, and only for them', () => {
    const ids = listChecks('callbacks').map((c) => c.id);
    expect(ids.filter((id) => !rows.some((r) => r.check === id))).toEqual([]);
    expect(rows.map((r) => r.check).filter((id) => !ids.includes(id))).toEqual([]);
  });
});

describe.each(rows)('$check', (row) => {
  it(`fails when ${row.broken}`, async () => {
    const { auth, ...suite } = row.options ?? {};
    const report = await runAgainstServer({
      auth: auth ?? 'jwt',
      breaks: row.break === 'none' ? [] : [row.break],
      suite: { ...suite, only: [row.check] },
    });
    expect(outcomes(report)[row.check]).toMatch(/^fail/);
    const [result] = report.checks;
    expect(report.ok).toBe(false);
    expect(result?.evidence.length).toBeGreaterThan(0);
    // The evidence shows the request sent and what came back.
    expect(result?.evidence.some((e) => e.request !== undefined && e.response !== undefined)).toBe(true);
    expect(result?.evidence.every((e) => e.expected.length > 0)).toBe(true);
  });
});
