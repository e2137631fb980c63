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
    // ten times as long as alone for those that start processes; one more than the cores keeps
    // them busy while tests wait on browsers and child processes.
    `--concurrency=${availableParallelism() + 1}`,
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
