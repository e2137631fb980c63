// A correct back-end passes every check, in every configuration the suite offers: no check
// fails, and each one passes in at least one of them.
import { describe, expect, it } from 'vitest';
import { listChecks, PLACEHOLDER_CLIENT_ID } from '../../src/index.js';
import { type AuthKind, failures, outcomes, runAgainstServer } from './support.js';

const passed = new Set<string>();

describe.each<AuthKind>(['jwt', 'api-key', 'none'])('the correct back-end, auth %s', (auth) => {
  it('fails no check', async () => {
    const report = await runAgainstServer({ auth });
    expect(failures(report)).toEqual({});
    expect(report.ok).toBe(true);
    expect(report.summary.warned).toBe(0);
    for (const c of report.checks) if (c.status === 'pass') passed.add(c.id);
    const skipped = report.checks.filter((c) => c.status === 'skip').map((c) => c.id);
    if (auth === 'jwt') expect(skipped).toEqual([]);
    if (auth === 'api-key') expect(skipped).toEqual(['auth.expired-credential']);
    if (auth === 'none')
      expect(skipped).toEqual([
        'auth.missing-credential',
        'auth.wrong-credential',
        'auth.expired-credential',
      ]);
  });
});

describe('the correct back-end', () => {
  it('passes every check in some configuration', () => {
    expect(listChecks('callbacks').filter((c) => !passed.has(c.id))).toEqual([]);
  });

  it('is not failed without --client-id: the firm checks are skipped with the reason', async () => {
    const report = await runAgainstServer({ suite: { clientId: undefined } });
    expect(failures(report)).toEqual({});
    const firm = report.checks.find((c) => c.id === 'rate.firm.by-sell-amount');
    expect(firm?.status).toBe('skip');
    expect(firm?.message).toContain(PLACEHOLDER_CLIENT_ID);
    expect(firm?.message).toContain('--client-id');
    expect(outcomes(report)['rate.firm.has-id']).toMatch(/^skip \(no firm quote was priced/);
  });

  it('is not failed without --assets: the platform defaults apply, delivery methods are skipped', async () => {
    const report = await runAgainstServer({ suite: { assets: undefined } });
    expect(failures(report)).toEqual({});
    expect(outcomes(report)['rate.delivery-methods']).toMatch(/^skip \(.*--assets/);
    expect(outcomes(report)['platform.rate.sell-asset.configured']).toMatch(/^pass/);
  });

  it('passes the lang check when pt is named as supported, and notes what was localised', async () => {
    const report = await runAgainstServer({ suite: { langs: ['pt'], only: ['customer.lang'] } });
    expect(outcomes(report)).toEqual({ 'customer.lang': 'pass (descriptions localised for pt)' });
  });

  it('sends the JWT in the header the platform is configured with (--jwt-header)', async () => {
    const report = await runAgainstServer({
      jwtHeader: 'X-Platform-Token',
      suite: { jwtHeader: 'X-Platform-Token', only: ['customer.*', 'auth.*'] },
    });
    expect(failures(report)).toEqual({});
    expect(report.summary).toMatchObject({ total: 12, passed: 12 });
    const standard = await runAgainstServer({
      jwtHeader: 'X-Platform-Token',
      suite: { only: ['customer.unknown-account'] },
    });
    expect(outcomes(standard)['customer.unknown-account']).toMatch(/^fail/);
    expect(standard.checks[0]?.evidence[0]?.response?.body).toEqual({
      error: 'missing bearer token in X-Platform-Token',
    });
    // The token is redacted in the evidence whatever the header's name.
    const wrong = await runAgainstServer({
      jwtHeader: 'X-Platform-Token',
      suite: {
        jwtHeader: 'X-Platform-Token',
        jwtSecret: `${'w'.repeat(32)}`,
        only: ['customer.unknown-account'],
      },
    });
    expect(wrong.checks[0]?.evidence[0]?.request?.headers['x-platform-token']).toMatch(
      /^Bearer <\d+ characters, redacted>$/,
    );
  });

  it('is failed by everything when the credential is wrong, with the 401s as evidence', async () => {
    const report = await runAgainstServer({
      suite: { jwtSecret: 'a-secret-the-back-end-does-not-share-0123' },
    });
    const failed = report.checks.filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.id)).toContain('customer.unknown-account');
    expect(failed[0]?.evidence[0]?.response?.status).toBe(401);
    expect(failed[0]?.evidence[0]?.request?.headers.authorization).toMatch(
      /^Bearer <\d+ characters, redacted>$/,
    );
  });
});
