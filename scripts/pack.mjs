#!/usr/bin/env node
// `npm run pack [-- --out DIR] [--no-build]`: builds the workspace, then packs every published package
// with plain `npm pack` into one folder (default `packs/`), in publish order. Install them into any
// npm project with `npm install <DIR>/*.tgz`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishedPackages } from './published.mjs';
import { BUILD, ensureInstalled, pnpm, root, turboEnv } from './toolchain.mjs';

const USAGE = `Usage: npm run pack [-- --out DIR] [--no-build]

Packs every published starspec package into DIR (default: packs/), in publish order.
  --out DIR     where the tarballs go (emptied of older starspec tarballs first)
  --no-build    pack what dist/ holds now instead of building first
  --help        this text`;

let options;
try {
  options = parseArgs({
    options: {
      out: { type: 'string', default: 'packs' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`starspec pack: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const out = resolve(process.cwd(), options.out);
if (!options['no-build']) {
  ensureInstalled();
  const code = pnpm(BUILD, { env: turboEnv() });
  if (code !== 0) process.exit(code);
}
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) {
  if (/^starspec-.*\.tgz$/.test(file)) rmSync(resolve(out, file));
}
/** A path as the user would type it: relative below the current folder, else absolute. */
const shown = (path) =>
  relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const pkg of publishedPackages(root)) {
  const result = spawnSync(npm, ['pack', '--pack-destination', out, '--loglevel=error'], {
    cwd: pkg.dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`starspec pack: npm pack failed in ${relative(root, pkg.dir)}`);
    process.exit(1);
  }
  console.log(`${pkg.name}@${pkg.version}  ${shown(resolve(out, result.stdout.trim().split('\n').pop()))}`);
}
console.log(`\nInstall them into an npm project with: npm install ${shown(out)}/*.tgz`);
