#!/usr/bin/env node
// `node scripts/with-node24.mjs <command...>`: runs a command with Node 24 first on PATH.
// Node 24 comes from the npm package `node@24`, installed once into .tools/node24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { root } from './toolchain.mjs';

const prefix = join(root, '.tools', 'node24');
const bin = join(prefix, 'node_modules', '.bin');
if (!existsSync(join(bin, 'node'))) {
  console.log('starspec: installing Node 24 (npm package node@24) into .tools/node24');
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', 'node@24'],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-node24.mjs <command> [args...]');
  process.exit(2);
}
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
const version = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`starspec: running "${[command, ...args].join(' ')}" on Node ${version}`);
const result = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
