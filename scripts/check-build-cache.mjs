#!/usr/bin/env node
// Asserts that a build right after a build does no work: every build task with a command is a cache hit.
import { execFileSync } from 'node:child_process';
import { pnpmSpec, root, turboEnv } from './toolchain.mjs';

const dry = execFileSync('npx', ['--yes', pnpmSpec, 'exec', 'turbo', 'run', 'build', '--dry=json'], {
  cwd: root,
  env: turboEnv(),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const tasks = JSON.parse(dry).tasks.filter((t) => t.command !== '<NONEXISTENT>');
const misses = tasks.filter((t) => t.cache.status !== 'HIT');
for (const t of tasks) console.log(`  ${t.taskId.padEnd(32)} ${t.cache.status}`);
if (misses.length > 0) {
  console.error(`starspec: a second build would redo ${misses.map((t) => t.taskId).join(', ')}`);
  process.exit(1);
}
console.log(`starspec: second build is a full cache hit (${tasks.length} tasks)`);
