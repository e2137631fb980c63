// Server comparisons: every server in its own process, the load generator in another, rounds that
// alternate the servers, and per-round ratios to the baseline reduced to their median.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu.mjs';
import { load, pickLoader } from './load.mjs';
import { median } from './stats.mjs';

const serveScript = fileURLToPath(new URL('./serve.mjs', import.meta.url));
const SETTLE_MS = 500;

function startServer(modulePath, name) {
  return new Promise((resolve, reject) => {
    const child = fork(serveScript, [modulePath, name], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`server '${name}' exited with code ${code} before listening`)),
    );
    child.once('message', ({ url, pid }) => {
      child.removeAllListeners('exit');
      resolve({
        url,
        pid,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.disconnect();
          }),
      });
    });
  });
}

/** Every request once against a server: it must answer each with a 2xx, or the benchmark would measure errors. */
async function checkAnswers(name, url, requests) {
  for (const r of requests) {
    const response = await fetch(url + r.path, { method: r.method, headers: r.headers, body: r.body });
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      throw new Error(
        `${name} answered ${r.method} ${r.path} with ${response.status}: ${text.slice(0, 300)}`,
      );
  }
}

/**
 * Runs one comparison of the servers `{ name, label }` of a servers module under the same requests.
 * Resolves with one result row per `[subject, baseline, goal?]` pair of names; the goal is the
 * ratio the subject aims to reach.
 */
export async function compareServers({ id, title, modulePath, servers, pairs, requests, options }) {
  const loader = pickLoader();
  const started = [];
  try {
    for (const server of servers) {
      started.push({ ...server, ...(await startServer(modulePath, server.name)), rounds: [] });
    }
    for (const server of started) await checkAnswers(server.name, server.url, requests);
    const measure = async (server, durationMs) => {
      // A moment for the previous server to close its connections and collect its garbage.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const before = cpuSeconds(server.pid);
      const result = await load(loader, {
        url: server.url,
        requests,
        connections: options.connections,
        threads: options.threads,
        durationMs,
      });
      const after = cpuSeconds(server.pid);
      if (result.errors > 0 || result.non2xx > 0)
        throw new Error(
          `${server.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers under load`,
        );
      const cpuUs =
        before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.requests;
      return { ...result, cpuUsPerRequest: cpuUs };
    };
    for (const server of started) await measure(server, options.warmupMs);
    for (let round = 0; round < options.rounds; round++) {
      // Each round starts with the next server, so no server always runs first or last.
      for (let k = 0; k < started.length; k++) {
        const server = started[(round + k) % started.length];
        const result = await measure(server, options.durationMs);
        server.rounds.push(result);
        console.error(
          `  ${id} round ${round + 1}: ${server.name.padEnd(10)} ${result.rps.toFixed(0).padStart(7)} req/s` +
            `  p99 ${result.p99Ms.toFixed(2)} ms` +
            (result.cpuUsPerRequest === undefined ? '' : `  ${result.cpuUsPerRequest.toFixed(1)} µs CPU/req`),
        );
      }
    }
  } finally {
    await Promise.all(started.map((s) => s.stop()));
  }
  const byName = new Map(started.map((s) => [s.name, s]));
  const threads = loader.kind === 'wrk' ? `${options.threads} threads` : '1 process';
  return pairs.map(([subjectName, baselineName, goal]) => {
    const subject = byName.get(subjectName);
    const base = byName.get(baselineName);
    const ratios = subject.rounds.map((r, i) => r.rps / base.rounds[i].rps);
    const cpuRatios = subject.rounds.map((r, i) => base.rounds[i].cpuUsPerRequest / r.cpuUsPerRequest);
    return {
      kind: 'server',
      id: `${id}:${subjectName}/${baselineName}`,
      title,
      requests: requests.length,
      subject: summarize(subject),
      baseline: summarize(base),
      ratio: Number(median(ratios).toFixed(3)),
      cpuRatio: cpuRatios.every(Number.isFinite) ? Number(median(cpuRatios).toFixed(3)) : null,
      rounds: ratios.map((r) => Number(r.toFixed(3))),
      ...(goal === undefined ? {} : { goal }),
      loader: `${loader.kind} ${loader.version}, ${threads}, ${options.connections} connections`,
    };
  });
}

function summarize(server) {
  const cpu = server.rounds.map((r) => r.cpuUsPerRequest);
  return {
    name: server.label,
    rps: Math.round(median(server.rounds.map((r) => r.rps))),
    p99Ms: Number(median(server.rounds.map((r) => r.p99Ms)).toFixed(2)),
    cpuUsPerRequest: cpu.every(Number.isFinite) ? Number(median(cpu).toFixed(1)) : null,
  };
}

const LABELS = {
  starspec: 'generated server',
  bare: 'bare node:http',
  fastify: 'fastify + ajv',
  prism: 'Prism mock',
};
const labelled = (name) => ({ name, label: LABELS[name] });

/**
 * The server comparisons of a contract package: its generated server against bare node:http and
 * fastify with the same validation (goals: 0.9 of the floor's throughput, and at least fastify's),
 * then against Prism answering the same examples (fewer rounds: Prism is slow to start).
 * `modulePath` serves `starspec`, `bare`, `fastify` and `prism` (see `serve.mjs`).
 * @param {{ contract: string, modulePath: string, requests: unknown[], options: Record<string, any> }} args
 */
export async function compareContractServers({ contract, modulePath, requests, options }) {
  const described = `the ${requests.length} operations' example requests in turn`;
  const floor = await compareServers({
    id: 'server',
    title: `${contract} server, ${described}`,
    modulePath,
    servers: ['starspec', 'bare', 'fastify'].map(labelled),
    pairs: [
      ['starspec', 'bare', 0.9],
      ['starspec', 'fastify', 1],
    ],
    requests,
    options,
  });
  const mock = await compareServers({
    id: 'mock',
    title: `${contract} examples, ${described}`,
    modulePath,
    servers: ['starspec', 'prism'].map(labelled),
    pairs: [['starspec', 'prism']],
    requests,
    options: { ...options, rounds: Math.min(options.rounds, 3) },
  });
  return [...floor, ...mock];
}
