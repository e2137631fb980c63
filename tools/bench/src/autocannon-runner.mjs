#!/usr/bin/env node
// Runs autocannon in this process (the one the harness spawned for it) and prints one `@@{json}`
// line in the same shape as the wrk script's summary.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

if (process.argv[2] === '--version') {
  const { version } = createRequire(import.meta.url)('autocannon/package.json');
  console.log(JSON.stringify({ version }));
  process.exit(0);
}
const { url, requests, connections, durationMs } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const result = await autocannon({
  url,
  connections,
  duration: durationMs / 1000,
  requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
});
const summary = {
  requests: result.requests.total,
  durationUs: Math.round(result.duration * 1e6),
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  p50Us: Math.round(result.latency.p50 * 1000),
  p99Us: Math.round(result.latency.p99 * 1000),
};
console.log(`@@${JSON.stringify(summary)}`);
