// The guides are read by people outside this repository: every command in them must work in their
// own project. Packages they install are published ones, `npx` runs a command one of those packages
// has, and a command that needs this repository (`npm start`, `node apps/...`) sits in a block that
// starts with `# From a clone of this repository`. The site also names each mock for what it is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot, dist } from './support/browser.js';

const root = join(appRoot, '..', '..');
const guidesDir = join(appRoot, 'src', 'guides');
const guides = readdirSync(guidesDir)
  .filter((f) => f.endsWith('.md'))
  .map((file) => ({ file, text: readFileSync(join(guidesDir, file), 'utf8') }));
const FROM_CLONE = '# From a clone of this repository';

type Manifest = { name: string; private?: boolean; bin?: string | Record<string, string> };
const workspace: Manifest[] = ['packages', 'apps', 'tools'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((dir) => join(root, group, dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest),
);

/** A package's manifest: one of the workspace, else one installed for any of its packages. */
function manifest(name: string): Manifest | undefined {
  const own = workspace.find((m) => m.name === name);
  if (own) return own;
  for (const group of ['packages', 'apps', 'tools'])
    for (const dir of readdirSync(join(root, group))) {
      // Read from the folder, not through `require`: a package's `exports` may not expose its manifest.
      const file = join(root, group, dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    }
  return undefined;
}

const bins = (m: Manifest) =>
  typeof m.bin === 'string' ? [m.name.replace(/^@[^/]+\//, '')] : Object.keys(m.bin ?? {});

/** Each shell block's commands: continuation lines joined, comments and blank lines dropped. */
function shellBlocks(text: string) {
  const blocks = [...text.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
  return blocks.map((body) => ({
    fromClone: body.startsWith(`${FROM_CLONE}\n`),
    commands: body
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.replace(/(^|\s+)#\s.*$/, '').trim())
      .filter(Boolean),
  }));
}

/** The packages an `npm i` / `npm install` command installs. */
const installed = (command: string) =>
  /^npm (?:i|install)\s/.test(command)
    ? command
        .split(/\s+/)
        .slice(2)
        .filter((word) => !word.startsWith('-'))
        .map((word) => word.replace(/(.)@[^/]*$/, '$1'))
    : [];

describe.each(guides)('the guide $file, for a reader outside this repository', ({ text }) => {
  const blocks = shellBlocks(text);
  const packages = blocks.flatMap((b) => b.commands.flatMap(installed));

  it('never depends on the workspace', () => {
    expect(text).not.toMatch(/workspace:/);
  });

  it('installs only published packages that exist', () => {
    for (const name of packages) {
      const found = manifest(name);
      expect(found, `${name} is not a package`).toBeDefined();
      if (name.startsWith('@starspec/')) expect(found?.private, `${name} is private`).not.toBe(true);
    }
  });

  it('runs with npx only commands of the packages it installs', () => {
    const offered = packages.flatMap((name) => {
      const found = manifest(name);
      return found ? bins(found) : [];
    });
    for (const command of blocks.flatMap((b) => b.commands).filter((c) => c.startsWith('npx '))) {
      const bin = command.split(/\s+/)[1] ?? '';
      expect(offered, command).toContain(bin);
    }
  });

  it('runs repository files and scripts only in blocks marked as from a clone', () => {
    for (const block of blocks.filter((b) => !b.fromClone)) {
      for (const command of block.commands) {
        expect(command).not.toMatch(/^(node|pnpm|npm (start|run|test)\b|\.\/)/);
        expect(command).not.toMatch(/\b(packages|apps|tools|scripts)\/[\w-]+\//);
      }
    }
  });
});

describe('how the site names the mocks', () => {
  const pages = readdirSync(dist).filter((f) => f.endsWith('.html'));

  it('has pages to read', () => {
    expect(pages).toContain('guides.html');
  });

  it.each(pages)('%s never calls the JSON-RPC mock an OpenRPC tool', (file) => {
    expect(readFileSync(join(dist, file), 'utf8')).not.toMatch(/OpenRPC mock/i);
  });

  it('says what the JSON-RPC mock is built on', () => {
    const mocks = guides.find((g) => g.file === 'mocks.md')?.text ?? '';
    expect(mocks).toMatch(
      /JSON-RPC contract is served\s+by an example-driven server built on this project's own runtime/,
    );
  });
});
