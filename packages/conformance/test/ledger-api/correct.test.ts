// A correct provider passes every check; without --allow-submit the submissions are skipped.
import { describe, expect, it } from 'vitest';
import { listChecks, runSuite } from '../../src/index.js';
import { failures, outcomes } from '../callbacks/support.js';
import { startLedgerServer } from './server.js';

async function runAgainst(options: { allowSubmit?: boolean; breaks?: string[] } = {}) {
  const server = await startLedgerServer({ breaks: options.breaks ?? [] });
  try {
    return await runSuite('ledger-api', {
      baseUrl: server.url,
      allowSubmit: options.allowSubmit ?? true,
      timeoutMs: 5000,
    });
  } finally {
    await server.close();
  }
}

describe('the correct scripted provider', () => {
  it('passes every check with --allow-submit', async () => {
    const report = await runAgainst();
    expect(failures(report)).toEqual({});
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => c.id)).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual(listChecks('ledger-api').map((c) => c.id));
    expect(outcomes(report)['submit.rejected-transaction']).toBe('pass (result code tx_no_source_account)');
    expect(outcomes(report)['paging.next-after-last']).toMatch(
      /\/ledgers asc \(4 pages\).*\/trades desc \(4 pages\)/,
    );
  });

  it('skips the submissions without --allow-submit, and sends none', async () => {
    const report = await runAgainst({ allowSubmit: false });
    expect(failures(report)).toEqual({});
    const skipped = report.checks.filter((c) => c.status === 'skip');
    expect(skipped.map((c) => c.id)).toEqual([
      'submit.malformed-envelope',
      'submit.rejected-transaction',
      'submit-async.malformed-envelope',
      'submit-async.rejected-transaction',
    ]);
    expect(skipped.every((c) => c.message === 'sends transactions only with --allow-submit')).toBe(true);
  });
});
