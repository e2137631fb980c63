// Reports to render: a real run with passes, failures and skips, and one with hostile text.
import type { Report } from '../../src/index.js';
import { runAgainstServer } from '../callbacks/support.js';

/**
 * API-key auth (auth.expired-credential is skipped) and firm quotes without ids (rate.firm.has-id
 * fails, rate.firm.unique-ids is skipped), served to requests without a key (auth.missing-credential
 * fails), pricing requests with both delivery methods (bad-request.rate.both-delivery-methods warns).
 */
export function mixedReport(): Promise<Report> {
  return runAgainstServer({
    auth: 'api-key',
    breaks: ['firm-without-id', 'auth-optional', 'accept-both-methods'],
  });
}

/** Text every reporter must carry safely: markup, quotes, control characters, astral characters. */
export const HOSTILE = 'a <b>&amp;</b> "quoted" \'single\' ]]> \u0001\u0007 tab\there\nline 😀 \uFFFE';

export function hostileReport(): Report {
  return {
    tool: { name: '@starspec/conformance', version: '0.0.0' },
    suite: 'callbacks',
    target: `http://127.0.0.1:1/?q=${HOSTILE}`,
    startedAt: '2026-11-21T12:00:00.000Z',
    durationMs: 12,
    strict: false,
    ok: false,
    summary: { total: 4, passed: 1, warned: 1, failed: 1, skipped: 1 },
    checks: [
      {
        id: 'x.pass',
        title: HOSTILE,
        level: 'must',
        status: 'pass',
        message: HOSTILE,
        evidence: [],
        durationMs: 1,
      },
      {
        id: 'x.fail',
        title: HOSTILE,
        level: 'must',
        status: 'fail',
        message: HOSTILE,
        durationMs: 2,
        evidence: [
          {
            expected: HOSTILE,
            found: HOSTILE,
            request: {
              method: 'GET',
              url: 'http://127.0.0.1:1/x',
              headers: { 'x-h': HOSTILE },
              body: { t: HOSTILE },
            },
            response: { status: 400, headers: { 'content-type': 'application/json' }, body: HOSTILE },
          },
          { expected: 'an answer', error: `no answer within 5 ms ${HOSTILE}` },
        ],
      },
      {
        id: 'x.warn',
        title: HOSTILE,
        level: 'should',
        status: 'warn',
        message: HOSTILE,
        durationMs: 1,
        evidence: [{ expected: HOSTILE, found: HOSTILE, level: 'should' }],
      },
      {
        id: 'x.skip',
        title: HOSTILE,
        level: 'must',
        status: 'skip',
        message: HOSTILE,
        evidence: [],
        durationMs: 0,
      },
    ],
  };
}
