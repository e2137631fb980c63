#!/usr/bin/env node
// Rewrites the performance table of README.md from bench-results.json (written by each package's
// bench). `--check` only compares, and exits 1 when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceBlock } from '../tools/bench/src/report.mjs';
import { root } from './toolchain.mjs';

const readmePath = join(root, 'README.md');
const results = JSON.parse(readFileSync(join(root, 'bench-results.json'), 'utf8'));
const readme = readFileSync(readmePath, 'utf8');
const updated = replaceBlock(readme, results);
if (process.argv.includes('--check')) {
  if (updated !== readme) {
    console.error(
      'README.md: the performance table differs from bench-results.json; run node scripts/bench-report.mjs',
    );
    process.exit(1);
  }
  console.log('README.md: the performance table matches bench-results.json');
} else if (updated !== readme) {
  writeFileSync(readmePath, updated);
  console.log('README.md: performance table rewritten from bench-results.json');
} else {
  console.log('README.md: performance table already up to date');
}
