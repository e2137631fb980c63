#!/usr/bin/env node
// `npm test`: installs what is missing, lints the specs and the code, and runs every package's tests.
// Extra arguments go to turbo (e.g. `npm test -- --force`). Ends with one summary line over all packages.
import { availableParallelism } from 'node:os';
import { BROWSER_HINT } from '../tools/browser-finder/src/index.mjs';
import { readReports } from './test-reports.mjs';
import { browserForTests, ensureInstalled, pnpm, root, turboEnv } from './toolchain.mjs';

console.log(`starspec: testing on Node ${process.version}`);
ensureInstalled();
const code = pnpm(
  [
    'exec',
    'turbo',
    'run',
    'lint:specs',
    'lint:code',
    'lint',
    'test',
    '--output-logs=new-only',
    '--continue',
    // Turbo's default (10 tasks at once) on a 2-core machine makes every test wait for the CPU,
    // ten times as long as alone for those that start processes. One more than the cores left
    // the CPU idle 40% of a run on two cores (tests wait on browsers, child processes and
    // PostgreSQL) while the longest package waited for a turn: two more keep it busy.
    `--concurrency=${availableParallelism() + 2}`,
    ...process.argv.slice(2),
  ],
  { env: turboEnv() },
);

const { totals, failures } = readReports(root);
for (const failure of failures) console.log(`FAILED ${failure}`);
// Without a browser the browser tests are skipped; the summary line says so and how to get one.
const browser = browserForTests();
const hint = browser === 'none' ? ` (${BROWSER_HINT})` : '';
const files = totals.failedFiles > 0 ? `, ${totals.failedFiles} test file(s) failed before their tests` : '';
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${files}${hint}`,
);

process.exit(code !== 0 ? code : totals.failed + totals.failedFiles > 0 ? 1 : 0);
