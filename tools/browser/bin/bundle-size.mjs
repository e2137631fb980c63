#!/usr/bin/env node
// The size of each client entry bundled for browsers (esbuild, minified, ES modules with code
// splitting), before and after gzip: what loads at start, and what loads on demand (the
// validators, when a client checks answers). Prints a table; `--json` prints the report as JSON
// instead, and the report is always written to test-results/bundle-sizes.json.
// Run after `npm run build`: `npm run size` (or `node tools/browser/bin/bundle-size.mjs [--json]`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bundleForBrowser,
  CLIENT_ENTRIES,
  entryFiles,
  resolveEntry,
  VALIDATE_ENTRIES,
} from '../src/index.mjs';

const json = process.argv.includes('--json');
const here = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const sum = (files, key) => files.reduce((total, file) => total + (file[key] ?? 0), 0);

const entries = [];
for (const specifier of [...CLIENT_ENTRIES, ...VALIDATE_ENTRIES]) {
  const file = resolveEntry(specifier);
  const result = await bundleForBrowser({
    entryPoints: [file],
    outdir: join(here, 'test-results', 'bundles'),
    write: false,
  });
  const files = entryFiles(result, file);
  const atStart = files.filter((f) => f.loaded === 'at start');
  entries.push({
    entry: specifier,
    atStart: { bytes: sum(atStart, 'bytes'), gzipBytes: sum(atStart, 'gzipBytes') },
    total: { bytes: sum(files, 'bytes'), gzipBytes: sum(files, 'gzipBytes') },
    files,
  });
}
const report = {
  tool: `esbuild ${require('esbuild/package.json').version}, minified, ES modules with code splitting, gzip level 9`,
  node: process.version,
  entries,
};
mkdirSync(join(here, 'test-results'), { recursive: true });
writeFileSync(join(here, 'test-results', 'bundle-sizes.json'), `${JSON.stringify(report, null, 2)}\n`);

if (json) console.log(JSON.stringify(report));
else {
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log('entry'.padEnd(32), 'at start (gzip)'.padStart(26), 'with validators (gzip)'.padStart(26));
  for (const e of entries) {
    const start = `${kB(e.atStart.bytes)} (${kB(e.atStart.gzipBytes)})`;
    const total = `${kB(e.total.bytes)} (${kB(e.total.gzipBytes)})`;
    console.log(e.entry.padEnd(32), start.padStart(26), total.padStart(26));
  }
  console.log(`\n${report.tool}; report: ${join('test-results', 'bundle-sizes.json')}`);
}
