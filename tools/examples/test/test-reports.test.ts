// `npm test` sums every package's vitest report and names each failure next to its summary line,
// so a log read from its end says what failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readReports } from '../../../scripts/test-reports.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

type Test = { fullName: string; status: string; failureMessages: string[] };
function report(
  root: string,
  pkg: string,
  files: { name: string; status: string; message?: string; tests: Test[] }[],
) {
  const dir = join(root, 'packages', pkg);
  mkdirSync(join(dir, 'test-results'), { recursive: true });
  const tests = files.flatMap((file) => file.tests);
  const count = (status: string) => tests.filter((test) => test.status === status).length;
  const body = {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: 0,
    testResults: files.map((file) => ({
      name: join(dir, file.name),
      status: file.status,
      message: file.message ?? '',
      assertionResults: file.tests,
    })),
  };
  writeFileSync(join(dir, 'test-results', 'vitest.json'), JSON.stringify(body));
}

const table: {
  given: string;
  files: { name: string; status: string; message?: string; tests: Test[] }[];
  want: { totals: object; failures: string[] };
}[] = [
  {
    given: 'all passed',
    files: [
      {
        name: 'test/a.test.ts',
        status: 'passed',
        tests: [{ fullName: 'a works', status: 'passed', failureMessages: [] }],
      },
    ],
    want: { totals: { passed: 1, failed: 0, skipped: 0, failedFiles: 0 }, failures: [] },
  },
  {
    given: 'a failed test, named with its first message line',
    files: [
      {
        name: 'test/b.test.ts',
        status: 'failed',
        tests: [
          { fullName: 'b keeps going', status: 'passed', failureMessages: [] },
          {
            fullName: 'b stops',
            status: 'failed',
            failureMessages: ['\nAssertionError: expected 1 to be 2\n    at b.test.ts:3'],
          },
        ],
      },
    ],
    want: {
      totals: { passed: 1, failed: 1, skipped: 0, failedFiles: 0 },
      failures: ['packages/p/test/b.test.ts > b stops: AssertionError: expected 1 to be 2'],
    },
  },
  {
    given: 'a file whose hook failed before its tests',
    files: [
      {
        name: 'test/c.test.ts',
        status: 'failed',
        message: 'Hook timed out',
        tests: [{ fullName: 'c never ran', status: 'skipped', failureMessages: [] }],
      },
    ],
    want: {
      totals: { passed: 0, failed: 0, skipped: 1, failedFiles: 1 },
      failures: ['packages/p/test/c.test.ts: Hook timed out'],
    },
  },
];

describe('readReports', () => {
  it.each(table)('$given', ({ files, want }) => {
    const root = mkdtempSync(join(tmpdir(), 'starspec-reports-'));
    folders.push(root);
    report(root, 'p', files);
    expect(readReports(root)).toEqual(want);
  });

  it('cuts a long message line at 300 characters', () => {
    const root = mkdtempSync(join(tmpdir(), 'starspec-reports-'));
    folders.push(root);
    const long = 'x'.repeat(400);
    report(root, 'p', [
      {
        name: 't.test.ts',
        status: 'failed',
        tests: [{ fullName: 'long', status: 'failed', failureMessages: [long] }],
      },
    ]);
    expect(readReports(root).failures[0]).toBe(`packages/p/t.test.ts > long: ${'x'.repeat(300)}…`);
  });
});
