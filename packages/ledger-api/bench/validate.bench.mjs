#!/usr/bin/env node
// Benchmark of the generated validators, as a ratio against a baseline measured in the same run:
// validating a 200-record operations page (every operation type the captured responses show) vs
// JSON.parse of the same bytes, alternating in rounds. A ratio below 1 means validation costs less
// than parsing.
// Run after `npm run build`: `pnpm --filter @starspec/ledger-api bench` (add --json for machine output).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validate } from '../dist/index.js';

const json = process.argv.includes('--json');
const fixtures = fileURLToPath(new URL('../test/fixtures/horizon/', import.meta.url));

// 200 real operation records of mixed types, each with its own id and paging token.
const samples = readdirSync(fixtures)
  .filter((f) => f.startsWith('operations_'))
  .map((f) => JSON.parse(readFileSync(fixtures + f, 'utf8')));
const records = Array.from({ length: 200 }, (_, i) => {
  const record = structuredClone(samples[i % samples.length]);
  record.id = record.paging_token = String(225257527003537409n + BigInt(i));
  return record;
});
const page = {
  _links: {
    self: { href: 'https://horizon.example/operations?cursor=&limit=200&order=asc' },
    next: { href: `https://horizon.example/operations?cursor=${records.at(-1).id}&limit=200&order=asc` },
    prev: { href: `https://horizon.example/operations?cursor=${records[0].id}&limit=200&order=desc` },
  },
  _embedded: { records },
};
const bytes = JSON.stringify(page);
const parsed = JSON.parse(bytes);
if (!validate.schema('OperationPage', parsed).ok)
  throw new Error('the benchmark page is not a valid OperationPage');

/** Microseconds per call of `fn` over one batch. */
function time(fn, batch) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1000 / batch;
}

let sink = 0;
const parse = () => {
  sink += JSON.parse(bytes)._embedded.records.length;
};
const check = () => {
  sink += validate.schema('OperationPage', parsed).ok ? 1 : 0;
};
// Warm up, then alternate the two in rounds so that load from elsewhere weighs on both alike;
// the reported ratio is the median of the per-round ratios.
for (let i = 0; i < 100; i++) {
  parse();
  check();
}
const rounds = [];
for (let r = 0; r < 31; r++) {
  const parseUs = time(parse, 50);
  const validateUs = time(check, 50);
  rounds.push({ parseUs, validateUs, ratio: validateUs / parseUs });
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const parseUs = median(rounds.map((r) => r.parseUs));
const validateUs = median(rounds.map((r) => r.validateUs));
const ratio = median(rounds.map((r) => r.ratio));
const result = {
  name: 'validate 200-record operations page',
  bytes: bytes.length,
  baseline: { name: 'JSON.parse of the same bytes', microseconds: Number(parseUs.toFixed(1)) },
  subject: { name: "validate.schema('OperationPage')", microseconds: Number(validateUs.toFixed(1)) },
  ratio: Number(ratio.toFixed(3)),
};
if (json) console.log(JSON.stringify(result));
else
  console.log(
    `${result.name} (${bytes.length} bytes): ${validateUs.toFixed(1)} µs vs JSON.parse ${parseUs.toFixed(1)} µs -> ratio ${ratio.toFixed(2)}`,
  );
if (sink === 0) console.error('unreachable');
