#!/usr/bin/env node
// What a browser application loads, bundled by esbuild (minified, ES modules with code
// splitting), before and after gzip. For each client: an application that imports only
// `createClient`, what loads at start (a client that checks nothing) and with the validators
// (loaded on demand, when a client checks answers), and the one bundle a build without code
// splitting makes (it holds the validators). For each validator entry: the whole entry. Prints a
// table; `--json` prints the report as JSON instead, and the report is always written to
// test-results/bundle-sizes.json.
// Run after `npm run build`: `npm run size` (or `node tools/browser/bin/bundle-size.mjs [--json]`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bundleForBrowser,
  bundleImport,
  CLIENT_ENTRIES,
  entryFiles,
  resolveEntry,
  VALIDATE_ENTRIES,
} from '../src/index.mjs';

const json = process.argv.includes('--json');
const here = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const sum = (files, key) => files.reduce((total, file) => total + (file[key] ?? 0), 0);

const outdir = join(here, 'test-results', 'bundles');
const sizes = (files) => ({ bytes: sum(files, 'bytes'), gzipBytes: sum(files, 'gzipBytes') });
const measured = (entry, files, extra = {}) => ({
  entry,
  atStart: sizes(files.filter((f) => f.loaded === 'at start')),
  total: sizes(files),
  ...extra,
  files,
});

const entries = [];
for (const specifier of CLIENT_ENTRIES) {
  const app = { specifier, names: ['createClient'], outdir };
  const { files } = await bundleImport(app);
  const oneBundle = await bundleImport({ ...app, splitting: false });
  entries.push(
    measured(`createClient from ${specifier}`, files, { withoutSplitting: sizes(oneBundle.files) }),
  );
}
for (const specifier of VALIDATE_ENTRIES) {
  const file = resolveEntry(specifier);
  const result = await bundleForBrowser({ entryPoints: [file], outdir, write: false });
  entries.push(measured(specifier, entryFiles(result, file)));
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
  const size = (s) => (s ? `${kB(s.bytes)} (${kB(s.gzipBytes)})` : '');
  const columns = ['at start (gzip)', 'with validators (gzip)', 'without splitting (gzip)'];
  console.log('application'.padEnd(44), ...columns.map((c) => c.padStart(26)));
  for (const e of entries) {
    const cells = [e.atStart, e.total, e.withoutSplitting].map((s) => size(s).padStart(26));
    console.log(e.entry.padEnd(44), ...cells);
  }
  console.log(`\n${report.tool}; report: ${join('test-results', 'bundle-sizes.json')}`);
}
