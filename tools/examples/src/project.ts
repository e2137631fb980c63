// A fresh npm project with the packed packages installed, as a user would have it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PUBLISHED = [
  'runtime',
  'callbacks',
  'ledger-api',
  'ledger-rpc',
  'conformance',
  'specs',
  'ledger-index',
  'sandbox',
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Packs every published package of the workspace (`pnpm pack` turns workspace:* into versions). */
export function packAll(root: string, into: string): string[] {
  mkdirSync(into, { recursive: true });
  for (const name of PUBLISHED) {
    const dir = join(root, 'packages', name);
    execFileSync(
      process.execPath,
      [join(root, 'scripts', 'pnpm.mjs'), '--dir', dir, 'pack', '--pack-destination', into],
      {
        stdio: 'ignore',
      },
    );
  }
  return readdirSync(into)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(into, f));
}

/**
 * Creates a project in `dir` that depends on the tarballs (and on TypeScript with Node's types)
 * and installs it with npm. Overrides pin the packages' dependencies on each other to the same
 * tarballs, so nothing of ours comes from the registry.
 */
export function createProject(dir: string, tarballs: string[], devDependencies: Record<string, string>) {
  mkdirSync(dir, { recursive: true });
  const dependencies = Object.fromEntries(
    tarballs.map((tarball) => {
      const name = /([^/]+)-\d+\.\d+\.\d+\.tgz$/.exec(tarball)?.[1] ?? '';
      return [`@${name.replace(/^starspec-/, 'starspec/')}`, `file:${tarball}`];
    }),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'examples-user',
        private: true,
        type: 'module',
        dependencies,
        devDependencies,
        overrides: dependencies,
      },
      null,
      2,
    ),
  );
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
