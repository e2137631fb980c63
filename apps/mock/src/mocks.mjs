// Mock servers for the contracts. Prism serves each OpenAPI contract's examples and validates
// requests, behind a guard (guard.mjs) that owns the public port; the OpenRPC contract is served
// by rpc-mock.mjs. Each mock runs as a child process; `died` tells when one ends on its own.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadContract } from '@starspec/specs';
import { createGuard } from './guard.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const prismMock = join(dirname(fileURLToPath(import.meta.url)), 'prism-mock.mjs');
const rpcMock = join(dirname(fileURLToPath(import.meta.url)), 'rpc-mock.mjs');

/**
 * Every contract with a mock: its spec, default port, the variable that overrides it, and the
 * shape of its errors. OpenAPI contracts are served by Prism; the OpenRPC contract by
 * `rpc-mock.mjs`, which answers JSON-RPC POSTs at `/` with the contract's examples after checking
 * params against it.
 */
export const MOCKS = [
  {
    name: 'callbacks',
    spec: 'specs/callbacks.openapi.yaml',
    port: 4010,
    env: 'CALLBACKS_PORT',
    errors: 'error-object',
  },
  {
    name: 'ledger-api',
    spec: 'specs/ledger-api.openapi.yaml',
    port: 4011,
    env: 'LEDGER_API_PORT',
    errors: 'problem',
  },
  {
    name: 'ledger-rpc',
    spec: 'specs/ledger-rpc.openrpc.json',
    port: 4012,
    env: 'LEDGER_RPC_PORT',
    kind: 'openrpc',
  },
];

/** How long a child gets to start listening. */
const START_TIMEOUT_MS = 120_000;

/** The port a mock listens on: its environment variable, else the default. */
export function portOf(mock, env = process.env) {
  const value = env[mock.env];
  if (value === undefined || value === '') return mock.port;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${mock.env} must be a port number, got '${value}'`);
  return port;
}

/** Why a mock did not start; for a taken port, the port and the variable that moves the mock. */
function startFailure(mock, port, error) {
  const text = `${error.message}${error.output ? `\n${error.output}` : ''}`;
  return /EADDRINUSE/.test(text)
    ? `port ${port} is already in use (set ${mock.env} to serve the ${mock.name} mock elsewhere)`
    : text;
}

/** A port that is free right now on `host`. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a child; `started` resolves with the first stdout line `ready` accepts (its value), or
 * rejects, with the child's last output, when it exits or takes too long. The output is shown
 * as it comes when `log` is set.
 */
function startChild(args, ready, { log, timeoutMs }) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (shown) => (data) => {
    output = (output + data).slice(-4000);
    if (log) shown.write(data);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  const started = new Promise((resolve, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(Object.assign(new Error(message), { output: output.trim() }));
    };
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs} ms`), timeoutMs);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const value = ready(line);
      if (value === undefined) return;
      clearTimeout(timer);
      resolve(value);
    });
    // 'close' comes after the child's output is all read, so the message has all of it.
    child.once('close', (code, signal) => fail(`exited with ${signal ?? `code ${code}`}`));
  });
  return { child, started };
}

/** The address an rpc-mock.mjs child reports once it listens. */
const rpcListening = (line) => {
  try {
    return JSON.parse(line).listening;
  } catch {
    return undefined;
  }
};

/** Binds `server` on host:port and resolves with the port. */
function bind(server, host, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server.address().port));
  });
}

/** `http://host:port`, with an IPv6 host in brackets. */
const baseUrl = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The JSON-RPC mock: a child that binds the port itself and reports it. */
async function startRpcMock(mock, host, port, options) {
  const args = [rpcMock, '--document', join(root, mock.spec), '--host', host, '--port', String(port)];
  const started = startChild(args, rpcListening, options);
  return { ...started, url: await started.started };
}

/** A Prism mock: the guard takes the public port first (a taken port fails before Prism starts),
 * then Prism starts on a private port behind it. */
async function startPrismMock(mock, host, port, options) {
  const document = await loadContract(mock.name);
  let reachable;
  const upstream = new Promise((resolve) => {
    reachable = resolve;
  });
  const templates = Object.keys(document.paths);
  // Pages of records get links that move and an end, so clients that follow `next` finish.
  const guard = createGuard({ style: mock.errors, templates, upstream, pages: mock.name === 'ledger-api' });
  const publicPort = await bind(guard, host, port);
  const prismPort = await freePort('127.0.0.1');
  const args = [prismMock, '--host', '127.0.0.1', '--port', String(prismPort), join(root, mock.spec)];
  const listening = (line) => (/Prism is listening/.test(line) ? true : undefined);
  const started = startChild(options.log ? [...args, '--log'] : args, listening, options);
  await started.started.catch((error) => {
    guard.close();
    throw error;
  });
  reachable({ host: '127.0.0.1', port: prismPort });
  return { ...started, guard, url: baseUrl(host, publicPort) };
}

/**
 * Starts the mock of one contract and resolves once it answers on its port.
 * Returns its base URL, a `stop()` that ends it, and `died`, a promise that settles with a
 * message if the mock ends without `stop()`.
 */
export async function startMock(
  name,
  { port, host = '127.0.0.1', timeoutMs = START_TIMEOUT_MS, log = false } = {},
) {
  const mock = MOCKS.find((m) => m.name === name);
  if (!mock) throw new Error(`no mock named '${name}' (known: ${MOCKS.map((m) => m.name).join(', ')})`);
  const wanted = port ?? portOf(mock);
  let running;
  try {
    const start = mock.kind === 'openrpc' ? startRpcMock : startPrismMock;
    running = await start(mock, host, wanted, { log, timeoutMs });
  } catch (error) {
    throw new Error(`${name} mock failed to start: ${startFailure(mock, wanted, error)}`);
  }
  const { child, guard, url } = running;
  const closeGuard = () => {
    guard?.close();
    guard?.closeAllConnections();
  };
  let stopping = false;
  const died = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      closeGuard();
      if (!stopping) resolve(`the ${name} mock exited with ${signal ?? `code ${code}`}`);
    });
  });
  return {
    name,
    url,
    spec: mock.spec,
    died,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        closeGuard();
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
