// Every TypeScript example of the READMEs and guides, type-checked as a user meets it: the
// packed packages installed from their tarballs into a fresh npm project, tsc --strict, with
// TypeScript 5.9 and the newest TypeScript. The ones marked ```ts run are then run against the
// local stack. In the same project, the browser entries type-check with no Node types at all, and
// a package whose Node entries need `@types/node` says so in its README.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectExamples, type Example, exampleFileName } from '../src/collect.js';
import { packageEntries, writeEntriesCheck } from '../src/entries.js';
import { createProject, PUBLISHED } from '../src/project.js';
import { type Stack, startStack } from '../src/stack.js';
import {
  diagnosticsByFile,
  NEWEST_TYPESCRIPT,
  runTsc,
  TYPESCRIPTS,
  typescriptDependencies,
} from '../src/typescripts.js';

const run = promisify(execFile);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const documents = [
  join(root, 'README.md'),
  ...PUBLISHED.map((name) => join(root, 'packages', name, 'README.md')),
  ...readdirSync(join(root, 'apps', 'docs', 'src', 'guides')).map((f) =>
    join(root, 'apps', 'docs', 'src', 'guides', f),
  ),
];
const examples: Example[] = documents.flatMap((path) => {
  try {
    return collectExamples(path, root);
  } catch {
    return [];
  }
});

const packages = packageEntries(root);
const browserEntries = packages.flatMap((pkg) => pkg.browser);
const withNodeEntries = packages.filter((pkg) => pkg.node.length > 0);

/** Per TypeScript release: the examples' diagnostics by file (`node_modules` for the packages'). */
const diagnostics = new Map<string, Map<string, string[]>>();
/** Per TypeScript release: the browser entries' check, its diagnostics and the files it read. */
const browserCheck = new Map<string, { errors: string[]; files: string[] }>();
/** The packages whose Node entries do not type-check without `@types/node`, with the first errors. */
const needNodeTypes = new Map<string, string[]>();
let project = '';
let stack: Stack | undefined;

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'starspec-examples-'));
  project = join(work, 'project');
  createProject(project, inject('tarballs'), {
    ...typescriptDependencies(),
    '@types/node': '20.19.43',
    yaml: '2.9.1',
  });
  mkdirSync(join(project, 'src'));
  for (const example of examples) writeFileSync(join(project, 'src', exampleFileName(example)), example.code);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        rootDir: 'src',
        outDir: 'out',
        skipLibCheck: false,
        types: ['node'],
      },
      include: ['src'],
    }),
  );
  // The first release emits what the runnable examples run; the others only check.
  for (const [i, release] of TYPESCRIPTS.entries()) {
    const output = runTsc(project, release, ['-p', project, ...(i === 0 ? [] : ['--noEmit'])]);
    const byExample = new Map<string, string[]>();
    for (const [file, lines] of diagnosticsByFile(output)) {
      const key = file.startsWith('node_modules') ? 'node_modules' : file.replace(/^src\//, '');
      byExample.set(key, [...(byExample.get(key) ?? []), ...lines]);
    }
    diagnostics.set(release.version, byExample);
  }

  mkdirSync(join(project, 'checks'));
  const browserConfig = writeEntriesCheck(project, 'browser', browserEntries);
  for (const release of TYPESCRIPTS) {
    const errors = [...diagnosticsByFile(runTsc(project, release, ['-p', browserConfig])).values()].flat();
    const files = runTsc(project, release, ['-p', browserConfig, '--listFilesOnly']).split('\n');
    browserCheck.set(release.version, { errors, files });
  }
  // The newest release only: the question is which packages need Node's types, not how each compiler says it.
  for (const pkg of withNodeEntries) {
    const config = writeEntriesCheck(project, `node-${pkg.name.replace(/\W/g, '_')}`, pkg.node);
    const errors = [...diagnosticsByFile(runTsc(project, NEWEST_TYPESCRIPT, ['-p', config])).values()].flat();
    if (errors.length > 0) needNodeTypes.set(pkg.name, errors.slice(0, 3));
  }

  // Started after the synchronous work above, which would keep the stack from reporting ready.
  stack = await startStack(project);
});

afterAll(() => stack?.stop());

describe('the declarations of the entries', () => {
  it('finds browser entries to check', () => {
    expect(browserEntries).toContain('@starspec/ledger-api/client');
    expect(browserEntries).toContain('@starspec/runtime/client');
  });

  // A user's browser project has no Node types: the `/client` and `/validate` entries must not
  // name `node:` modules or the NodeJS namespace, nor pull @types/node in by a reference.
  it.each(TYPESCRIPTS.map((release) => release.version))(
    'the browser entries type-check with no Node types (types: [], TypeScript %s)',
    (version) => {
      const check = browserCheck.get(version);
      expect(check?.errors).toEqual([]);
      expect(check?.files.filter((file) => file.includes('@types/node'))).toEqual([]);
      expect(check?.files.some((file) => file.includes('@starspec/ledger-api/dist/client.d.ts'))).toBe(true);
    },
  );

  it.each(withNodeEntries.map((pkg) => [pkg.name, pkg] as const))(
    '%s: its README says @types/node when its Node entries need it',
    (name, pkg) => {
      const errors = needNodeTypes.get(name);
      if (errors === undefined) return;
      expect({ name, errors, says: readFileSync(pkg.readme, 'utf8').includes('@types/node') }).toMatchObject({
        says: true,
      });
    },
  );

  it('finds Node entries that need @types/node (the servers take node:http requests)', () => {
    expect([...needNodeTypes.keys()]).toContain('@starspec/callbacks');
  });
});

describe('README and guide examples', () => {
  it('finds examples to check', () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it.each(TYPESCRIPTS.map((release) => release.version))(
    'type-checks the packages themselves as installed (declarations included) with TypeScript %s',
    (version) => {
      expect(diagnostics.get(version)?.get('node_modules') ?? []).toEqual([]);
    },
  );

  it.each(
    examples.flatMap((example) =>
      TYPESCRIPTS.map((release) => [`${example.file}:${example.line}`, release.version, example] as const),
    ),
  )('%s compiles with tsc --strict (TypeScript %s)', (_where, version, example) => {
    expect(diagnostics.get(version)?.get(exampleFileName(example)) ?? []).toEqual([]);
  });

  const runnable = examples.filter((example) => example.run);
  it('has examples that run', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(3);
  });

  it.each(runnable.map((example) => [`${example.file}:${example.line}`, example] as const))(
    '%s runs against the local stack',
    async (_where, example) => {
      const script = join(project, 'out', exampleFileName(example).replace(/\.ts$/, '.js'));
      const { stdout } = await run(process.execPath, [script], {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', ...stack?.env },
      });
      expect(stdout.length).toBeGreaterThan(0);
    },
  );
});
