// Child process of the benchmark: asks getTransaction for the given hashes in turn, one call at
// a time, until the parent says stop; then sends back every call's latency in milliseconds.
import { rpcCall } from './drivers.mjs';

process.once('message', async ({ rpcUrl, hashes }) => {
  let stopping = false;
  process.once('message', () => {
    stopping = true;
  });
  const latencies = [];
  for (let i = 0; !stopping; i++) {
    const started = performance.now();
    const result = await rpcCall(rpcUrl, 'getTransaction', { hash: hashes[i % hashes.length] });
    latencies.push(performance.now() - started);
    if (result.status !== 'SUCCESS') throw new Error(`getTransaction answered ${result.status}`);
  }
  process.send({ latencies }, () => process.disconnect());
});
