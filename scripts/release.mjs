#!/usr/bin/env node
// `npm run release [-- --dry-run]`: publishes every package whose version is not on the registry yet,
// in publish order (scripts/published.mjs), from tarballs made by `npm run pack`. The release workflow
// (.github/workflows/release.yml) runs it after `changeset version` has bumped the versions; it
// publishes with provenance (npm's trusted publishing from CI). `--dry-run` packs and runs
// `npm publish --dry-run` for each package, asks no registry, and publishes nothing.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishedPackages } from './published.mjs';
import { root } from './toolchain.mjs';

const USAGE = `Usage: npm run release [-- --dry-run] [--no-build]

Publishes every starspec package whose version is not on the registry, in publish order.
  --dry-run    pack and check each package (npm publish --dry-run); publish nothing
  --no-build   pack what dist/ holds now
  --from DIR   publish the tarballs \`npm run pack\` left in DIR instead of packing
  --help       this text`;

let options;
try {
  options = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      from: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`starspec release: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args, cwd = root) =>
  spawnSync(npm, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });

const out = options.from ? resolve(options.from) : join(root, '.release');
if (!options.from) {
  const pack = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'pack.mjs'), '--out', out, ...(options['no-build'] ? ['--no-build'] : [])],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (pack.status !== 0) process.exit(pack.status ?? 1);
}

/** Whether the registry already has this version (an E404 means it does not). */
function published(pkg) {
  const view = run(['view', `${pkg.name}@${pkg.version}`, 'version', '--json']);
  if (view.status === 0) return view.stdout.trim() !== '';
  if (/E404/.test(view.stderr)) return false;
  throw new Error(`npm view ${pkg.name}@${pkg.version} failed: ${view.stderr.trim()}`);
}

const dryRun = options['dry-run'];
let failed = false;
for (const pkg of publishedPackages(root)) {
  const tarball = join(out, `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.version}.tgz`);
  if (!dryRun && published(pkg)) {
    console.log(`skip     ${pkg.name}@${pkg.version} (already on the registry)`);
    continue;
  }
  const args = dryRun
    ? ['publish', tarball, '--dry-run', '--offline', '--access', 'public', '--ignore-scripts']
    : ['publish', tarball, '--provenance', '--access', 'public', '--ignore-scripts'];
  const result = run(args);
  if (result.status !== 0) {
    console.error(`failed   ${pkg.name}@${pkg.version}: ${result.stderr.trim()}`);
    failed = true;
    break; // a later package may depend on this one: publish nothing after it
  }
  console.log(`${dryRun ? 'checked ' : 'published'} ${pkg.name}@${pkg.version}`);
}
process.exit(failed ? 1 : 0);
