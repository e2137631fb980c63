// A fresh npm project with the packed packages installed, as a user would have it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedPackages } from '../../../scripts/published.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The published packages' folder names under packages/, in publish order. */
export const PUBLISHED = publishedPackages(root).map((pkg) => basename(pkg.dir));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Packs every published package with the root's `npm run pack` (plain `npm pack` in each folder). */
export function packAll(into: string): string[] {
  execFileSync(process.execPath, [join(root, 'scripts', 'pack.mjs'), '--out', into, '--no-build'], {
    stdio: 'ignore',
  });
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
