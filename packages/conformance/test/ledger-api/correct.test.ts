// A correct provider passes every check; without --allow-submit the submissions are skipped, and
// without a friendbot the endpoints of records the provider lists none of.
import { describe, expect, it } from 'vitest';
import { listChecks, runSuite } from '../../src/index.js';
import { failures, outcomes } from '../callbacks/support.js';
import { HANG_MS } from '../support/hang.js';
import { startLedgerServer } from './server.js';

async function runAgainst(options: { allowSubmit?: boolean; breaks?: string[]; unlisted?: string[] } = {}) {
  const server = await startLedgerServer({ breaks: options.breaks ?? [], unlisted: options.unlisted ?? [] });
  try {
    return await runSuite('ledger-api', {
      baseUrl: server.url,
      allowSubmit: options.allowSubmit ?? true,
      timeoutMs: HANG_MS,
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

  it('without a friendbot, skips the endpoints of records it lists none of, saying why', async () => {
    // The scripted root document links no friendbot: the suite cannot fund accounts to make its own.
    const report = await runAgainst({ unlisted: ['claimable_balances', 'liquidity_pools', 'offers'] });
    expect(failures(report)).toEqual({});
    const skipped = report.checks.filter((c) => c.status === 'skip');
    expect(skipped.map((c) => c.id)).toEqual([
      'schema.get-claimable-balance',
      'schema.list-claimable-balance-transactions',
      'schema.list-claimable-balance-operations',
      'schema.get-liquidity-pool',
      'schema.list-liquidity-pool-transactions',
      'schema.list-liquidity-pool-operations',
      'schema.list-liquidity-pool-effects',
      'schema.list-liquidity-pool-trades',
      'schema.get-offer',
      'schema.list-offer-trades',
    ]);
    expect(outcomes(report)['schema.get-offer']).toBe(
      'skip (needs the id of an offer (GET /offers listed none); the provider has no friendbot (its root document links none) to fund accounts for the suite to make its own)',
    );
  });
});
