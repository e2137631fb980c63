// A correct provider passes every check (with either form of parse error); without
// --allow-submit, sendTransaction is not called.
import { describe, expect, it } from 'vitest';
import { listChecks, runSuite } from '../../src/index.js';
import { failures } from '../callbacks/support.js';
import { startRpcServer } from './server.js';

describe.each(['stellar-rpc', 'json-rpc'] as const)(
  'the correct scripted provider (parse errors as %s)',
  (parseErrors) => {
    it('passes every check with --allow-submit', async () => {
      const server = await startRpcServer({ parseErrors });
      try {
        const report = await runSuite('ledger-rpc', {
          baseUrl: server.url,
          allowSubmit: true,
          timeoutMs: 5000,
        });
        expect(failures(report)).toEqual({});
        expect(report.checks.filter((c) => c.status !== 'pass').map((c) => c.id)).toEqual([]);
        expect(report.checks.map((c) => c.id)).toEqual(listChecks('ledger-rpc').map((c) => c.id));
      } finally {
        await server.close();
      }
    });
  },
);

describe('without --allow-submit', () => {
  it('skips the sendTransaction checks with the reason', async () => {
    const server = await startRpcServer();
    try {
      const report = await runSuite('ledger-rpc', { baseUrl: server.url });
      expect(failures(report)).toEqual({});
      const skipped = report.checks.filter((c) => c.status === 'skip');
      expect(skipped.map((c) => [c.id, c.message])).toEqual([
        ['result.send-transaction', 'sends transactions only with --allow-submit'],
        ['send.rejected-transaction', 'sends transactions only with --allow-submit'],
      ]);
    } finally {
      await server.close();
    }
  });
});
