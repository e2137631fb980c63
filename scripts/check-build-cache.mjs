#!/usr/bin/env node
// Asserts that a build right after a build does no work: every build task with a command is a cache hit.
import { pnpmOutput, turboEnv } from './toolchain.mjs';

const dry = pnpmOutput(['exec', 'turbo', 'run', 'build', '--dry=json'], { env: turboEnv() });
const tasks = JSON.parse(dry).tasks.filter((t) => t.command !== '<NONEXISTENT>');
const misses = tasks.filter((t) => t.cache.status !== 'HIT');
for (const t of tasks) console.log(`  ${t.taskId.padEnd(32)} ${t.cache.status}`);
if (misses.length > 0) {
  console.error(`starspec: a second build would redo ${misses.map((t) => t.taskId).join(', ')}`);
  process.exit(1);
}
console.log(`starspec: second build is a full cache hit (${tasks.length} tasks)`);
