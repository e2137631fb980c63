// The Soroban checks against @starspec/sandbox (with --allow-submit): the suite uploads and creates
// its probe contract and every soroban.* check passes. The archival check needs a network whose
// minimum persistent TTL is short enough to wait for; on one with the default TTL it skips, and says why.
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { MAX_ARCHIVE_WAIT_LEDGERS } from '../../src/suites/ledger-rpc/checks/archive.js';
import { outcomes } from '../callbacks/support.js';
import { notPassed } from '../support/run-bin.js';

/** A network that closes ledgers and runs contracts: slow on a busy machine, never a hang. */
const SLOW_MS = 180_000;

let net: Sandbox | undefined;
const errors: unknown[] = [];
afterEach(async () => {
  await net?.stop();
  net = undefined;
  expect(errors).toEqual([]);
});

async function run(minPersistentTtl?: number) {
  net = await startSandbox({
    port: 0,
    closeEvery: 50,
    onError: (error) => errors.push(error),
    ...(minPersistentTtl === undefined ? {} : { minPersistentTtl }),
  });
  return runSuite('ledger-rpc', { baseUrl: net.rpcUrl, allowSubmit: true, only: ['soroban.*'] });
}

describe('the soroban checks against the sandbox', () => {
  it(
    'pass, the archived entry restored by the call that reads it',
    async () => {
      const report = await run(MAX_ARCHIVE_WAIT_LEDGERS);
      expect(notPassed(report)).toEqual([]);
      expect(report.checks.map((c) => c.id)).toEqual([
        'soroban.read-call',
        'soroban.write-call',
        'soroban.failing-call',
        'soroban.host-error',
        'soroban.events',
        'soroban.archived-entry',
      ]);
      expect(outcomes(report)['soroban.archived-entry']).toMatch(
        /^pass \(archived at ledger \d+, restored by the call\)$/,
      );
    },
    SLOW_MS,
  );

  it(
    'skip the archival check when the network keeps new entries longer than a run waits',
    async () => {
      const report = await run();
      expect(notPassed(report)).toEqual([
        [
          'soroban.archived-entry',
          'skip',
          expect.stringMatching(
            /^the count the write call stored lives until ledger \d+, \d+ ledgers on: the network's minimum persistent TTL is longer than the 100 ledgers a run waits for an entry to archive$/,
          ),
        ],
      ]);
    },
    SLOW_MS,
  );
});
