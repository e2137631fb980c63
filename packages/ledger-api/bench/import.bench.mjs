#!/usr/bin/env node
// Import time of the package, as a whole process: `node` importing `@starspec/ledger-api` (its
// main entry) and exiting, against `node` exiting at once, in the same run. Each is started
// alternately 15 times (after one warm-up each); the medians of the wall times are reported.
// Run after `npm run build`: `node packages/ledger-api/bench/import.bench.mjs` (add --json for machine output).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const json = process.argv.includes('--json');
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const RUNS = 15;

const commands = {
  import: ['--input-type=module', '-e', `await import(${JSON.stringify(entry)});`],
  baseline: ['-e', '0'],
};

/** Wall milliseconds of one `node` process with these arguments. */
function run(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const times = { import: [], baseline: [] };
for (const args of Object.values(commands)) run(args);
for (let i = 0; i < RUNS; i++)
  for (const [name, args] of Object.entries(commands)) times[name].push(run(args));
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const importMs = median(times.import);
const baselineMs = median(times.baseline);
const result = {
  name: "import '@starspec/ledger-api' (whole process)",
  runs: RUNS,
  subject: { name: 'node importing the main entry', milliseconds: Number(importMs.toFixed(1)) },
  baseline: { name: 'node exiting at once', milliseconds: Number(baselineMs.toFixed(1)) },
  importMilliseconds: Number((importMs - baselineMs).toFixed(1)),
};
if (json) console.log(JSON.stringify(result));
else
  console.log(
    `${result.name}: ${importMs.toFixed(0)} ms vs bare node ${baselineMs.toFixed(0)} ms -> the import itself ${(importMs - baselineMs).toFixed(0)} ms (medians of ${RUNS})`,
  );
