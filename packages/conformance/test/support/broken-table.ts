// Proves a suite against its table of deliberately broken targets: every check has a row, and
// each row's broken target makes that check fail (level must) or warn (level should; a strict run
// then fails it), with the request and the answer as evidence.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type CheckLevel, listChecks, type Report, runSuite, type SuiteName } from '../../src/index.js';
import { outcomes } from '../callbacks/support.js';
import { HANG_MS } from './hang.js';

export interface BrokenRow {
  check: string;
  broken: string;
  break: string;
}

/** The rows of a table; every check of the suite has one, and every row names a check. */
export function readBrokenTable<R extends BrokenRow>(suite: SuiteName, table: URL): R[] {
  const rows = parse(readFileSync(table, 'utf8')) as R[];
  describe('broken.yaml', () => {
    it('has a broken target for every check of the suite, and only for them', () => {
      const ids = listChecks(suite).map((c) => c.id);
      expect(ids.filter((id) => !rows.some((r) => r.check === id))).toEqual([]);
      expect(rows.map((r) => r.check).filter((id) => !ids.includes(id))).toEqual([]);
    });
  });
  return rows;
}

export const levelOf = (suite: SuiteName, check: string): CheckLevel =>
  listChecks(suite).find((c) => c.id === check)?.level ?? 'must';

/**
 * Runs one row (`run(strict)` runs only its check against the broken target) and expects the
 * verdict of the check's level: a must-check fails; a should-check warns with exit code 0, and
 * fails when the run is strict.
 */
export async function expectBroken(
  suite: SuiteName,
  check: string,
  run: (strict: boolean) => Promise<Report>,
): Promise<void> {
  const level = levelOf(suite, check);
  const report = await run(false);
  const [result] = report.checks;
  expect(outcomes(report)[check]).toMatch(level === 'must' ? /^fail/ : /^warn/);
  expect(report.ok).toBe(level === 'should');
  expect(result?.level).toBe(level);
  // The evidence shows the request sent and what came back, each piece with its level.
  expect(result?.evidence.some((e) => e.request !== undefined && e.response !== undefined)).toBe(true);
  expect(result?.evidence.every((e) => e.expected.length > 0 && e.level !== undefined)).toBe(true);
  if (level === 'should') {
    expect(result?.evidence.every((e) => e.level === 'should')).toBe(true);
    const strict = await run(true);
    expect(outcomes(strict)[check]).toMatch(/^fail/);
    expect(strict.ok).toBe(false);
    expect(strict.strict).toBe(true);
  }
}

interface Running {
  url: string;
  close(): Promise<void>;
}

/** The table of a provider suite (ledger-api, ledger-rpc): each row starts its broken provider. */
export function describeBrokenTable(
  suite: 'ledger-api' | 'ledger-rpc',
  table: URL,
  start: (options: { breaks: string[] }) => Promise<Running>,
): void {
  const rows = readBrokenTable(suite, table);
  describe.each(rows)('$check', (row) => {
    it(`is ${levelOf(suite, row.check) === 'must' ? 'failed' : 'warned about'} when ${row.broken}`, async () => {
      const server = await start({ breaks: [row.break] });
      try {
        await expectBroken(suite, row.check, (strict) =>
          runSuite(suite, {
            baseUrl: server.url,
            allowSubmit: true,
            only: [row.check],
            timeoutMs: HANG_MS,
            strict,
          }),
        );
      } finally {
        await server.close();
      }
    });
  });
}
