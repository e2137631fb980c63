// Every TypeScript example of the READMEs and guides, type-checked as a user meets it: the
// packed packages installed from their tarballs into a fresh npm project, tsc --strict. The ones
// marked ```ts run are then run against the local stack.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectExamples, type Example, exampleFileName } from '../src/collect.js';
import { createProject, PUBLISHED } from '../src/project.js';
import { type Stack, startStack } from '../src/stack.js';

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

let diagnostics = new Map<string, string[]>();
let project = '';
let stack: Stack | undefined;

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'starspec-examples-'));
  project = join(work, 'project');
  createProject(project, inject('tarballs'), {
    typescript: '5.9.3',
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
  let output = '';
  try {
    execFileSync(
      process.execPath,
      [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project],
      {
        cwd: project,
        encoding: 'utf8',
      },
    );
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  diagnostics = new Map();
  for (const line of output.split('\n')) {
    const file =
      /^(?:src\/)?([^(\s]+\.ts)\(/.exec(line)?.[1] ??
      (line.startsWith('node_modules') ? 'node_modules' : undefined);
    if (!file) continue;
    diagnostics.set(file, [...(diagnostics.get(file) ?? []), line]);
  }
  // Started after the synchronous work above, which would keep the stack from reporting ready.
  stack = await startStack(project);
});

afterAll(() => stack?.stop());

describe('README and guide examples', () => {
  it('finds examples to check', () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it('type-checks the packages themselves as installed (declarations included)', () => {
    expect(diagnostics.get('node_modules') ?? []).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.file}:${example.line}`, example] as const))(
    '%s compiles with tsc --strict',
    (_where, example) => {
      expect(diagnostics.get(exampleFileName(example)) ?? []).toEqual([]);
    },
  );

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
