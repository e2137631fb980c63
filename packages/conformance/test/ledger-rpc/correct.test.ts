// A correct scripted provider passes every check (with either form of parse error) but the
// submission lifecycle and the Soroban calls, which need funded accounts: it has no friendbot, so
// those skip with the reason (the sandbox passes them: sandbox.test.ts). Without --allow-submit,
// nothing is sent.
import { describe, expect, it } from 'vitest';
import { listChecks, runSuite } from '../../src/index.js';
import { failures } from '../callbacks/support.js';
import { HANG_MS } from '../support/hang.js';
import { startRpcServer } from './server.js';

/** The checks that need accounts funded by a friendbot. */
const FUNDED = listChecks('ledger-rpc')
  .map((c) => c.id)
  .filter((id) => /^(submit|soroban)\./.test(id));

const skipped = (report: Awaited<ReturnType<typeof runSuite>>) =>
  report.checks.filter((c) => c.status !== 'pass').map((c) => [c.id, c.status, c.message]);

describe.each(['stellar-rpc', 'json-rpc'] as const)(
  'the correct scripted provider (parse errors as %s)',
  (parseErrors) => {
    it('passes every check with --allow-submit; those that need funded accounts skip: no friendbot', async () => {
      const server = await startRpcServer({ parseErrors });
      try {
        const report = await runSuite('ledger-rpc', {
          baseUrl: server.url,
          allowSubmit: true,
          timeoutMs: HANG_MS,
        });
        expect(failures(report)).toEqual({});
        expect(skipped(report)).toEqual(
          FUNDED.map((id) => [
            id,
            'skip',
            'needs funded accounts, and the provider has no friendbot (getNetwork answers no friendbotUrl)',
          ]),
        );
        expect(report.checks.map((c) => c.id)).toEqual(listChecks('ledger-rpc').map((c) => c.id));
      } finally {
        await server.close();
      }
    });
  },
);

describe('without --allow-submit', () => {
  it('skips the checks that send transactions, with the reason', async () => {
    const server = await startRpcServer();
    try {
      const report = await runSuite('ledger-rpc', { baseUrl: server.url });
      expect(failures(report)).toEqual({});
      expect(skipped(report)).toEqual(
        ['result.send-transaction', 'send.rejected-transaction', ...FUNDED].map((id) => [
          id,
          'skip',
          'sends transactions only with --allow-submit',
        ]),
      );
    } finally {
      await server.close();
    }
  });
});
