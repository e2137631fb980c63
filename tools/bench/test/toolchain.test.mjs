// scripts/toolchain.mjs runs the pinned pnpm from .tools (installed there once, by npm), never
// through npx: with an npx and an npm on PATH that fail, every kind of call still works.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as toolchainModule from '../../../scripts/toolchain.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const fakeBin = mkdtempSync(join(tmpdir(), 'starspec-no-npx-'));
for (const name of ['npx', 'npm']) {
  writeFileSync(join(fakeBin, name), `#!/bin/sh\necho "${name} was called" >&2\nexit 97\n`);
  chmodSync(join(fakeBin, name), 0o755);
}
// Installed with the real npm first, as any top-level command does on first use.
beforeAll(() => toolchainModule.locatePnpm());
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

/** Runs `pnpmOutput(args)` of the toolchain in a fresh process with the failing npx and npm first on PATH. */
function viaToolchain(args) {
  const toolchain = new URL('../../../scripts/toolchain.mjs', import.meta.url).href;
  const code = `const { pnpmOutput } = await import(${JSON.stringify(toolchain)});
process.stdout.write(pnpmOutput(${JSON.stringify(args)}));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${fakeBin}${delimiter}${process.env.PATH}` },
  }).trim();
}

describe('the pinned pnpm', () => {
  it.each([
    ['pnpm itself', ['--version'], pinned],
    ['a root tool through exec (run directly)', ['exec', 'turbo', '--version'], /^\d+\.\d+\.\d+$/],
    [
      'a command that sees the pinned pnpm first on PATH',
      [
        'exec',
        'node',
        '-e',
        'console.log(require("node:child_process").execSync("pnpm --version").toString())',
      ],
      pinned,
    ],
  ])('runs %s without npx or npm', (_name, args, want) => {
    const output = viaToolchain(args);
    if (want instanceof RegExp) expect(output).toMatch(want);
    else expect(output).toBe(want);
  });
});

// `npm start` builds with BUILD: on a fresh clone that is a minute or more, so each package says
// when it is built (and a failing one still shows its errors: turbo's errors-only).
describe('the build step of npm start', () => {
  it('prints one line per package as it is built', () => {
    const { BUILD } = toolchainModule;
    const output = viaToolchain([...BUILD, '--filter=@starspec/runtime']);
    expect(BUILD).toContain('--output-logs=errors-only');
    expect(output).toMatch(/^@starspec\/runtime:build: cache (hit|miss)/m);
  });
});
