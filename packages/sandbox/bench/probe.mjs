// Child process of the benchmark, started once: on each `{ rpcUrl, hashes }` message it asks
// getTransaction for the hashes in turn, one call at a time, until a 'stop' message, then sends
// back every call's latency in milliseconds. It loads only the HTTP client, so it starts at once.
import { serveProbe } from '@starspec/bench/probe-child';
import { rpcCall } from './rpc-client.mjs';

async function probe(phase, { rpcUrl, hashes }) {
  const latencies = [];
  for (let i = 0; !phase.stopping; i++) {
    const started = performance.now();
    const result = await rpcCall(rpcUrl, 'getTransaction', { hash: hashes[i % hashes.length] });
    latencies.push(performance.now() - started);
    if (result.status !== 'SUCCESS') throw new Error(`getTransaction answered ${result.status}`);
  }
  process.send({ latencies });
}

serveProbe(probe);
