// Child process of the REST-while-ingesting row, started once. On each `{ url, paths, count,
// intervalMs, warmup }` message it GETs the paths in turn (cycled): first `warmup` of them one
// after the other, not counted, then `count` at most on a fixed schedule, one every `intervalMs`
// whether or not the one before has been answered (an open loop, as requests of many wallets
// come: a server that stalls does not slow the requests down, so every request that meets the
// stall counts it), stopping early on a 'stop' message. It then sends back each counted request's
// latency in milliseconds and the answers that were not 2xx. It runs apart from the gateway so
// that its clock and schedule do not wait on the gateway's event loop.
import { setTimeout as sleep } from 'node:timers/promises';
import { serveProbe } from '@starspec/bench/probe-child';

async function get(url, path) {
  const started = performance.now();
  const response = await fetch(url + path);
  // The whole body, as a client reads it.
  await response.arrayBuffer();
  const ok = response.status >= 200 && response.status <= 299;
  return { ms: performance.now() - started, failure: ok ? undefined : `${response.status} GET ${path}` };
}

async function probe(phase, { url, paths, count, intervalMs, warmup = 0 }) {
  const failures = [];
  for (let i = 0; i < warmup; i++) {
    const { failure } = await get(url, paths[i % paths.length]);
    if (failure) failures.push(failure);
  }
  const started = performance.now();
  const requests = [];
  for (let i = 0; i < count && !phase.stopping; i++) {
    const wait = started + i * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    if (phase.stopping) break;
    requests.push(get(url, paths[i % paths.length]));
  }
  const answers = await Promise.all(requests);
  for (const { failure } of answers) if (failure) failures.push(failure);
  process.send({ latencies: answers.map((a) => a.ms), failures });
}

serveProbe(probe);
