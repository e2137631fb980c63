// The runner: selection with --only, static-mock skips, failures and skips thrown by checks,
// contract problems, crashes, and requests shared by several checks.
import { describe, expect, it } from 'vitest';
import { type CheckDefinition, CheckFailure, selectChecks, skip, UsageError } from '../../src/index.js';
import { Probes, runChecks, type SuiteDefinition } from '../../src/runner.js';

interface State {
  probes: Probes;
  calls: string[];
}

const check = (
  id: string,
  run: CheckDefinition<State>['run'],
  needsBehaviour?: string,
): CheckDefinition<State> => ({
  id,
  title: `the ${id} check`,
  run,
  ...(needsBehaviour ? { needsBehaviour } : {}),
});

const shared = (state: State, t: Parameters<CheckDefinition<State>['run']>[1]) =>
  state.probes.use(t, 'shared', async (r) => {
    state.calls.push('shared');
    r.problem({ expected: 'a conforming answer', found: 'a shared answer outside the contract' });
    return 42;
  });

const CHECKS: CheckDefinition<State>[] = [
  check('a.pass', async (_s, t) => t.note('all good')),
  check('a.fail', async () => {
    throw new CheckFailure('wrong', [{ expected: 'right', found: 'wrong' }]);
  }),
  check('a.skip', async () => skip('nothing to check')),
  check('b.crash', async () => {
    throw new TypeError('x is undefined');
  }),
  check('b.behaviour', async () => undefined, 'state kept between requests'),
  check('c.shared-1', async (s, t) => {
    expect(await shared(s, t)).toBe(42);
  }),
  check('c.shared-2', async (s, t) => {
    expect(await shared(s, t)).toBe(42);
  }),
];

function suite(): SuiteDefinition<object, State> {
  return {
    name: 'callbacks',
    title: 'test',
    checks: CHECKS,
    prepare: () => ({ probes: new Probes(), calls: [] }),
  };
}

describe('selectChecks', () => {
  it('selects every check by default, ids exactly, and prefixes ending in *', () => {
    expect(selectChecks(CHECKS, undefined)).toHaveLength(CHECKS.length);
    expect(selectChecks(CHECKS, ['a.fail', 'c.*']).map((c) => c.id)).toEqual([
      'a.fail',
      'c.shared-1',
      'c.shared-2',
    ]);
  });

  it('refuses an id that selects nothing', () => {
    expect(() => selectChecks(CHECKS, ['a.pass', 'a.nope'])).toThrow(UsageError);
    expect(() => selectChecks(CHECKS, ['a'])).toThrow(/no check has the id 'a'/);
  });
});

describe('runChecks', () => {
  it('turns each outcome into a result, in order, with a summary', async () => {
    const events: string[] = [];
    const report = await runChecks(suite(), {
      baseUrl: 'http://127.0.0.1:9',
      onProgress: (e) => events.push(e.type === 'check-end' ? `${e.result.id}:${e.result.status}` : e.type),
    });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId['a.pass']).toMatchObject({ status: 'pass', message: 'all good', evidence: [] });
    expect(byId['a.fail']).toMatchObject({
      status: 'fail',
      message: 'wrong',
      evidence: [{ expected: 'right' }],
    });
    expect(byId['a.skip']).toMatchObject({ status: 'skip', message: 'nothing to check' });
    expect(byId['b.crash']).toMatchObject({
      status: 'fail',
      message: 'the check could not run: x is undefined',
    });
    expect(byId['b.behaviour']?.status).toBe('pass');
    // A problem of a shared request fails every check that used it.
    expect(byId['c.shared-1']).toMatchObject({
      status: 'fail',
      message: 'a shared answer outside the contract',
    });
    expect(byId['c.shared-2']).toMatchObject({
      status: 'fail',
      message: 'a shared answer outside the contract',
    });
    expect(report.summary).toEqual({ total: 7, passed: 2, failed: 4, skipped: 1 });
    expect(report.ok).toBe(false);
    expect(events[0]).toBe('suite-start');
    expect(events.filter((e) => e.includes(':'))).toHaveLength(7);
  });

  it('makes a shared request once per run', async () => {
    const definition = suite();
    let state: State | undefined;
    const prepare = definition.prepare;
    definition.prepare = (o) => {
      state = prepare(o) as State;
      return state;
    };
    await runChecks(definition, { baseUrl: 'http://127.0.0.1:9', only: ['c.*'] });
    expect(state?.calls).toEqual(['shared']);
  });

  it('skips the checks that need behaviour on a static mock, with the reason', async () => {
    const report = await runChecks(suite(), {
      baseUrl: 'http://127.0.0.1:9',
      staticMock: true,
      only: ['b.behaviour'],
    });
    expect(report.checks[0]).toMatchObject({
      status: 'skip',
      message:
        'needs a back-end with real behaviour (state kept between requests); the target is a static mock',
    });
    expect(report.ok).toBe(true);
  });
});
