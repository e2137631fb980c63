// Against the OpenRPC mock (the generated dispatcher answering the contract's examples): the
// results and the JSON-RPC semantics pass, and what needs a provider's behaviour is skipped.
import { MOCKS, type RunningMock, startMock } from '@starspec/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChecks, type Report, runSuite } from '../../src/index.js';
import { failures, outcomes } from '../callbacks/support.js';

const available = MOCKS.some((m) => m.name === 'ledger-rpc');

describe.skipIf(!available)('the ledger-rpc suite against the OpenRPC mock', () => {
  let mock: RunningMock;
  let report: Report;
  beforeAll(async () => {
    mock = await startMock('ledger-rpc', { port: 0 });
    report = await runSuite('ledger-rpc', { baseUrl: mock.url, staticMock: true, allowSubmit: true });
  });
  afterAll(() => mock?.stop());

  it('fails no check', () => {
    expect(failures(report)).toEqual({});
  });

  it('passes every result, the JSON-RPC semantics and the envelope errors', () => {
    const envelope = (c: { id: string; needsBehaviour?: string }) =>
      /^(result|protocol|errors)\./.test(c.id) && !c.needsBehaviour;
    for (const check of listChecks('ledger-rpc').filter(envelope)) {
      expect(outcomes(report)[check.id]).toMatch(/^pass/);
    }
  });

  it('skips, never passes, what needs a provider’s behaviour', () => {
    const needing = listChecks('ledger-rpc').filter((c) => c.needsBehaviour);
    expect(needing.map((c) => c.id)).toEqual([
      'send.rejected-transaction',
      'submit.pending',
      'submit.lands',
      'submit.duplicate',
      'submit.bad-sequence',
      'submit.failed-apply',
      'soroban.read-call',
      'soroban.write-call',
      'soroban.failing-call',
      'soroban.host-error',
      'soroban.events',
      'soroban.archived-entry',
      'errors.invalid-values',
      'paging.get-ledgers',
      'paging.get-transactions',
      'paging.get-events',
      'paging.walk.get-ledgers',
      'paging.walk.get-transactions',
      'paging.walk.get-events',
      'paging.end.get-ledgers',
      'paging.end.get-transactions',
      'paging.end.get-events',
      'retention.window',
      'retention.before-oldest',
      'retention.after-latest',
    ]);
    for (const check of needing)
      expect(outcomes(report)[check.id]).toMatch(/^skip \(needs a back-end with real behaviour/);
  });
});
