// Every check has a broken provider that it fails (broken.yaml), with evidence.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listChecks, runSuite } from '../../src/index.js';
import { outcomes } from '../callbacks/support.js';
import { startRpcServer } from './server.js';

interface Row {
  check: string;
  broken: string;
  break: string;
}

const rows = parse(readFileSync(new URL('./broken.yaml', import.meta.url), 'utf8')) as Row[];

describe('broken.yaml', () => {
  it('has a broken provider for every check of the suite, and only for them', () => {
    const ids = listChecks('ledger-rpc').map((c) => c.id);
    expect(ids.filter((id) => !rows.some((r) => r.check === id))).toEqual([]);
    expect(rows.map((r) => r.check).filter((id) => !ids.includes(id))).toEqual([]);
  });
});

describe.each(rows)('$check', (row) => {
  it(`fails when ${row.broken}`, async () => {
    const server = await startRpcServer({ breaks: [row.break] });
    try {
      const report = await runSuite('ledger-rpc', {
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
