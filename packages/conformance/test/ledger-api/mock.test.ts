// Against the Prism mock of the ledger REST contract: every endpoint's example validates, and
// every check that needs a provider's behaviour (paging, lookups, submission) is skipped.
import { type RunningMock, startMock } from '@starspec/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChecks, type Report, runSuite } from '../../src/index.js';
import { failures, outcomes } from '../callbacks/support.js';
import { HANG_MS } from '../support/hang.js';

let mock: RunningMock;
let report: Report;
beforeAll(async () => {
  mock = await startMock('ledger-api', { port: 0 });
  report = await runSuite('ledger-api', {
    baseUrl: mock.url,
    staticMock: true,
    allowSubmit: true,
    timeoutMs: HANG_MS,
  });
});
afterAll(() => mock?.stop());

describe('the ledger-api suite against the Prism mock', () => {
  it('fails no check', () => {
    expect(failures(report)).toEqual({});
  });

  it('passes the schema of every endpoint', () => {
    const schema = listChecks('ledger-api').filter((c) => c.id.startsWith('schema.'));
    expect(schema).toHaveLength(47);
    for (const check of schema) expect(outcomes(report)[check.id]).toMatch(/^pass/);
  });

  it('skips, never passes, what needs a provider’s behaviour', () => {
    for (const check of listChecks('ledger-api').filter((c) => c.needsBehaviour)) {
      expect(outcomes(report)[check.id]).toMatch(/^skip \(needs a back-end with real behaviour/);
    }
    // Prism sends no rate-limit headers: as Horizon with its rate limit off.
    expect(outcomes(report)['rate-limit.headers']).toMatch(
      /^skip \(none of \d+ answer\(s\) carried X-Ratelimit-\* headers: the provider does not limit the rate \(as Horizon with --per-hour-rate-limit 0\); they are checked when sent\)$/,
    );
  });
});
