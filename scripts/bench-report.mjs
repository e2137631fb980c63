#!/usr/bin/env node
// Rewrites the performance table of README.md from bench-results.json (written by each package's
// bench), and the table of each package README that has one (its own section only). `--check`
// only compares, and exits 1 when a README is out of date.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeReadmes } from '../tools/bench/src/results.mjs';
import { root } from './toolchain.mjs';

const results = JSON.parse(readFileSync(join(root, 'bench-results.json'), 'utf8'));
const check = process.argv.includes('--check');
const differing = writeReadmes(results, { check }).map((path) => relative(root, path));
if (check) {
  if (differing.length > 0) {
    console.error(
      `${differing.join(', ')}: the performance table differs from bench-results.json; run node scripts/bench-report.mjs`,
    );
    process.exit(1);
  }
  console.log("the READMEs' performance tables match bench-results.json");
} else if (differing.length > 0) {
  console.log(`${differing.join(', ')}: performance table rewritten from bench-results.json`);
} else {
  console.log("the READMEs' performance tables are already up to date");
}
