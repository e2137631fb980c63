#!/usr/bin/env node
// `npm run bench`: builds, runs the `bench` script of every package that has one, one after the
// other (never two at once: they would share the CPU), then rewrites the README's table from
// bench-results.json. Arguments
// (`--quick`, `--rounds 15`, …) go to every bench; `--quick` writes nothing.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BUILD, pnpm, root } from './toolchain.mjs';

const args = process.argv.slice(2);
const steps = [BUILD, ['--recursive', '--workspace-concurrency=1', 'bench', ...args]];
for (const step of steps) {
  const code = pnpm(step);
  if (code !== 0) process.exit(code);
}
if (!args.includes('--quick')) {
  const report = spawnSync(process.execPath, [join(root, 'scripts', 'bench-report.mjs')], {
    stdio: 'inherit',
  });
  process.exit(report.status ?? 1);
}
