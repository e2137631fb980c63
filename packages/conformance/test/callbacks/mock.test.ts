// Against the Prism mock of the callbacks contract: a static mock answers the contract's examples,
// so every check that needs real behaviour is skipped with its reason, and none fails.
import { type RunningMock, startMock } from '@starspec/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChecks, type Report, runSuite } from '../../src/index.js';
import { HANG_MS } from '../support/hang.js';
import { ASSETS, JWT_SECRET } from './server.js';
import { failures, outcomes } from './support.js';

let mock: RunningMock;
let report: Report;
beforeAll(async () => {
  mock = await startMock('callbacks', { port: 0 });
  report = await runSuite('callbacks', {
    baseUrl: mock.url,
    staticMock: true,
    jwtSecret: JWT_SECRET,
    assets: ASSETS,
    timeoutMs: HANG_MS,
  });
});
afterAll(() => mock?.stop());

describe('the callbacks suite against the Prism mock', () => {
  it('fails no check', () => {
    expect(failures(report)).toEqual({});
    expect(report.ok).toBe(true);
  });

  it('skips, never passes, every check that needs real behaviour, saying why', () => {
    const needing = listChecks('callbacks').filter((c) => c.needsBehaviour !== undefined);
    expect(needing.length).toBeGreaterThan(30);
    for (const check of needing) {
      expect(outcomes(report)[check.id]).toMatch(
        /^skip \(needs a back-end with real behaviour \(.+\); the target is a static mock\)$/,
      );
    }
  });

  it('passes what the contract’s examples show', () => {
    const passed = report.checks.filter((c) => c.status === 'pass').map((c) => c.id);
    expect(passed).toEqual([
      'customer.registration-fields',
      'customer.unknown-account',
      'customer.unknown-id',
      'customer.put.returns-id',
      'rate.indicative.by-sell-amount',
      'rate.indicative.by-buy-amount',
      'rate.firm.by-sell-amount',
      'rate.firm.by-buy-amount',
      'rate.delivery-methods',
      'bad-request.rate.missing-type',
      'bad-request.rate.unknown-type',
      'bad-request.rate.malformed-asset',
      'bad-request.rate.non-positive-amount',
      'bad-request.customer.bad-memo-type',
    ]);
  });

  it('without --static-mock, the mock is failed where it cannot behave like a back-end', async () => {
    const live = await runSuite('callbacks', {
      baseUrl: mock.url,
      jwtSecret: JWT_SECRET,
      only: ['customer.status-after-put', 'rate.firm.has-id', 'bad-request.rate.both-amounts'],
    });
    expect(Object.keys(failures(live))).toEqual(['customer.status-after-put', 'rate.firm.has-id']);
    // The platform never sends both amounts: pricing them anyway is only a warning.
    expect(outcomes(live)['bad-request.rate.both-amounts']).toMatch(/^warn/);
  });
});
