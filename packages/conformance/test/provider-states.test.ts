// Every ledger suite, with and without --allow-submit, against correct providers in the states a
// real one can be in when its CI runs the suite: one ledger old, just started (two or three
// ledgers), with its retention trimmed (the oldest ledger moves on as each new one closes),
// rate-limited (429 with Retry-After), and a starspec-horizon gateway started late (its elder
// ledger is recent). A correct provider fails no check in any of them: a check that lacks the
// history it needs waits for it, makes it, or skips with the reason.
import { afterEach, describe, expect, it } from 'vitest';
import { type Report, runSuite, type SuiteName } from '../src/index.js';
import { failures } from './callbacks/support.js';
import { type Provider, type StateOptions, startProvider } from './support/provider-states.js';

/** A network that closes ledgers and suites that wait for them: slow on a busy machine, never a hang. */
const SLOW_MS = 300_000;

const STATES: Record<string, Omit<StateOptions, 'onError'>> = {
  'one ledger old': {},
  'just started': { closedBefore: 1 },
  // Its oldest ledger moves on with every close; a window of two minutes of ledgers, as a real
  // provider's is hours long, so a run on a busy machine is not outpaced by the trimming.
  'retention trimmed': { closedBefore: 150, retention: 120 },
  'rate-limited': { closedBefore: 1, rateLimit: { perHour: 36_000, burst: 20 } },
  'a gateway that started late': { closedBefore: 50, lateGateway: true },
};

const RUNS: { suite: SuiteName; allowSubmit: boolean }[] = [
  { suite: 'ledger-rpc', allowSubmit: false },
  { suite: 'ledger-rpc', allowSubmit: true },
  { suite: 'ledger-api', allowSubmit: false },
  { suite: 'ledger-api', allowSubmit: true },
];

let provider: Provider | undefined;
const errors: unknown[] = [];
afterEach(async () => {
  await provider?.stop();
  provider = undefined;
  expect(errors).toEqual([]);
});

const nameOf = ({ suite, allowSubmit }: (typeof RUNS)[number]) =>
  `${suite}${allowSubmit ? ' --allow-submit' : ''}`;

/** The checks each run must pass, not skip: they wait for the history they need. */
const WAITED: Record<SuiteName, string[]> = {
  'ledger-rpc': ['paging.get-ledgers', 'paging.walk.get-ledgers', 'paging.end.get-ledgers'],
  'ledger-api': ['paging.records-in-order', 'paging.next-after-last', 'paging.prev-reverses'],
  callbacks: [],
};

/** What a run came to: its failures, and the outcome of the checks that wait for history. */
const verdictOf = (suite: SuiteName, report: Report) => ({
  failures: failures(report),
  waited: WAITED[suite].map((id) => [id, report.checks.find((c) => c.id === id)?.status]),
});

describe.each(Object.entries(STATES))('a correct provider %s', (_, state) => {
  it(
    'fails no check of any ledger suite, with or without --allow-submit',
    async () => {
      const started = await startProvider({ ...state, onError: (error) => errors.push(error) });
      provider = started;
      started.tick();
      // The runs go at once, as several CI jobs against one provider would.
      const verdicts = await Promise.all(
        RUNS.map(async (run) => {
          const report = await runSuite(run.suite, {
            baseUrl: run.suite === 'ledger-rpc' ? started.rpcUrl : started.restUrl,
            allowSubmit: run.allowSubmit,
            timeoutMs: 60_000,
          });
          return [nameOf(run), verdictOf(run.suite, report)];
        }),
      );
      expect(Object.fromEntries(verdicts)).toEqual(
        Object.fromEntries(
          RUNS.map((run) => [
            nameOf(run),
            { failures: {}, waited: WAITED[run.suite].map((id) => [id, 'pass']) },
          ]),
        ),
      );
    },
    SLOW_MS,
  );
});
