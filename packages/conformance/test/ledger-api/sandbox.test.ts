// The suite as a user runs it: the starspec-conformance bin, as a process, against both
// Horizon-compatible faces of the workspace: @starspec/sandbox's REST face, and the
// starspec-horizon gateway (@starspec/ledger-index) over the sandbox's RPC. Both are rate limited,
// as Horizon is by default. With --allow-submit every check passes, none skipped: the suite makes
// its own offer, claimable balance and liquidity pool through the friendbot, and the headers of
// the rate limit are on every answer.
import { type Gateway, startGateway } from '@starspec/ledger-index';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { listChecks, type Report } from '../../src/index.js';
import { outcomes } from '../callbacks/support.js';
import { notPassed, runBin } from '../support/run-bin.js';

/** Processes and a network that closes ledgers: slow on a busy machine, never a hang. */
const SLOW_MS = 180_000;
/** Horizon's limiter (a burst of 100) refilled every 3.6 ms: a run of some 130 requests stays under it. */
const RATE_LIMIT = { perHour: 1_000_000 };

const conformance = (args: string[]) => runBin('ledger-api', args);

let net: Sandbox | undefined;
let gateway: Gateway | undefined;
const errors: unknown[] = [];
const onError = (error: unknown) => errors.push(error);

afterEach(async () => {
  await gateway?.stop();
  await net?.stop();
  gateway = undefined;
  net = undefined;
  expect(errors).toEqual([]);
});

/** The records that need an id the suite makes itself: on a fresh network nothing else has them. */
const OWN_RECORDS = [
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
];

function expectEveryCheckPassed(code: number | null, report: Report): void {
  expect(notPassed(report)).toEqual([]);
  expect(report.summary).toMatchObject({ total: listChecks('ledger-api').length, failed: 0, skipped: 0 });
  expect(outcomes(report)['schema.list-offer-trades']).toBe("pass (1 record(s) (the suite's own))");
  expect(outcomes(report)['schema.list-liquidity-pool-trades']).toBe("pass (1 record(s) (the suite's own))");
  expect(outcomes(report)['rate-limit.headers']).toMatch(
    /^pass \(\d+ answer\(s\) with rate-limit headers\)$/,
  );
  expect(code).toBe(0);
}

describe('the ledger-api suite from the command line, with --allow-submit --fail-on-skip', () => {
  it(
    "passes every check against the sandbox's REST face: 0 failed, 0 skipped",
    async () => {
      net = await startSandbox({ port: 0, closeEvery: 50, rateLimit: RATE_LIMIT, onError });
      const { code, report } = await conformance(['--base-url', net.url, '--allow-submit', '--fail-on-skip']);
      expectEveryCheckPassed(code, report);
    },
    SLOW_MS,
  );

  it(
    "passes every check against the gateway over the sandbox's RPC: 0 failed, 0 skipped",
    async () => {
      net = await startSandbox({ port: 0, closeEvery: 50, onError });
      let caughtUp: () => void = () => undefined;
      const ingested = new Promise<void>((resolve) => {
        caughtUp = resolve;
      });
      gateway = await startGateway({
        rpcUrl: net.rpcUrl,
        rateLimit: RATE_LIMIT,
        onProgress: (ledger, latest) => {
          if (ledger >= latest) caughtUp();
        },
        onError,
      });
      await ingested;
      const { code, report } = await conformance([
        '--base-url',
        gateway.url,
        '--allow-submit',
        '--fail-on-skip',
      ]);
      expectEveryCheckPassed(code, report);
    },
    SLOW_MS,
  );
});

describe('without --allow-submit', () => {
  it(
    'the endpoints of records a fresh sandbox has none of skip, saying how the suite would make them',
    async () => {
      net = await startSandbox({ port: 0, closeEvery: 50, onError });
      const { code, report } = await conformance(['--base-url', net.url, '--only', OWN_RECORDS.join(',')]);
      const what = (id: string) =>
        id.includes('claimable-balance')
          ? 'a claimable balance (GET /claimable_balances listed none)'
          : id.includes('liquidity-pool')
            ? 'a liquidity pool (GET /liquidity_pools listed none)'
            : 'an offer (GET /offers listed none)';
      expect(Object.entries(outcomes(report))).toEqual(
        OWN_RECORDS.map((id) => [
          id,
          `skip (needs the id of ${what(id)}; with --allow-submit the suite makes its own through the provider's friendbot)`,
        ]),
      );
      expect(code).toBe(0);
    },
    SLOW_MS,
  );
});
