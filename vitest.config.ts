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

const TS_TESTS = ['test/**/*.test.ts'];
const MJS_TESTS = ['test/**/*.test.mjs'];

// What a package's project sets beyond running test/**/*.test.ts with vitest's defaults.
const overrides: Record<string, ProjectOptions> = {
  'apps/anchor': {
    // The CLI and durability tests start dist/main.js: build it first when src/ is newer.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  'apps/docs': { testTimeout: 120_000, hookTimeout: 120_000 },
  'apps/mock': { include: MJS_TESTS, testTimeout: 60_000, hookTimeout: 180_000 },
  'apps/platform': { testTimeout: 30_000, hookTimeout: 60_000 },
  'packages/callbacks': { testTimeout: 30_000, hookTimeout: 180_000 },
  'packages/conformance': {
    // The CLI tests start dist/bin.js, and the anchor tests the reference anchor's dist/main.js:
    // both are built first when missing or older than their sources.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
  'packages/ledger-api': { testTimeout: 30_000, hookTimeout: 180_000 },
  // Sandbox ledgers are closed in the tests (the effects workload closes twenty in a hook).
  'packages/ledger-index': { testTimeout: 30_000, hookTimeout: 120_000 },
  'packages/ledger-rpc': { testTimeout: 30_000, hookTimeout: 60_000 },
  'packages/runtime': { testTimeout: 60_000 },
  'packages/sandbox': {
    // The CLI tests start dist/cli.js: built first when missing or older than its sources.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  'packages/specs': { testTimeout: 30_000, hookTimeout: 60_000 },
  // The toolchain tests start Node and pnpm processes: slow on a busy machine, never a hang.
  'tools/bench': { include: MJS_TESTS, testTimeout: 120_000 },
  'tools/browser': { testTimeout: 60_000, hookTimeout: 60_000 },
  'tools/codegen': { testTimeout: 60_000 },
  'tools/examples': {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
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
    // Reporters belong to the whole run, not to a project: the JSON report goes to the package's
    // test-results/ (scripts/test.mjs sums them), or the root's for a run of every project.
    reporters: [
      'default',
      ['json', { outputFile: join(root, current ?? '', 'test-results', 'vitest.json') }],
    ],
    projects: selected.map(
      (folder): TestProjectInlineConfiguration => ({
        root: join(root, folder),
        test: { name: packages.get(folder), include: TS_TESTS, ...overrides[folder] },
      }),
    ),
  },
});
