// The one vitest config of the workspace: a project per package, each with its own include
// patterns, timeouts and global setup. vitest finds this file from any folder below it; started in
// a package's folder (its `test` script, or `npx vitest run [file]` there) it runs that package's
// project alone, so turbo still tests and caches each package on its own. Started here, it runs
// every project (`--project @starspec/<name>` picks some).
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = realpathSync(fileURLToPath(new URL('.', import.meta.url)));

type ProjectOptions = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The one time limit of every test and hook: it only catches a hang. The machines that run the
 * suite are shared (two busy cores may run it ten times slower), so a limit near a normal run
 * would decide verdicts; this one is far above any loaded run (the longest test, the gateway's
 * differential crawl, took 7 to over 10 minutes with two suites at once on two cores). Tests keep
 * no shorter limits of their own, and wait on events rather than on deadlines.
 */
const HANG_MS = 20 * 60_000;

const TS_TESTS = ['test/**/*.test.ts'];
const MJS_TESTS = ['test/**/*.test.mjs'];

// What a package's project sets beyond running test/**/*.test.ts with the hang limit.
const overrides: Record<string, ProjectOptions> = {
  'apps/anchor': {
    // The CLI and durability tests start dist/main.js: build it first when src/ is newer.
    globalSetup: ['test/support/global-setup.ts'],
  },
  'apps/mock': { include: MJS_TESTS },
  'packages/conformance': {
    // The CLI tests start dist/bin.js, the anchor tests the reference anchor's dist/main.js, the
    // ledger-rpc tests the sandbox's dist: each is built first when missing or older than its sources.
    globalSetup: ['test/support/global-setup.ts'],
  },
  'packages/ledger-index': {
    // The sandbox serves this package's face, so it cannot be a dependency of it: the tests take its
    // build as their ledger (turbo.json builds it before them).
    alias: { '@starspec/sandbox': join(root, 'packages/sandbox/dist/index.js') },
    // A throwaway PostgreSQL cluster for the store tests, when the machine has one.
    globalSetup: ['test/support/global-setup.ts'],
  },
  'packages/sandbox': {
    // The CLI tests start dist/cli.js: built first when missing or older than its sources.
    globalSetup: ['test/support/global-setup.ts'],
  },
  'tools/bench': { include: MJS_TESTS },
  'tools/examples': {
    globalSetup: ['test/global-setup.ts'],
  },
};

/** Every workspace package (a folder with a package.json under apps/, packages/ or tools/) and its name. */
const packages = new Map(
  ['apps', 'packages', 'tools'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => `${group}/${name}`)
      .filter((folder) => existsSync(join(root, folder, 'package.json')))
      .map((folder): [string, string] => [
        folder,
        JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name,
      ]),
  ),
);

const cwd = realpathSync(process.cwd());
/** The package folder the run starts in (or below), if any. */
const current = [...packages.keys()].find((folder) => {
  const dir = join(root, folder);
  return cwd === dir || cwd.startsWith(dir + sep);
});
const selected = current === undefined ? [...packages.keys()] : [current];

export default defineConfig({
  test: {
    // One temporary folder per run, removed at its end: tests leave nothing in the system's.
    globalSetup: [join(root, 'scripts/vitest-tmpdir.ts')],
    // Reporters belong to the whole run, not to a project: the JSON report goes to the package's
    // test-results/ (scripts/test.mjs sums them), or the root's for a run of every project.
    reporters: [
      'default',
      ['json', { outputFile: join(root, current ?? '', 'test-results', 'vitest.json') }],
    ],
    projects: selected.map(
      (folder): TestProjectInlineConfiguration => ({
        root: join(root, folder),
        test: {
          name: packages.get(folder),
          include: TS_TESTS,
          testTimeout: HANG_MS,
          hookTimeout: HANG_MS,
          // A package's test files share their worker's modules: each file importing the SDK, the
          // sandbox and the contracts afresh cost more than its tests (the sandbox's suite took
          // 142 s alone, 63 s sharing them). So a test file leaves no global state behind (servers
          // stopped, environment restored) and mocks nothing at module level.
          isolate: false,
          // For waits inside a test that take a limit (inject('hangMs')).
          provide: { hangMs: HANG_MS },
          ...overrides[folder],
        },
      }),
    ),
  },
});
