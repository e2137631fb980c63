// REST latency, one request at a time: every server is asked the same GET by the same client (the
// harness's load generator, wrk when installed, in a process of its own, on one kept-alive
// connection) for a while, after a warm-up that is not counted. Rounds alternate the servers (each
// round starts with the next one); a pair's ratios are the medians of its per-round p99 and p50
// ratios.
import { load, median, pickLoader } from '@starspec/bench';

/** One request at a time: latency, not throughput. */
const CONNECTIONS = 1;
/** A moment for the server measured before to settle. */
const SETTLE_MS = 200;

const kilobytes = (bytes) => `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('en-US')} kB`;

/** Asks once; the answer must be a 2xx. Resolves with its size in bytes. */
async function answerSize(server, path) {
  const response = await fetch(server.url + path);
  const body = await response.arrayBuffer();
  if (response.status < 200 || response.status > 299)
    throw new Error(
      `${server.label} answered GET ${path} with ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`,
    );
  return body.byteLength;
}

/**
 * `servers`: `{ name, label, url }`; `operations`: `{ id, title, path }`; `pairs`:
 * `[subject, baseline, goal?]` names, the goal `{ atMost }`, the p50 and p99 ratios not to exceed. Resolves
 * with one `latency` row per operation and pair, each side named with the size of its answer.
 */
export async function compareLatency({ servers, operations, pairs, options }) {
  const loader = pickLoader();
  const measure = async (server, operation, durationMs) => {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const result = await load(loader, {
      url: server.url,
      requests: [{ method: 'GET', path: operation.path, headers: {} }],
      connections: CONNECTIONS,
      threads: 1,
      durationMs,
    });
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(`${server.label}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
    return result;
  };

  const sizes = new Map();
  for (const operation of operations) {
    for (const server of servers) {
      sizes.set(`${operation.id} ${server.name}`, await answerSize(server, operation.path));
      await measure(server, operation, options.warmupMs);
    }
  }
  const results = new Map(operations.flatMap((op) => servers.map((s) => [`${op.id} ${s.name}`, []])));
  for (let round = 0; round < options.rounds; round++) {
    for (const operation of operations) {
      for (let k = 0; k < servers.length; k++) {
        const server = servers[(round + k) % servers.length];
        const result = await measure(server, operation, options.durationMs);
        results.get(`${operation.id} ${server.name}`).push(result);
        console.error(
          `  ${operation.id} round ${round + 1}: ${server.name.padEnd(12)} ` +
            `p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms (${result.requests} requests)`,
        );
      }
    }
  }

  const byName = new Map(servers.map((s) => [s.name, s]));
  const side = (operation, name) => {
    const rounds = results.get(`${operation.id} ${name}`);
    return {
      name: `${byName.get(name).label} (${kilobytes(sizes.get(`${operation.id} ${name}`))})`,
      p50Ms: Number(median(rounds.map((r) => r.p50Ms)).toFixed(2)),
      p99Ms: Number(median(rounds.map((r) => r.p99Ms)).toFixed(2)),
    };
  };
  const threads = loader.kind === 'wrk' ? '1 thread' : '1 process';
  return operations.flatMap((operation) =>
    pairs.map(([subject, baseline, goal]) => {
      const a = results.get(`${operation.id} ${subject}`);
      const b = results.get(`${operation.id} ${baseline}`);
      const ratios = a.map((r, i) => r.p99Ms / b[i].p99Ms);
      const p50Ratios = a.map((r, i) => r.p50Ms / b[i].p50Ms);
      return {
        kind: 'latency',
        id: `${operation.id}:${subject}/${baseline}`,
        title: operation.title,
        subject: side(operation, subject),
        baseline: side(operation, baseline),
        ratio: Number(median(ratios).toFixed(3)),
        p50Ratio: Number(median(p50Ratios).toFixed(3)),
        rounds: ratios.map((r) => Number(r.toFixed(3))),
        ...(goal === undefined ? {} : { goal }),
        loader: `${loader.kind} ${loader.version}, ${threads}, ${CONNECTIONS} connection`,
      };
    }),
  );
}
