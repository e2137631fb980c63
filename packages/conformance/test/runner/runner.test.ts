// The runner: selection with --only, static-mock skips, failures and skips thrown by checks,
// contract problems, crashes, and requests shared by several checks.
import { describe, expect, it } from 'vitest';
import {
  type CheckDefinition,
  CheckFailure,
  type CheckLevel,
  selectChecks,
  skip,
  UsageError,
} from '../../src/index.js';
import { neverSent, Probes, runChecks, type SuiteDefinition } from '../../src/runner.js';

interface State {
  probes: Probes;
  calls: string[];
}

const check = (
  id: string,
  run: CheckDefinition<State>['run'],
  needsBehaviour?: string,
  level: CheckLevel = 'must',
): CheckDefinition<State> => ({
  id,
  title: `the ${id} check`,
  level,
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
    expect(report.summary).toEqual({ total: 7, passed: 2, warned: 0, failed: 4, skipped: 1 });
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

describe('levels', () => {
  const tolerated = {
    expected: 'the contract’s form',
    found: 'a form the caller reads anyway',
    level: 'should',
  } as const;
  const LEVELLED: CheckDefinition<State>[] = [
    check(
      'l.should-fails',
      async () => {
        throw new CheckFailure('not as the contract asks', [{ expected: 'as asked', found: 'otherwise' }]);
      },
      undefined,
      'should',
    ),
    check('l.must-tolerated', async (_s, t) => t.problem(tolerated)),
    check('l.must-both', async (_s, t) => {
      t.problem(tolerated);
      t.problem({ expected: 'an answer the caller reads', found: 'one it cannot read' });
    }),
    check(
      'l.should-graver-problem',
      async (_s, t) => {
        t.problem({ expected: 'an answer the caller reads', found: 'one it cannot read' });
        throw new CheckFailure('not as the contract asks', [{ expected: 'as asked' }]);
      },
      undefined,
      'should',
    ),
    check('l.empty-failure', async () => {
      throw new CheckFailure('failed without evidence');
    }),
    check(
      'l.should-no-answer',
      async () => {
        throw new CheckFailure('no answer', [{ expected: 'an answer', error: 'connection refused' }]);
      },
      undefined,
      'should',
    ),
    check('l.never-sent', async (_s, t) =>
      neverSent(t).problem({ expected: 'a conforming answer', found: 'an answer outside the contract' }),
    ),
  ];
  const run = (strict: boolean) =>
    runChecks(
      {
        name: 'callbacks',
        title: 't',
        checks: LEVELLED,
        prepare: () => ({ probes: new Probes(), calls: [] }),
      },
      { baseUrl: 'http://127.0.0.1:9', strict },
    );

  it('warns for problems of level should only, fails for any of level must', async () => {
    const report = await run(false);
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId['l.should-fails']).toMatchObject({
      level: 'should',
      status: 'warn',
      message: 'not as the contract asks',
      evidence: [{ level: 'should' }],
    });
    expect(byId['l.must-tolerated']).toMatchObject({
      level: 'must',
      status: 'warn',
      message: 'a form the caller reads anyway',
    });
    expect(byId['l.must-both']).toMatchObject({ status: 'fail', message: 'one it cannot read' });
    expect(byId['l.must-both']?.evidence.map((e) => e.level)).toEqual(['should', 'must']);
    // A contract problem of level must fails even a should-check.
    expect(byId['l.should-graver-problem']).toMatchObject({ status: 'fail', message: 'one it cannot read' });
    expect(byId['l.empty-failure']).toMatchObject({
      status: 'fail',
      evidence: [{ expected: 'failed without evidence', level: 'must' }],
    });
    // No answer at all leaves nothing to judge, whatever the check's level.
    expect(byId['l.should-no-answer']).toMatchObject({ status: 'fail', message: 'no answer' });
    // The answer to a request the real caller never makes cannot break it.
    expect(byId['l.never-sent']).toMatchObject({
      status: 'warn',
      message: 'an answer outside the contract (the real caller never makes this request)',
    });
    expect(report.summary).toEqual({ total: 7, passed: 0, warned: 3, failed: 4, skipped: 0 });
    expect(report.strict).toBe(false);
  });

  it('warnings do not fail the run; a strict run fails them', async () => {
    const only = {
      name: 'callbacks' as const,
      title: 't',
      prepare: () => ({ probes: new Probes(), calls: [] }),
    };
    const warnOnly = LEVELLED.slice(0, 2);
    const relaxed = await runChecks({ ...only, checks: warnOnly }, { baseUrl: 'http://127.0.0.1:9' });
    expect(relaxed.ok).toBe(true);
    const strict = await runChecks(
      { ...only, checks: warnOnly },
      { baseUrl: 'http://127.0.0.1:9', strict: true },
    );
    expect(strict.checks.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(strict).toMatchObject({ ok: false, strict: true });
    expect((await run(true)).summary).toMatchObject({ warned: 0, failed: 7 });
  });
});
