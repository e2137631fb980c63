// Proves a provider suite against its table of deliberately broken providers: every check has a
// row, and each row's broken provider makes that check fail, with the request and the answer as evidence.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listChecks, runSuite } from '../../src/index.js';
import { outcomes } from '../callbacks/support.js';

interface Row {
  check: string;
  broken: string;
  break: string;
}

interface Running {
  url: string;
  close(): Promise<void>;
}

export function describeBrokenTable(
  suite: 'ledger-api' | 'ledger-rpc',
  table: URL,
  start: (options: { breaks: string[] }) => Promise<Running>,
): void {
  const rows = parse(readFileSync(table, 'utf8')) as Row[];

  describe('broken.yaml', () => {
    it('has a broken provider for every check of the suite, and only for them', () => {
      const ids = listChecks(suite).map((c) => c.id);
      expect(ids.filter((id) => !rows.some((r) => r.check === id))).toEqual([]);
      expect(rows.map((r) => r.check).filter((id) => !ids.includes(id))).toEqual([]);
    });
  });

  describe.each(rows)('$check', (row) => {
    it(`fails when ${row.broken}`, async () => {
      const server = await start({ breaks: [row.break] });
      try {
        const report = await runSuite(suite, {
          baseUrl: server.url,
          allowSubmit: true,
          only: [row.check],
          timeoutMs: 5000,
        });
        expect(outcomes(report)[row.check]).toMatch(/^fail/);
        const [result] = report.checks;
        expect(result?.evidence.some((e) => e.request !== undefined && e.response !== undefined)).toBe(true);
      } finally {
        await server.close();
      }
    });
  });
}
