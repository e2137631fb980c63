// The suite as a user runs it: the starspec-conformance bin, as a process, against
// @starspec/sandbox (a real local network with a friendbot). With --allow-submit every check
// passes, none skipped: the submission lifecycle on funded accounts, simulation and Soroban calls
// on the suite's own contract, and paging over traffic the suite makes itself when the ledger has
// too little.
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { listChecks } from '../../src/index.js';
import { MAX_ARCHIVE_WAIT_LEDGERS } from '../../src/suites/ledger-rpc/checks/archive.js';
import { outcomes } from '../callbacks/support.js';
import { notPassed, runBin } from '../support/run-bin.js';

/** A process and a network that closes ledgers: slow on a busy machine, never a hang. */
const SLOW_MS = 180_000;
const conformance = (args: string[]) => runBin('ledger-rpc', args);

let net: Sandbox | undefined;
const errors: unknown[] = [];
/**
 * A fresh sandbox: ledger 2 (friendbot's channel accounts) holds its only transaction. New
 * persistent entries archive soon enough for soroban.archived-entry to wait for one.
 */
async function fresh(): Promise<Sandbox> {
  net = await startSandbox({
    port: 0,
    closeEvery: 50,
    minPersistentTtl: MAX_ARCHIVE_WAIT_LEDGERS,
    onError: (error) => errors.push(error),
  });
  return net;
}
afterEach(async () => {
  await net?.stop();
  net = undefined;
  expect(errors).toEqual([]);
});

describe('the ledger-rpc suite against the sandbox, from the command line', () => {
  it(
    'passes every check with --allow-submit: 0 failed, 0 skipped',
    async () => {
      const { rpcUrl } = await fresh();
      const { code, report } = await conformance(['--base-url', rpcUrl, '--allow-submit', '--fail-on-skip']);
      expect(notPassed(report)).toEqual([]);
      expect(report.summary).toMatchObject({ total: listChecks('ledger-rpc').length, failed: 0, skipped: 0 });
      expect(code).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'makes its own traffic to page through when the ledger has too little',
    async () => {
      const { rpcUrl } = await fresh();
      const { code, report } = await conformance([
        '--base-url',
        rpcUrl,
        '--allow-submit',
        '--only',
        'paging.*',
      ]);
      expect(notPassed(report)).toEqual([]);
      expect(outcomes(report)['paging.walk.get-transactions']).toMatch(
        /^pass \(\d+ pages of 3: \d+ transactions across \d+ ledgers \(after [1-5] payments made as traffic\)\)$/,
      );
      expect(code).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'without --allow-submit, says why there is nothing to page through',
    async () => {
      const { rpcUrl } = await fresh();
      const { code, report } = await conformance(['--base-url', rpcUrl, '--only', 'paging.walk.*']);
      expect(outcomes(report)['paging.walk.get-transactions']).toMatch(
        /^skip \(from ledger \d+, only [01] ledger\(s\) hold transactions: fewer than 5 to page across; with --allow-submit the suite makes its own traffic\)$/,
      );
      expect(code).toBe(0);
    },
    SLOW_MS,
  );
});
