import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sorobanData } from '../support/shared.js';
import { compareRun, relativeDifference } from './compare.js';
import { readTrace } from './read-trace.js';
import { traceAsRun } from './replay.js';
import type { ObservedRun, ObservedStep } from './types.js';

const trace = readTrace(
  'snippet.json',
  JSON.stringify({
    '   0 begin': 'cpu:100, mem:10',
    '   1 call vec_new()': '',
    '   2 ret vec_new -> Ok(Vec(obj#1))': 'cpu:600, mem:90',
    '   3 call call(Address(obj#3), Symbol(add), Vec(obj#5))': 'cpu:700',
    '   4 push VM:58f13912:add(I32(4), I32(7))': 'cpu:1000, mem:200',
    '   5 call obj_cmp(Vec(obj#1), Vec(obj#1))': '',
    '   6 ret obj_cmp -> Ok(0)': 'cpu:1100',
    '   7 pop VM:58f13912:add -> Ok(I32(11))': '',
    '   8 ret call -> Ok(I32(11))': 'cpu:1200',
    '   9 end': 'cpu:1200, mem:200',
  }),
);

type Edit = (run: ObservedRun) => void;
const at = (run: ObservedRun, i: number) => run.steps[i] as ObservedStep;

describe('compareRun', () => {
  const cases: {
    name: string;
    edit: Edit;
    options?: Parameters<typeof compareRun>[2];
    want: { matched: number; reason?: string; exact: boolean; within: boolean };
  }[] = [
    { name: 'the trace itself', edit: () => {}, want: { matched: 8, exact: true, within: true } },
    {
      name: 'a different result',
      edit: (r) => {
        const s = at(r, 5);
        if (s.kind === 'ret') s.result = { ok: true, value: { kind: 'int', value: 1n } };
      },
      want: { matched: 5, reason: 'result', exact: true, within: true },
    },
    {
      name: 'a different error code',
      edit: (r) => {
        const s = at(r, 7);
        if (s.kind === 'ret') s.result = { ok: false, error: { type: 'WasmVm', code: 'InvalidAction' } };
      },
      want: { matched: 7, reason: 'result', exact: true, within: true },
    },
    {
      name: 'a different argument',
      edit: (r) => {
        const s = at(r, 0);
        if (s.kind === 'call') s.args = [{ kind: 'small', type: 'U32', value: 1n }];
      },
      want: { matched: 0, reason: 'sequence', exact: true, within: true },
    },
    {
      name: 'a missing line',
      edit: (r) => r.steps.splice(4, 2),
      want: { matched: 4, reason: 'sequence', exact: true, within: true },
    },
    {
      name: 'a run that stops early',
      edit: (r) => r.steps.splice(6),
      want: { matched: 6, reason: 'missing', exact: true, within: true },
    },
    {
      name: 'an extra line at the end',
      edit: (r) => r.steps.push({ kind: 'call', name: 'vec_new', args: [], cpu: 1200, mem: 200 }),
      want: { matched: 8, reason: 'extra', exact: true, within: true },
    },
    {
      name: 'cpu 2% over on one line',
      edit: (r) => {
        at(r, 3).cpu = 1020;
      },
      want: { matched: 8, exact: false, within: true },
    },
    {
      name: 'mem 10% under on one line',
      edit: (r) => {
        at(r, 1).mem = 81;
      },
      want: { matched: 8, exact: false, within: false },
    },
    {
      name: 'mem 10% under within a 20% tolerance',
      edit: (r) => {
        at(r, 1).mem = 81;
      },
      options: { tolerance: 0.2 },
      want: { matched: 8, exact: false, within: true },
    },
    {
      name: 'a different begin budget',
      edit: (r) => {
        r.begin.cpu = 0;
      },
      want: { matched: 8, exact: false, within: false },
    },
    {
      name: 'nested lines missing, top level only',
      edit: (r) => r.steps.splice(3, 4),
      options: { topLevelOnly: true },
      want: { matched: 4, exact: true, within: true },
    },
  ];
  it.each(cases)('$name', ({ edit, options, want }) => {
    const run = traceAsRun(trace);
    edit(run);
    const c = compareRun(trace, run, options);
    expect({
      matched: c.matched,
      reason: c.divergence?.reason,
      exact: c.budget.exact,
      within: c.budget.withinTolerance,
    }).toEqual(want);
  });

  it('prints the divergence with context and the budget miss with percentages', () => {
    const run = traceAsRun(trace);
    const s = at(run, 5);
    if (s.kind === 'ret') s.result = { ok: true, value: { kind: 'int', value: 1n } };
    at(run, 1).cpu = 660;
    expect(compareRun(trace, run, { context: 1 }).diff).toBe(
      [
        'snippet.json: 5/8 lines match',
        'first divergence (result) at #5:',
        '  #4 call obj_cmp(Vec(obj#1), Vec(obj#1))',
        '- #5 ret obj_cmp -> Ok(0)',
        '+ #5 ret obj_cmp -> Ok(1)',
        'budget differs at #1 ret vec_new -> Ok(Vec(obj#1))',
        '  want cpu 600 mem 90',
        '  got  cpu 660 mem 90  (cpu +10.00%, mem =)',
        'budget beyond 5% at #1 ret vec_new -> Ok(Vec(obj#1))',
        '  want cpu 600 mem 90',
        '  got  cpu 660 mem 90  (cpu +10.00%, mem =)',
      ].join('\n'),
    );
  });

  it.each([
    [100, 100, 0],
    [100, 105, 0.05],
    [0, 0, 0],
    [0, 1, Number.POSITIVE_INFINITY],
  ])('relativeDifference(%d, %d) = %d', (want, got, r) =>
    expect(relativeDifference(want, got)).toBeCloseTo(r),
  );

  it('ignores leading zeros of frame ids', () => {
    const run = traceAsRun(trace);
    const s = at(run, 3);
    if (s.kind === 'push') s.frame = { ...s.frame, id: '058f13912' };
    expect(compareRun(trace, run).divergence).toBeUndefined();
  });
});

describe.skipIf(!sorobanData)('compareRun on the real traces', () => {
  const dir = join(sorobanData ?? '', 'observations-23');
  const files = sorobanData ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  it('finds every trace equal to itself, and a changed last result at its line', () => {
    for (const file of files) {
      const t = readTrace(file, readFileSync(join(dir, file), 'utf8'));
      const run = traceAsRun(t);
      const same = compareRun(t, run);
      expect(same.divergence, file).toBeUndefined();
      expect(same.budget.exact, file).toBe(true);
      const lastRet = run.steps.findLastIndex((s) => s.kind === 'ret');
      if (lastRet < 0) continue;
      const s = run.steps[lastRet] as ObservedStep;
      if (s.kind === 'ret') s.result = { ok: false, error: { type: 'Events', code: 'ExistingValue' } };
      expect(compareRun(t, run).divergence, file).toMatchObject({ at: lastRet, reason: 'result' });
    }
  });
});
